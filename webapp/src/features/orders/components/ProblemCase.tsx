/**
 * 'Tive um problema' on a delivered order (decisions.md §37): the buyer picks a reason, writes
 * what happened and adds up to 3 photos; the money stays held while the case is open. Once
 * opened, the case's dated thread with the store, a reply box, the store's proposal to accept,
 * and 'Pedir ajuda da Feira'; once ended, how it ended.
 */
import { useCallback, useEffect, useState } from 'react';
import { usePhotoPick } from '@/hooks/usePhotoPick';
import { CaseThread, type Caso } from '@/components/CaseThread';
import { abrirReclamacao, aceitarProposta, pedirMediacao, pegarReclamacao, responderReclamacao, type Motivo } from '../api/reclamacao';

const MOTIVOS: [Motivo, string][] = [
  ['nao_recebi', 'Não recebi'],
  ['faltando', 'Veio faltando'],
  ['defeito', 'Produto com defeito ou estragado'],
  ['outro', 'Outro'],
];

const AUTOR: Record<string, string> = { comprador: 'Você', loja: 'Loja', admin: 'Feira' };

const RESULTADO: Record<string, string> = {
  liberado: 'Encerrada: o valor foi liberado para a loja.',
  devolvido_parcial: 'Encerrada: parte do valor foi devolvida a você por Pix.',
  devolvido_total: 'Encerrada: o valor foi devolvido a você por Pix.',
};

const reais = (v: number) => `R$ ${v.toFixed(2).replace('.', ',')}`;

export function ProblemCase({ idpedido, podeAbrir, onChanged }: { idpedido: string; podeAbrir: boolean; onChanged: () => void }) {
  const [caseData, setCaseData] = useState<Caso | null>(null);
  const [opening, setOpening] = useState(false);
  const [motivo, setMotivo] = useState<Motivo>('faltando');
  const [text, setText] = useState('');
  const [fotos, setFotos] = useState<string[]>([]);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);
  const photo = usePhotoPick((p) => setFotos((f) => [...f, p.base64].slice(0, 3)));

  const load = useCallback(async () => {
    const r = await pegarReclamacao(idpedido);
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
    await load();
    onChanged();
  }

  if (!caseData) {
    if (!podeAbrir) return null;
    if (!opening)
      return (
        <button type="button" className="btn btn--ghost" onClick={() => setOpening(true)}>
          Tive um problema
        </button>
      );
    return (
      <form
        className="order-block problem-case"
        aria-label="Tive um problema"
        onSubmit={(e) => {
          e.preventDefault();
          void abrirReclamacao(idpedido, motivo, text, fotos).then(done);
        }}
      >
        <label>
          Motivo
          <select value={motivo} onChange={(e) => setMotivo(e.target.value as Motivo)}>
            {MOTIVOS.map(([v, t]) => (
              <option key={v} value={v}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label>
          O que aconteceu?
          <textarea value={text} onChange={(e) => setText(e.target.value)} maxLength={2000} />
        </label>
        <label>
          Fotos (até 3)
          <input type="file" accept="image/*" disabled={fotos.length >= 3} onChange={(e) => void photo.pick(e.target.files?.[0])} />
        </label>
        {photo.stage && <p>{photo.stage}</p>}
        {fotos.length > 0 && <p>{fotos.length === 1 ? '1 foto' : `${fotos.length} fotos`}</p>}
        {(errorMessage ?? photo.error) && <p role="alert">{errorMessage ?? photo.error}</p>}
        <div className="order-actions">
          <button type="submit" className="btn" disabled={photo.stage != null}>
            Enviar
          </button>
        </div>
      </form>
    );
  }

  const isOpen = caseData.status !== 'encerrada';
  return (
    <div className="order-block problem-case" role="group" aria-label="Reclamação">
      <p>
        <strong>Reclamação: {caseData.motivo_texto}</strong>{' '}
        {caseData.status === 'aberta' && '(o valor fica retido até a solução)'}
        {caseData.status === 'mediacao' && '(com a Feira, que vai decidir)'}
      </p>
      {caseData.resultado && <p data-testid="resultado-reclamacao">{RESULTADO[caseData.resultado] ?? caseData.resultado}</p>}
      {caseData.devolvido > 0 && <p>Devolvido: {reais(caseData.devolvido)}</p>}
      {caseData.decisao_motivo && <p>Motivo da decisão: {caseData.decisao_motivo}</p>}
      <CaseThread mensagens={caseData.mensagens} autores={AUTOR} fotoAlt="Foto da reclamação" />
      {isOpen && (
        <>
          {caseData.proposta != null && caseData.status === 'aberta' && (
            <p>
              A loja propõe devolver {reais(caseData.proposta)}.{' '}
              <button type="button" className="btn btn--small" onClick={() => void aceitarProposta(idpedido).then(done)}>
                Aceitar proposta
              </button>
            </p>
          )}
          <label>
            Mensagem
            <textarea value={text} onChange={(e) => setText(e.target.value)} maxLength={2000} />
          </label>
          {errorMessage && <p role="alert">{errorMessage}</p>}
          <div className="order-actions">
            <button type="button" className="btn" onClick={() => void responderReclamacao(idpedido, text).then(done)}>
              Enviar mensagem
            </button>
            {caseData.status === 'aberta' && (
              <button type="button" className="btn btn--ghost" onClick={() => void pedirMediacao(idpedido).then(done)}>
                Pedir ajuda da Feira
              </button>
            )}
          </div>
        </>
      )}
    </div>
  );
}
