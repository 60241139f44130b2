/**
 * Verification of a notarised file (`/verificar/:transactionId`), public: the record (file
 * name, size, SHA-256, date, link) with the gateway's confirmation status, and a drop zone that
 * computes a file's SHA-256 in the browser (crypto.subtle) and says whether it matches.
 */
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useParams } from 'react-router-dom';
import { usePageTitle } from '@/hooks/usePageTitle';
import { formatDate, formatSize, sha256Hex, verifyRecord, type VerifiedRecord } from '../api/notary';
import '../blockchain.css';

const STATUS: Record<VerifiedRecord['status'], string> = {
  confirmado: 'Confirmado na rede',
  pendente: 'Aguardando confirmação',
  desconhecido: 'Não encontrado no gateway',
  indisponivel: 'Gateway indisponível no momento',
};

type Match = { name: string; hash: string; ok: boolean } | 'checking' | null;

export default function VerifyPage() {
  usePageTitle('Verificar registro');
  const { transactionId = '' } = useParams();
  const [record, setRecord] = useState<VerifiedRecord | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [match, setMatch] = useState<Match>(null);
  const [over, setOver] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    void verifyRecord(transactionId).then((res) => {
      if (!live) return;
      if (res.error !== undefined) setError(res.error);
      else setRecord(res);
    });
    return () => {
      live = false;
    };
  }, [transactionId]);

  async function checkFile(file: File | undefined) {
    if (!file || !record) return;
    setMatch('checking');
    const hash = await sha256Hex(file);
    setMatch({ name: file.name, hash, ok: hash === record.sha256 });
  }

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setOver(false);
    void checkFile(e.dataTransfer.files[0]);
  }

  return (
    <div className="container page notary">
      <h1>Verificar registro</h1>
      <p className="muted break">Registro {transactionId}</p>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {!record && !error && <p className="muted">Carregando…</p>}
      {record && (
        <>
          <section className="notary__card" aria-labelledby="registro-title">
            <h2 id="registro-title">Arquivo registrado</h2>
            <dl className="notary__facts">
              <dt>Arquivo</dt>
              <dd data-testid="verificar-nome">{record.nomeArquivo}</dd>
              <dt>Tamanho</dt>
              <dd>
                {formatSize(record.tamanho)} ({record.tamanho.toLocaleString('pt-BR')} bytes)
              </dd>
              <dt>SHA-256</dt>
              <dd data-testid="verificar-sha256">{record.sha256}</dd>
              <dt>Data</dt>
              <dd>{formatDate(record.data)}</dd>
              <dt>Situação</dt>
              <dd data-testid="verificar-status">
                {STATUS[record.status]}
                {record.status === 'confirmado' && record.confirmacoes > 0 ? ` (${record.confirmacoes} confirmações)` : ''}
              </dd>
              <dt>Link</dt>
              <dd>
                <a href={record.link} target="_blank" rel="noreferrer">
                  {record.link}
                </a>
              </dd>
            </dl>
          </section>
          <section className="notary__card" aria-labelledby="conferir-title">
            <h2 id="conferir-title">Conferir um arquivo</h2>
            <div
              className={`notary__drop${over ? ' notary__drop--over' : ''}`}
              data-testid="area-conferir"
              onDragOver={(e) => {
                e.preventDefault();
                setOver(true);
              }}
              onDragLeave={() => setOver(false)}
              onDrop={onDrop}
            >
              <p>Arraste o arquivo para cá ou</p>
              <input
                ref={inputRef}
                type="file"
                className="sr-only"
                aria-label="Arquivo para conferir"
                data-testid="arquivo-conferir"
                onChange={(e) => void checkFile(e.target.files?.[0])}
              />
              <button type="button" className="btn btn--ghost" onClick={() => inputRef.current?.click()}>
                Escolher arquivo
              </button>
              <p className="muted">O arquivo não sai do seu computador: a conferência é feita no navegador.</p>
            </div>
            {match === 'checking' && <p role="status">Calculando…</p>}
            {match && match !== 'checking' && (
              <p
                role="status"
                data-testid="resultado-conferir"
                className={`notary__match ${match.ok ? 'notary__match--ok' : 'notary__match--bad'}`}
              >
                {match.ok
                  ? `O arquivo ${match.name} confere com o registro.`
                  : `O arquivo ${match.name} é diferente do registrado (SHA-256 ${match.hash}).`}
              </p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
