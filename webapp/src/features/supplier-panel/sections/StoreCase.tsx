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
  const [caso, setCaso] = useState<Caso | null>(null);
  const [linhas, setLinhas] = useState<string[]>([]);
  const [valor, setValor] = useState('');
  const [texto, setTexto] = useState('');
  const [proposta, setProposta] = useState('');
  const [erro, setErro] = useState<string | null>(null);

  const load = useCallback(async () => {
    const r = await rpc('pegar_reclamacao', { idpedido });
    if (r.error === undefined) setCaso(r.reclamacao ?? null);
  }, [idpedido]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  async function done(r: { error?: string }) {
    if (r.error !== undefined) {
      setErro(r.error);
      return;
    }
    setErro(null);
    setTexto('');
    setProposta('');
    await load();
    onDone();
  }

  function devolver() {
    const v = parseReais(valor);
    if (linhas.length === 0 && v == null) {
      setErro('Escolha os itens ou o valor a devolver.');
      return;
    }
    const body = linhas.length > 0 ? { idpedido, linhas } : { idpedido, valor: v ?? 0 };
    void rpc('devolver_reclamacao', body).then(done);
  }

  function responder() {
    const p = parseReais(proposta);
    const body = p != null ? { idpedido, texto, proposta: p } : { idpedido, texto };
    void rpc('responder_reclamacao', body).then(done);
  }

  if (!caso) return null;
  const aberta = caso.status !== 'encerrada';
  return (
    <div className="order-block problem-case" role="group" aria-label="Reclamação do cliente">
      <h4>Reclamação: {caso.motivo_texto}</h4>
      <p>
        {caso.status === 'aberta' && `Aberta · ${reais(caso.retido)} retido até a solução`}
        {caso.status === 'mediacao' && 'Com a Feira, que vai decidir'}
        {caso.status === 'encerrada' && `Encerrada · devolvido ${reais(caso.devolvido)}`}
      </p>
      {caso.decisao_motivo && <p>Motivo da decisão: {caso.decisao_motivo}</p>}
      <CaseThread mensagens={caso.mensagens} autores={AUTOR} fotoAlt="Foto do cliente" />
      {aberta && (
        <>
          <fieldset>
            <legend>Devolver ao cliente</legend>
            {caso.linhas.map((l) => (
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
            <textarea value={texto} onChange={(e) => setTexto(e.target.value)} maxLength={2000} />
          </label>
          <label>
            Propor devolver (R$, opcional)
            <input inputMode="decimal" value={proposta} onChange={(e) => setProposta(e.target.value)} />
          </label>
          <button type="button" className="btn btn--ghost" onClick={responder}>
            Enviar resposta
          </button>
        </>
      )}
      {erro && <p role="alert">{erro}</p>}
    </div>
  );
}
