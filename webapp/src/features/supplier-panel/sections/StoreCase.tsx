/**
 * The store's side of a buyer's problem case (decisions.md §37), in the order's view in Entregas:
 * the dated thread, an answer (with an amount proposed, optionally), and the refund — the lines
 * ticked (their value as paid) or an amount, at most what is held — made once through Pix; the
 * rest is released to the balance. Shows nothing for an order without a case.
 */
import { useCallback, useEffect, useState } from 'react';
import { CaseThread, type Caso } from '@/components/CaseThread';
import { rpc } from '@/lib/rpc';

const AUTOR: Record<string, string> = { comprador: 'Cliente', loja: 'Você', admin: 'Feira' };

const reais = (v: number) => `R$ ${v.toFixed(2).replace('.', ',')}`;

/** '12,50' or '12.50' in reais; null when not a number. */
function parseReais(t: string): number | null {
  const v = Number(t.trim().replace(/\./g, '').replace(',', '.'));
  return t.trim() && Number.isFinite(v) ? v : null;
}

export function StoreCase({ idpedido, onDone }: { idpedido: string; onDone: () => void }) {
  const [caseData, setCaseData] = useState<Caso | null>(null);
  const [linhas, setLinhas] = useState<string[]>([]);
  const [valor, setValor] = useState('');
  const [text, setText] = useState('');
  const [proposal, setProposal] = useState('');
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  const load = useCallback(async () => {
    const r = await rpc('pegar_reclamacao', { idpedido });
    if (r.error === undefined) setCaseData(r.reclamacao ?? null);
  }, [idpedido]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  async function done(r: { error?: string }) {
    if (r.error !== undefined) {
      setErrorMessage(r.error);
      return;
    }
    setErrorMessage(null);
    setText('');
    setProposal('');
    await load();
    onDone();
  }

  function devolver() {
    const v = parseReais(valor);
    if (linhas.length === 0 && v == null) {
      setErrorMessage('Escolha os itens ou o valor a devolver.');
      return;
    }
    const body = linhas.length > 0 ? { idpedido, linhas } : { idpedido, valor: v ?? 0 };
    void rpc('devolver_reclamacao', body).then(done);
  }

  function reply() {
    const p = parseReais(proposal);
    const body = p != null ? { idpedido, texto: text, proposta: p } : { idpedido, texto: text };
    void rpc('responder_reclamacao', body).then(done);
  }

  if (!caseData) return null;
  const open = caseData.status !== 'encerrada';
  return (
    <div className="order-block problem-case" role="group" aria-label="Reclamação do cliente">
      <h4>Reclamação: {caseData.motivo_texto}</h4>
      <p>
        {caseData.status === 'aberta' && `Aberta · ${reais(caseData.retido)} retido até a solução`}
        {caseData.status === 'mediacao' && 'Com a Feira, que vai decidir'}
        {caseData.status === 'encerrada' && `Encerrada · devolvido ${reais(caseData.devolvido)}`}
      </p>
      {caseData.decisao_motivo && <p>Motivo da decisão: {caseData.decisao_motivo}</p>}
      <CaseThread mensagens={caseData.mensagens} autores={AUTOR} fotoAlt="Foto do cliente" />
      {open && (
        <>
          <fieldset>
            <legend>Devolver ao cliente</legend>
            {caseData.linhas.map((l) => (
              <label key={l.id}>
                <input
                  type="checkbox"
                  checked={linhas.includes(l.id)}
                  onChange={(e) => setLinhas((s) => (e.target.checked ? [...s, l.id] : s.filter((x) => x !== l.id)))}
                />
                {l.quantidade} × {l.titulo} — {reais(l.valor)}
              </label>
            ))}
            <label>
              ou um valor (R$)
              <input inputMode="decimal" value={valor} onChange={(e) => setValor(e.target.value)} />
            </label>
            <button type="button" className="btn" onClick={devolver}>
              Devolver
            </button>
          </fieldset>
          <label>
            Responder
            <textarea value={text} onChange={(e) => setText(e.target.value)} maxLength={2000} />
          </label>
          <label>
            Propor devolver (R$, opcional)
            <input inputMode="decimal" value={proposal} onChange={(e) => setProposal(e.target.value)} />
          </label>
          <button type="button" className="btn btn--ghost" onClick={reply}>
            Enviar resposta
          </button>
        </>
      )}
      {errorMessage && <p role="alert">{errorMessage}</p>}
    </div>
  );
}
