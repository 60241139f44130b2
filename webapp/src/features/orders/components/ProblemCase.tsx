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
  const [caso, setCaso] = useState<Caso | null>(null);
  const [abrindo, setAbrindo] = useState(false);
  const [motivo, setMotivo] = useState<Motivo>('faltando');
  const [texto, setTexto] = useState('');
  const [fotos, setFotos] = useState<string[]>([]);
  const [erro, setErro] = useState<string | null>(null);
  const photo = usePhotoPick((p) => setFotos((f) => [...f, p.base64].slice(0, 3)));

  const load = useCallback(async () => {
    const r = await pegarReclamacao(idpedido);
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
    await load();
    onChanged();
  }

  if (!caso) {
    if (!podeAbrir) return null;
    if (!abrindo)
      return (
        <button type="button" className="btn btn--ghost" onClick={() => setAbrindo(true)}>
          Tive um problema
        </button>
      );
    return (
      <form
        className="order-block problem-case"
        aria-label="Tive um problema"
        onSubmit={(e) => {
          e.preventDefault();
          void abrirReclamacao(idpedido, motivo, texto, fotos).then(done);
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
          <textarea value={texto} onChange={(e) => setTexto(e.target.value)} maxLength={2000} />
        </label>
        <label>
          Fotos (até 3)
          <input type="file" accept="image/*" disabled={fotos.length >= 3} onChange={(e) => void photo.pick(e.target.files?.[0])} />
        </label>
        {photo.stage && <p>{photo.stage}</p>}
        {fotos.length > 0 && <p>{fotos.length === 1 ? '1 foto' : `${fotos.length} fotos`}</p>}
        {(erro ?? photo.error) && <p role="alert">{erro ?? photo.error}</p>}
        <div className="order-actions">
          <button type="submit" className="btn" disabled={photo.stage != null}>
            Enviar
          </button>
        </div>
      </form>
    );
  }

  const aberta = caso.status !== 'encerrada';
  return (
    <div className="order-block problem-case" role="group" aria-label="Reclamação">
      <p>
        <strong>Reclamação: {caso.motivo_texto}</strong>{' '}
        {caso.status === 'aberta' && '(o valor fica retido até a solução)'}
        {caso.status === 'mediacao' && '(com a Feira, que vai decidir)'}
      </p>
      {caso.resultado && <p data-testid="resultado-reclamacao">{RESULTADO[caso.resultado] ?? caso.resultado}</p>}
      {caso.devolvido > 0 && <p>Devolvido: {reais(caso.devolvido)}</p>}
      {caso.decisao_motivo && <p>Motivo da decisão: {caso.decisao_motivo}</p>}
      <CaseThread mensagens={caso.mensagens} autores={AUTOR} fotoAlt="Foto da reclamação" />
      {aberta && (
        <>
          {caso.proposta != null && caso.status === 'aberta' && (
            <p>
              A loja propõe devolver {reais(caso.proposta)}.{' '}
              <button type="button" className="btn btn--small" onClick={() => void aceitarProposta(idpedido).then(done)}>
                Aceitar proposta
              </button>
            </p>
          )}
          <label>
            Mensagem
            <textarea value={texto} onChange={(e) => setTexto(e.target.value)} maxLength={2000} />
          </label>
          {erro && <p role="alert">{erro}</p>}
          <div className="order-actions">
            <button type="button" className="btn" onClick={() => void responderReclamacao(idpedido, texto).then(done)}>
              Enviar mensagem
            </button>
            {caso.status === 'aberta' && (
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
