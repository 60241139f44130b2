/**
 * 'Disputas' (decisions.md §37): the problem cases the buyer sent to the Feira or that went
 * `CASE_ESCALATE_DAYS` without agreement, each with its thread; the admin decides — release,
 * refund all or an amount — with a reason both sides receive (applied once). Below, the buyers
 * with many cases.
 */
import { useCallback, useEffect, useState } from 'react';
import { CaseThread } from '@/components/CaseThread';
import { rpc, type Answer } from '@/lib/rpc';

type Disputas = Answer<'pegar_disputas'>;
type Decisao = 'liberar' | 'devolver_tudo' | 'devolver_valor';

const AUTOR: Record<string, string> = { comprador: 'Cliente', loja: 'Loja', admin: 'Feira' };

const reais = (v: number) => `R$ ${v.toFixed(2).replace('.', ',')}`;

export function DisputesSection() {
  const [data, setData] = useState<Disputas | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const [motivo, setMotivo] = useState<Record<string, string>>({});
  const [valor, setValor] = useState<Record<string, string>>({});

  const load = useCallback(async () => {
    const r = await rpc('pegar_disputas');
    if (r.error === undefined) setData(r);
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  async function decide(idpedido: string, decisao: Decisao) {
    const v = Number((valor[idpedido] ?? '').replace(',', '.'));
    const body =
      decisao === 'devolver_valor'
        ? { idpedido, decisao, motivo: motivo[idpedido] ?? '', valor: v }
        : { idpedido, decisao, motivo: motivo[idpedido] ?? '' };
    const r = await rpc('decidir_disputa', body);
    if (r.error !== undefined) {
      setErrorMessage(r.error);
      return;
    }
    setErrorMessage(null);
    await load();
  }

  if (!data) return <p>Carregando…</p>;
  return (
    <section aria-labelledby="disputas-titulo">
      <h2 id="disputas-titulo">Disputas</h2>
      {errorMessage && <p role="alert">{errorMessage}</p>}
      {data.disputas.length === 0 && <p>Nenhuma disputa aguardando decisão.</p>}
      <ul aria-label="Disputas aguardando decisão">
        {data.disputas.map((c) => (
          <li key={c.idpedido}>
            <p>
              <strong>{c.cliente}</strong> × <strong>{c.loja}</strong> — {c.motivo_texto} · retido {reais(c.retido)}
            </p>
            <CaseThread mensagens={c.mensagens} autores={AUTOR} fotoAlt="Foto da reclamação" />
            <label>
              Motivo da decisão
              <textarea value={motivo[c.idpedido] ?? ''} onChange={(e) => setMotivo({ ...motivo, [c.idpedido]: e.target.value })} />
            </label>
            <label>
              Valor a devolver (R$)
              <input inputMode="decimal" value={valor[c.idpedido] ?? ''} onChange={(e) => setValor({ ...valor, [c.idpedido]: e.target.value })} />
            </label>
            <div className="order-actions">
              <button type="button" className="btn" onClick={() => void decide(c.idpedido, 'liberar')}>
                Liberar para a loja
              </button>
              <button type="button" className="btn" onClick={() => void decide(c.idpedido, 'devolver_tudo')}>
                Devolver tudo
              </button>
              <button type="button" className="btn" onClick={() => void decide(c.idpedido, 'devolver_valor')}>
                Devolver o valor
              </button>
            </div>
          </li>
        ))}
      </ul>
      <h3>Compradores com muitas reclamações</h3>
      <ul aria-label="Compradores com muitas reclamações">
        {data.compradores.map((b) => (
          <li key={b.usuario}>
            {b.nome} ({b.email}): {b.reclamacoes} reclamações, {b.com_devolucao} com devolução
          </li>
        ))}
      </ul>
    </section>
  );
}
