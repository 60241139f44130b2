/**
 * The notarisation actions: balance and history (`pegar_fichas_blockchain`), a token purchase
 * by Pix (`gerarpix_blockchain`), the public record (`verificar_blockchain`), and the streaming
 * upload (`POST /api/blockchain/upload?nome=…&descricao=…` with the raw file as the body), sent
 * with XMLHttpRequest because fetch reports no upload progress.
 */
import { ERRO_COMUNICACAO, ERRO_GENERICO, errorCodeOf, rpc, type Answer, type Result, type RpcError, type RpcResult } from '@/lib/rpc';
import { clearSession, getSession } from '@/lib/session';
import type { components } from '@/types/api.gen';

export const UPLOAD_PATH = '/api/blockchain/upload';

/** A notarised file in the history. */
export type HistoryEntry = Answer<'pegar_fichas_blockchain'>['historico'][number];
/** The tokens' Pix charge. */
export type TokenCharge = Answer<'gerarpix_blockchain'>;
/** What the streaming upload answers: the Arweave transaction and its link. */
export type Uploaded = components['schemas']['Notarised'];
/** The public record of a transaction. */
export type VerifiedRecord = Answer<'verificar_blockchain'>;

export const getTokens = (): Promise<RpcResult<'pegar_fichas_blockchain'>> => rpc('pegar_fichas_blockchain', {});

/** `precoCentavos`: the total wasm-core priced (`tokens_price`); the server prices it again. */
export const buyTokens = (quantidade: number, precoCentavos: number): Promise<RpcResult<'gerarpix_blockchain'>> =>
  rpc('gerarpix_blockchain', { quantidade, preco: (precoCentavos / 100).toFixed(2) });

export const verifyRecord = (transactionId: string): Promise<RpcResult<'verificar_blockchain'>> =>
  rpc('verificar_blockchain', { transactionId });

/**
 * What the page shows for a failed call (spec §8): the server's message (the spec's
 * 'Você não possui fichas!', 'Arquivo muito grande!', 'Insira uma descrição', or 'Algum erro
 * ocorreu!'), but 'Algum erro ocorreu!' for a transport failure (`erro_comunicacao`), whose detail
 * is only logged.
 */
export function alertText(e: RpcError): string {
  if (e.codigo_erro !== 'erro_comunicacao') return e.error;
  console.error('blockchain:', e.error);
  return ERRO_GENERICO;
}

/** The failure an upload's answer carries (its `error` and `codigo_erro`, or what its status implies). */
function uploadFailure(status: number, body: unknown): RpcError {
  const b = (body && typeof body === 'object' ? body : {}) as { error?: unknown; codigo_erro?: unknown };
  return {
    error: typeof b.error === 'string' ? b.error : ERRO_GENERICO,
    codigo_erro: errorCodeOf(b.codigo_erro, status),
  };
}

/** Streams `file` to the upload endpoint; `onProgress` gets 0–1 as bytes leave. Never throws. */
export function uploadFile(file: File, descricao: string, onProgress: (fraction: number) => void): Promise<Result<Uploaded>> {
  return new Promise((resolve) => {
    const token = getSession()?.token;
    const query = new URLSearchParams({ nome: file.name, descricao });
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${UPLOAD_PATH}?${query.toString()}`);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => resolve({ error: ERRO_COMUNICACAO, codigo_erro: 'erro_comunicacao' });
    xhr.onload = () => {
      if (xhr.status === 401 && token && getSession()?.token === token) clearSession();
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      const ok = xhr.status >= 200 && xhr.status < 300 && body !== null && typeof body === 'object';
      resolve(ok ? (body as Uploaded) : uploadFailure(xhr.status, body));
    };
    xhr.send(file);
  });
}

/** The bytes of `file` (FileReader where `Blob.arrayBuffer` is missing: older browsers, jsdom). */
function readAll(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('leitura do arquivo'));
    reader.readAsArrayBuffer(file);
  });
}

/** Lower-case hex SHA-256 of `file`, computed in the browser. */
export async function sha256Hex(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await readAll(file)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** '5,0 MB', '700 KB', '12 bytes'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}

/** A date and time in Brasília time. */
export { formatDateTime as formatDate } from '@/lib/time';
