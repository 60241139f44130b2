/**
 * The upload: pick a file → confirm it → a description (at most 500 characters) →
 * 'FINALIZAR' (the file streams to the server, with a progress bar) → success with the link.
 * The checks are wasm-core's (`Você não possui fichas!`, `Arquivo muito grande!`,
 * `Insira uma descrição`); a failed upload returns to the description step with the server's
 * message ('Algum erro ocorreu!', also for a transport failure) and keeps the token.
 */
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStatusDialog } from '@/components/status-dialog';
import { loadCore } from '@/lib/wasm';
import { alertText, formatSize, uploadFile, type Uploaded } from '../api/notary';
import { errorText } from '@/lib/errorText';

const MAX_DESCRIPTION = 500;

type Step = 'pick' | 'confirm' | 'describe' | 'sending' | 'done';

export interface UploadCardProps {
  fichas: number | null;
  onUploaded: () => void;
}

async function check(fichas: number, bytes: number, descricao: string): Promise<string | null> {
  const core = await loadCore();
  try {
    core.blockchain_upload_validate(fichas, bytes, descricao);
    return null;
  } catch (e) {
    return errorText(e);
  }
}

export function UploadCard({ fichas, onUploaded }: UploadCardProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const descId = useId();
  const status = useStatusDialog();
  const [step, setStep] = useState<Step>('pick');
  const [file, setFile] = useState<File | null>(null);
  const [descricao, setDescricao] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<Uploaded | null>(null);

  async function pick(f: File | undefined) {
    if (inputRef.current) inputRef.current.value = '';
    if (!f) return;
    const msg = await check(fichas ?? 0, f.size, 'x');
    if (msg) {
      setError(msg);
      status.error(msg);
      return;
    }
    setError(null);
    setFile(f);
    setStep('confirm');
  }

  async function finish() {
    if (!file) return;
    const msg = await check(fichas ?? 0, file.size, descricao);
    if (msg) {
      setError(msg);
      return;
    }
    setError(null);
    setProgress(0);
    setStep('sending');
    const res = await uploadFile(file, descricao.trim(), setProgress);
    if (res.error !== undefined) {
      const shown = alertText(res);
      setError(shown);
      setStep('describe');
      status.error(shown);
      return;
    }
    setResult(res);
    setStep('done');
    onUploaded();
  }

  function restart() {
    setFile(null);
    setDescricao('');
    setResult(null);
    setError(null);
    setStep('pick');
  }

  return (
    <section className="notary__card" aria-labelledby="registrar-title">
      <h2 id="registrar-title">Registrar arquivo</h2>
      {step === 'pick' && (
        <div className="notary__row">
          <input
            ref={inputRef}
            type="file"
            className="sr-only"
            aria-label="Arquivo para registrar"
            data-testid="arquivo-blockchain"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
          <button type="button" className="btn" onClick={() => inputRef.current?.click()}>
            Selecionar arquivo
          </button>
          <span className="muted">Até 100 MB.</span>
        </div>
      )}
      {step === 'confirm' && file && (
        <>
          <p className="notary__file">
            <strong>{file.name}</strong> ({formatSize(file.size)})
          </p>
          <div className="notary__row">
            <button type="button" className="btn" onClick={() => setStep('describe')}>
              Confirmar arquivo
            </button>
            <button type="button" className="btn btn--ghost" onClick={restart}>
              Trocar arquivo
            </button>
          </div>
        </>
      )}
      {step === 'describe' && file && (
        <>
          <p className="notary__file">
            <strong>{file.name}</strong> ({formatSize(file.size)})
          </p>
          <label className="field" htmlFor={descId}>
            <span className="field__label">Descrição</span>
          </label>
          <textarea
            id={descId}
            className="input"
            rows={4}
            maxLength={MAX_DESCRIPTION}
            value={descricao}
            onChange={(e) => setDescricao(e.target.value)}
          />
          <span className="muted">
            {descricao.length}/{MAX_DESCRIPTION}
          </span>
          <div className="notary__row">
            <button type="button" className="btn" onClick={() => void finish()}>
              FINALIZAR
            </button>
            <button type="button" className="btn btn--ghost" onClick={restart}>
              Cancelar
            </button>
          </div>
        </>
      )}
      {step === 'sending' && (
        <div role="status" aria-live="polite">
          <p>Enviando e registrando… {Math.round(progress * 100)}%</p>
          <progress className="notary__progress" max={1} value={progress} aria-label="Progresso do envio" />
        </div>
      )}
      {step === 'done' && result && (
        <div role="status">
          <p className="form__ok">Arquivo registrado com sucesso!</p>
          <p>
            Link:{' '}
            <a className="notary__link" href={result.link} target="_blank" rel="noreferrer" data-testid="link-registro">
              {result.link}
            </a>
          </p>
          <p>
            <Link to={`/verificar/${result.transactionId}`}>Ver verificação</Link>
          </p>
          <button type="button" className="btn btn--ghost" onClick={restart}>
            Registrar outro arquivo
          </button>
        </div>
      )}
      {error && step !== 'sending' && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
