/**
 * The notices' link to an order: the id read from `?pedido=`, the months a store's history is
 * looked through, and the walk through a paged list that stops at the order.
 */
import { describe, expect, it } from 'vitest';
import { findInPages, linkedOrderId, MAX_PAGES, monthsBack } from './orderLink';

describe('linkedOrderId', () => {
  it.each([
    ['?pedido=abc123', 'abc123'],
    ['?x=1&pedido=%20abc%20', 'abc'],
    ['?pedido=', null],
    ['?pedido=%20', null],
    ['', null],
    ['?pedidos=abc', null],
  ])('%s → %s', (search, id) => {
    expect(linkedOrderId(search)).toBe(id);
  });
});

describe('monthsBack', () => {
  it('runs back across the year', () => {
    expect(monthsBack(2026, 2, 4)).toEqual([
      { ano: 2026, mes: 2 },
      { ano: 2026, mes: 1 },
      { ano: 2025, mes: 12 },
      { ano: 2025, mes: 11 },
    ]);
  });
});

describe('findInPages', () => {
  const pages: Record<string, { rows: number[]; proximo: string | null }> = {
    '': { rows: [1, 2], proximo: 'b' },
    b: { rows: [3, 4], proximo: 'c' },
    c: { rows: [5], proximo: null },
  };
  const loader = (asked: (string | null)[]) => async (cursor: string | null) => {
    asked.push(cursor);
    return pages[cursor ?? ''];
  };

  it('reads pages until the row shows, no further', async () => {
    const asked: (string | null)[] = [];
    expect(await findInPages(loader(asked), (n) => n === 3)).toBe(3);
    expect(asked).toEqual([null, 'b']);
  });

  it('null after the last page when the row is not there', async () => {
    const asked: (string | null)[] = [];
    expect(await findInPages(loader(asked), (n) => n === 9)).toBeNull();
    expect(asked).toEqual([null, 'b', 'c']);
  });

  it('null at a failed page', async () => {
    expect(await findInPages(async () => ({ error: 'Erro interno.', codigo_erro: 'erro_interno' as const }), () => true)).toBeNull();
  });

  it('stops after MAX_PAGES pages of an endless list', async () => {
    let n = 0;
    const found = await findInPages(async () => {
      n++;
      return { rows: [0], proximo: 'more' };
    }, (x) => x === 1);
    expect(found).toBeNull();
    expect(n).toBe(MAX_PAGES);
  });
});
