/**
 * The day's page offline (decisions.md §36): the last answer of each date kept in local storage
 * (shown when the network fails), and the 'Entregue' taps made offline queued there and sent
 * when the network returns — each once: an order is queued at most once, leaves the queue when
 * the server confirmed it, and a confirmation the server already has ('Esta entrega não está mais
 * pendente.', 409) counts as sent.
 */

const DIA = 'feira:dia-entrega:';
const FILA = 'feira:dia-entrega:fila';

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or denied: the page still works online.
  }
}

export function saveDay<T>(usuario: string, data: string, day: T): void {
  write(`${DIA}${usuario}:${data}`, day);
}

export function savedDay<T>(usuario: string, data: string): T | null {
  return read<T>(`${DIA}${usuario}:${data}`);
}

/** The orders whose 'Entregue' waits for the network. */
export function queued(usuario: string): string[] {
  return read<string[]>(`${FILA}:${usuario}`) ?? [];
}

export function enqueue(usuario: string, pedido: string): void {
  const q = queued(usuario);
  if (!q.includes(pedido)) write(`${FILA}:${usuario}`, [...q, pedido]);
}

export function dequeue(usuario: string, pedido: string): void {
  write(
    `${FILA}:${usuario}`,
    queued(usuario).filter((p) => p !== pedido),
  );
}

/** The 'voltar ao ponto de partida' choice of the route, kept per store. */
export function backToStart(usuario: string): boolean {
  return read<boolean>(`${DIA}${usuario}:voltar`) ?? true;
}

export function setBackToStart(usuario: string, voltar: boolean): void {
  write(`${DIA}${usuario}:voltar`, voltar);
}
