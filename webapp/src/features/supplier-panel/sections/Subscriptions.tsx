/**
 * 'Assinaturas' (decisions.md §35): the store's recurring baskets. For the next delivery date, how
 * many baskets go out and what to harvest ('2 cestas; mandioca descascada 1 kg 3'), with the
 * total; every basket (buyer, frequency, state, lines, next delivery and total); and 'Férias':
 * pause every delivery from one date to another, which tells every subscriber by e-mail.
 */
import { useEffect, useState } from 'react';
import { formatReais } from '@/lib/display';
import { rpc, type Answer } from '@/lib/rpc';
import type { PanelViewProps } from './types';

type Semana = Answer<'pegar_assinaturas_loja'>;
const SITUACAO: Record<string, string> = { ativa: 'Ativa', pausada: 'Pausada', cancelada: 'Cancelada' };

export default function Subscriptions(_props: PanelViewProps) {
  const [semana, setSemana] = useState<Semana | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const [de, setDe] = useState('');
  const [ate, setAte] = useState('');
  const [leitura, setLeitura] = useState(0);
  useEffect(() => {
    void rpc('pegar_assinaturas_loja', {}).then((r) => {
      if (r.error !== undefined) setAviso(r.error);
      else setSemana(r);
    });
  }, [leitura]);
  async function ferias() {
    const r = await rpc('ferias_assinaturas', { de, ate });
    if (r.error !== undefined) setAviso(r.error);
    else {
      setAviso(`Férias registradas. ${r.avisados} assinante(s) avisado(s) por e-mail.`);
      setLeitura((n) => n + 1);
    }
  }
  if (!semana) return <p>{aviso ?? 'Carregando assinaturas...'}</p>;
  return (
    <section data-testid="assinaturas-loja">
      <h2>Assinaturas</h2>
      {aviso && <p role="status">{aviso}</p>}
      {semana.proxima_data ? (
        <p data-testid="resumo-assinaturas">
          Próxima entrega ({semana.proxima_data}): <strong>{semana.resumo}</strong> · {formatReais(semana.total_centavos / 100)}
        </p>
      ) : (
        <p>Nenhuma cesta a entregar.</p>
      )}
      <table className="table">
        <thead>
          <tr>
            <th>Cliente</th>
            <th>Frequência</th>
            <th>Situação</th>
            <th>Itens</th>
            <th>Próxima entrega</th>
            <th>Total</th>
          </tr>
        </thead>
        <tbody>
          {semana.assinaturas.map((c) => (
            <tr key={c.id} data-testid="assinatura-loja">
              <td>{c.cliente_nome}</td>
              <td>{c.frequencia}</td>
              <td>{SITUACAO[c.situacao] ?? c.situacao}</td>
              <td>{c.itens.map((i) => `${i.quantidade} × ${i.titulo}${i.opcao ? ` (${i.opcao})` : ''}`).join('; ')}</td>
              <td>{c.proxima_entrega_texto ?? '—'}</td>
              <td>{c.total_centavos == null ? '—' : formatReais(c.total_centavos / 100)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <fieldset>
        <legend>Férias: pausar todas as entregas</legend>
        <label>
          De <input type="date" value={de} onChange={(e) => setDe(e.target.value)} />
        </label>{' '}
        <label>
          Até <input type="date" value={ate} onChange={(e) => setAte(e.target.value)} />
        </label>{' '}
        <button type="button" className="btn btn--small" disabled={!de || !ate} onClick={() => void ferias()}>
          Pausar e avisar assinantes
        </button>
        {semana.ferias.length > 0 && (
          <p>Férias: {semana.ferias.map((f) => `${f.de} a ${f.ate}`).join('; ')}</p>
        )}
      </fieldset>
    </section>
  );
}
