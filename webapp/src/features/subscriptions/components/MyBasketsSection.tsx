/**
 * 'Minhas assinaturas' (decisions.md §35): each basket with its store, frequency, state, its Pix
 * Automático (aguardando autorização with the QR, ativo, cancelado no banco), lines,
 * next delivery and its total (as it would be ordered now), until when it can be changed, and its
 * last cycles; where a delivered basket goes ('Mudar endereço': another address, or the profile's);
 * 'Pular a próxima', 'Pausar até' a date, 'Retomar', 'Cancelar assinatura'. A change
 * before a cut-off applies to that delivery, after it to the next (the server settles first).
 */
import { useEffect, useState } from 'react';
import { AddressFields, EMPTY_ADDRESS, addressComplete, addressPayload, type AddressValue } from '@/components/places/AddressFields';
import { formatReais } from '@/lib/display';
import { alterarAssinatura, minhasAssinaturas, type AcaoCesta, type Cesta, type DetalheCesta } from '../api/assinaturas';

const SITUACAO: Record<string, string> = { ativa: 'Ativa', pausada: 'Pausada', cancelada: 'Cancelada' };
const CICLO: Record<string, string> = {
  pedido: 'Pedido feito',
  pulada: 'Pulada',
  pausada: 'Pausada',
  ferias: 'Loja em férias',
  vazia: 'Sem estoque: nenhum pedido',
  recusada: 'Não gerada',
};

/** The basket's Pix Automático as the buyer reads it, or null for a basket paid in person. */
export function pixAutomaticoTexto(c: Pick<Cesta, 'pix_automatico'>): string | null {
  const p = c.pix_automatico;
  if (!p) return null;
  const status: Record<string, string> = {
    aguardando: 'aguardando autorização no seu banco',
    ativa: 'ativo',
    recusada: 'recusado no banco',
    cancelada: 'cancelado',
    cancelada_banco: 'cancelado no banco',
  };
  return `Pix Automático: ${status[p.situacao] ?? p.situacao} · até ${reais(p.valor_maximo_centavos)} por entrega`;
}

export function reais(centavos: number | null | undefined): string {
  return centavos == null ? '—' : formatReais(centavos / 100);
}

export function MyBasketsSection() {
  const [baskets, setBaskets] = useState<Cesta[] | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  useEffect(() => {
    void minhasAssinaturas().then((r) => {
      if (r.error !== undefined) setErrorMessage(r.error);
      else setBaskets(r.assinaturas);
    });
  }, []);
  async function act(c: Cesta, acao: AcaoCesta, detalhe: DetalheCesta = {}): Promise<boolean> {
    if (acao === 'cancelar' && !window.confirm('Cancelar esta assinatura?')) return false;
    const r = await alterarAssinatura(c.id, acao, detalhe);
    if (r.error !== undefined) {
      setErrorMessage(r.error);
      return false;
    }
    setErrorMessage(null);
    setBaskets((all) => all?.map((x) => (x.id === r.id ? r : x)) ?? null);
    return true;
  }
  if (!baskets) return <p>{errorMessage ?? 'Carregando assinaturas...'}</p>;
  return (
    <section data-testid="minhas-assinaturas">
      <h2>Minhas assinaturas</h2>
      {errorMessage && (
        <p className="form__error" role="alert">
          {errorMessage}
        </p>
      )}
      {baskets.length === 0 && <p>Nenhuma assinatura. Assine a sacola de uma loja ao finalizar a compra.</p>}
      {baskets.map((c) => (
        <BasketCard key={c.id} cesta={c} onAction={(a, detalhe) => act(c, a, detalhe)} />
      ))}
    </section>
  );
}

/** 'Mudar endereço': another address, or back to the profile's. */
function AddressChange({ cesta: c, onSave }: { cesta: Cesta; onSave: (endereco: AddressValue | null) => Promise<boolean> }) {
  const [open, setOpen] = useState(false);
  const [perfil, setPerfil] = useState(!c.endereco);
  const [endereco, setEndereco] = useState<AddressValue>(
    c.endereco
      ? { ...c.endereco, complemento: c.endereco.complemento ?? '', bairro: c.endereco.bairro ?? '', cep: c.endereco.cep ?? '' }
      : EMPTY_ADDRESS,
  );
  const [sending, setSending] = useState(false);
  if (!open) {
    return (
      <button type="button" className="btn btn--small btn--ghost" onClick={() => setOpen(true)} data-testid="mudar-endereco">
        Mudar endereço
      </button>
    );
  }
  return (
    <div role="radiogroup" aria-label="Endereço de entrega da assinatura" data-testid="endereco-assinatura">
      <label>
        <input type="radio" name={`address-${c.id}`} checked={perfil} onChange={() => setPerfil(true)} /> Usar o endereço do meu perfil
      </label>
      <label>
        <input type="radio" name={`address-${c.id}`} checked={!perfil} onChange={() => setPerfil(false)} data-testid="assinatura-outro-endereco" /> Outro
        endereço
      </label>
      {!perfil && <AddressFields value={endereco} onChange={setEndereco} />}
      <button
        type="button"
        className="btn btn--small"
        disabled={sending || (!perfil && !addressComplete(endereco))}
        onClick={() => {
          setSending(true);
          void onSave(perfil ? null : addressPayload(endereco)).then((ok) => {
            setSending(false);
            if (ok) setOpen(false);
          });
        }}
      >
        Salvar endereço
      </button>
      <button type="button" className="btn btn--small btn--ghost" onClick={() => setOpen(false)}>
        Voltar
      </button>
    </div>
  );
}

