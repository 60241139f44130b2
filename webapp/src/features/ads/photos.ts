/**
 * The photos modal's rules (spec §2 and §5): an ad holds at most 4 photos besides its icon, the
 * '+ Adicionar' tile shows while 3 or fewer are held, and 'Salvar' is enabled only when the set
 * differs from the stored one. Saving removes what was removed and uploads what was added.
 */

/** A photo in the modal: stored (`chave` and URL) or new (base64 and a preview URL). */
export type PhotoItem =
  | { kind: 'stored'; chave: string; url: string }
  | { kind: 'new'; id: string; base64: string; url: string };

/** Photos an ad may hold besides its icon. */
export const MAX_FOTOS = 4;

/** The add tile shows while 3 or fewer photos are held. */
export function canAdd(items: readonly PhotoItem[]): boolean {
  return items.length <= MAX_FOTOS - 1;
}

/** The stored photos of an ad, oldest first, as the modal starts. */
export function storedItems(fotos: Record<string, string> | null | undefined): PhotoItem[] {
  return Object.entries(fotos ?? {}).map(([chave, url]) => ({ kind: 'stored', chave, url }));
}

/** What saving must do: stored photos to remove, new photos to upload. */
export function changes(initial: readonly PhotoItem[], current: readonly PhotoItem[]) {
  const kept = new Set(current.flatMap((p) => (p.kind === 'stored' ? [p.chave] : [])));
  return {
    remover: initial.flatMap((p) => (p.kind === 'stored' && !kept.has(p.chave) ? [p.chave] : [])),
    enviar: current.flatMap((p) => (p.kind === 'new' ? [p] : [])),
  };
}

/** 'Salvar' is enabled only when the set changed. */
export function changed(initial: readonly PhotoItem[], current: readonly PhotoItem[]): boolean {
  const c = changes(initial, current);
  return c.remover.length > 0 || c.enviar.length > 0;
}
