/**
 * The photos modal's rules: the add tile while 3 or fewer photos are held, 'Salvar' only when the
 * set changed, and what saving removes and uploads.
 */
import { describe, expect, it } from 'vitest';
import { canAdd, changed, changes, storedItems, type PhotoItem } from './photos';

const stored = storedItems({ a: '/media/a.jpg', b: '/media/b.jpg', c: '/media/c.jpg' });
const nova: PhotoItem = { kind: 'new', id: 'nova-1', base64: 'AAA', url: 'blob:1' };

describe('photos modal rules', () => {
  it('offers the add tile while 3 or fewer photos are held', () => {
    expect(canAdd([])).toBe(true);
    expect(canAdd(stored)).toBe(true);
    expect(canAdd([...stored, nova])).toBe(false);
  });

  it('enables Salvar only when the set changed', () => {
    expect(changed(stored, stored)).toBe(false);
    expect(changed(stored, [...stored])).toBe(false);
    expect(changed(stored, stored.slice(1))).toBe(true);
    expect(changed(stored, [...stored, nova])).toBe(true);
    expect(changed([], [])).toBe(false);
  });

  it('removes the dropped stored photos and uploads the new ones', () => {
    const c = changes(stored, [stored[2], nova]);
    expect(c.remover).toEqual(['a', 'b']);
    expect(c.enviar).toEqual([nova]);
    // A new photo added then removed again uploads nothing.
    expect(changes(stored, stored)).toEqual({ remover: [], enviar: [] });
  });
});