function BasketCard({ cesta: c, onAction }: { cesta: Cesta; onAction: (a: AcaoCesta, detalhe?: DetalheCesta) => Promise<boolean> }) {
  const [untilDate, setUntilDate] = useState('');
  const ativa = c.situacao !== 'cancelada';
  return (
    <article className="card" data-testid="assinatura" data-id={c.id}>
      <h3>
        {c.nomeforn} · {c.frequencia} · <span data-testid="assinatura-situacao">{SITUACAO[c.situacao] ?? c.situacao}</span>
      </h3>
      <ul>
        {c.itens.map((i) => (
          <li key={`${i.id}-${i.opcao ?? ''}`}>
            {i.quantidade} × {i.titulo}
            {i.opcao ? ` (${i.opcao})` : ''}
          </li>
        ))}
      </ul>
      {ativa && (
        <p data-testid="proxima-entrega">
          Próxima entrega: {c.proxima_entrega_texto ?? '—'} · Total: <strong>{reais(c.total_centavos)}</strong>{' '}
          {c.pagamento === 'pix_automatico' ? '(Pix Automático)' : '(pago na entrega)'}
        </p>
      )}
      {c.pix_automatico && (
        <div data-testid="pix-automatico">
          <p data-testid="pix-automatico-situacao">{pixAutomaticoTexto(c)}</p>
          {c.pix_automatico.pix_code && (
            <>
              <p>Autorize no app do seu banco: escaneie o QR Code ou copie o código.</p>
              {c.pix_automatico.pix_image && (
                <img src={c.pix_automatico.pix_image} alt="QR Code do Pix Automático" width={200} height={200} />
              )}
              <textarea readOnly value={c.pix_automatico.pix_code} aria-label="Pix Copia e Cola do Pix Automático" />
            </>
          )}
        </div>
      )}
      {ativa && c.entrega && (
        <div data-testid="assinatura-endereco">
          <p>Entrega em: {c.endereco_texto ?? 'cadastre um endereço no seu perfil'}</p>
          <AddressChange key={c.endereco_texto ?? ''} cesta={c} onSave={(endereco) => onAction('endereco', { endereco })} />
        </div>
      )}
      {ativa && c.cupom && (
        <p data-testid="assinatura-cupom">
          Cupom {c.cupom}: {c.cupom_todas_entregas ? 'vale para todas as entregas' : 'vale só na primeira entrega'}
        </p>
      )}
      {c.aviso && <p className="form__hint">{c.aviso}</p>}
      {c.pular_data && <p>Entrega de {c.pular_data} pulada.</p>}
      {c.pausada_ate && <p>Pausada até {c.pausada_ate}.</p>}
      {ativa && (
        <div className="form__actions">
          {c.pular_data ? (
            <button type="button" className="btn btn--small" onClick={() => void onAction('desfazer_pulo')}>
              Desfazer pulo
            </button>
          ) : (
            <button type="button" className="btn btn--small" onClick={() => void onAction('pular')}>
              Pular a próxima
            </button>
          )}
          {c.situacao === 'pausada' ? (
            <button type="button" className="btn btn--small" onClick={() => void onAction('retomar')}>
              Retomar
            </button>
          ) : (
            <label>
              Pausar até <input type="date" value={untilDate} onChange={(e) => setUntilDate(e.target.value)} />
              <button type="button" className="btn btn--small" disabled={!untilDate} onClick={() => void onAction('pausar', { ate: untilDate })}>
                Pausar
              </button>
            </label>
          )}
          <button type="button" className="btn btn--small btn--ghost" onClick={() => void onAction('cancelar')}>
            Cancelar assinatura
          </button>
        </div>
      )}
      {c.ciclos.length > 0 && (
        <ul className="form__hint" aria-label="Últimas entregas">
          {c.ciclos.map((k) => (
            <li key={k.data}>
              {k.data}: {CICLO[k.situacao] ?? k.situacao}
              {k.total_centavos != null ? ` · ${reais(k.total_centavos)}` : ''}
              {k.faltaram.length > 0 ? ` · sem ${k.faltaram.join(', ')}` : ''}
              {k.motivo ? ` · ${k.motivo}` : ''}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
