/**
 * The buyer's notes to the store: one on the whole order ('deixar na portaria'), typed in the
 * summary, and one per line of a product that accepts one ('sem cebola', `aceitaobs`), typed in
 * the bag. At most 280 characters (counted as the server counts them: code points, so 'ç' or an
 * emoji is one), on one line (no control characters); the server checks the same and answers the
 * same messages.
 *
 * The order's note lives here, in this tab, until the order is placed (the drawer may close and
 * open again meanwhile); a line's note is kept with its bag line (`BagItem.obs`).
 */
import { useSyncExternalStore } from 'react';

/** Longest note, in characters. */
export const MAX_OBSERVACAO = 280;
export const OBSERVACAO_LONGA = 'A observação pode ter no máximo 280 caracteres.';
export const OBSERVACAO_INVALIDA = 'A observação não pode ter quebras de linha nem caracteres de controle.';

/** Characters of `text` as the server counts them (Unicode code points). */
export function countCharacters(text: string): number {
  return [...text].length;
}

// eslint-disable-next-line no-control-regex
const CONTROLE = /[\u0000-\u001f\u007f-\u009f]/u;

/** What is wrong with `text` as a note (after trimming), or null when it may be sent. */
export function noteProblem(text: string): string | null {
  const t = text.trim();
  if (CONTROLE.test(t)) return OBSERVACAO_INVALIDA;
  if (countCharacters(t) > MAX_OBSERVACAO) return OBSERVACAO_LONGA;
  return null;
}

/** 'n/280', what the counter under a note shows. */
export function noteCounter(text: string): string {
  return `${countCharacters(text)}/${MAX_OBSERVACAO}`;
}

/** The note as sent: trimmed, or undefined when empty. */
export function noteToSend(text: string | undefined): string | undefined {
  const t = text?.trim();
  return t ? t : undefined;
}

let observacao = '';
const listeners = new Set<() => void>();

export function getOrderNote(): string {
  return observacao;
}

export function setOrderNote(text: string): void {
  observacao = text;
  listeners.forEach((l) => l());
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** React hook: the order's note and its setter. */
export function useOrderNote(): [string, (text: string) => void] {
  return [useSyncExternalStore(subscribe, getOrderNote, getOrderNote), setOrderNote];
}
