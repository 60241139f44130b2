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
  const [week, setWeek] = useState<Semana | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [de, setDe] = useState('');
  const [until, setUntil] = useState('');
  const [reading, setReading] = useState(0);
  useEffect(() => {
    void rpc('pegar_assinaturas_loja', {}).then((r) => {
      if (r.error !== undefined) setNotice(r.error);
      else setWeek(r);
    });
  }, [reading]);
  async function ferias() {
    const r = await rpc('ferias_assinaturas', { de, ate: until });
    if (r.error !== undefined) setNotice(r.error);
    else {
      setNotice(`Férias registradas. ${r.avisados} assinante(s) avisado(s) por e-mail.`);
      setReading((n) => n + 1);
    }
  }
  if (!week) return <p>{notice ?? 'Carregando assinaturas...'}</p>;
  return (
    <section data-testid="assinaturas-loja">
      <h2>Assinaturas</h2>
      {notice && <p role="status">{notice}</p>}
      {week.proxima_data ? (
        <p data-testid="resumo-assinaturas">
          Próxima entrega ({week.proxima_data}): <strong>{week.resumo}</strong> · {formatReais(week.total_centavos / 100)}
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
          {week.assinaturas.map((c) => (
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
          Até <input type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
        </label>{' '}
        <button type="button" className="btn btn--small" disabled={!de || !until} onClick={() => void ferias()}>
          Pausar e avisar assinantes
        </button>
        {week.ferias.length > 0 && (
          <p>Férias: {week.ferias.map((f) => `${f.de} a ${f.ate}`).join('; ')}</p>
        )}
      </fieldset>
    </section>
  );
}
