/**
 * The bag store: `sacola` in localStorage, one supplier only, dadosforn with the first item, the
 * same product and option merged, changes from other tabs seen through the storage event, and the
 * lines brought up to date with products a page read (sold out, unavailable, new prices).
 */
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ALFACE, FORN, RAPADURA, TOMATE, dadosforn } from '@/test/shop';
import { addToBag, BAG_KEY, clearBag, getBag, removeFromBag, resetBagForTests, setBagQuantity, syncBagWith, useBag } from './bag';

beforeEach(() => resetBagForTests());

const stored = () => JSON.parse(localStorage.getItem(BAG_KEY) ?? 'null');

describe('bag store', () => {
  it('keeps items as {infos, qtd, opcao} with dadosforn on the first item only', () => {
    expect(addToBag({ product: ALFACE, quantidade: 3, opcao: null, dadosforn: FORN })).toBe('added');
    expect(addToBag({ product: TOMATE, quantidade: 2, opcao: '1 kg', dadosforn: FORN })).toBe('added');
    const s = stored();
    expect(s).toHaveLength(2);
    expect(s[0]).toMatchObject({
      qtd: 3,
      opcao: null,
      infos: { id: 'p1', idlocal: 'p1', categoria: 'Alimentos', nomeforn: 'Sítio Boa Vista', userforn: 'forn1', minimopromo: 3, precopromo: 3.9, preco: 4.5, icone: null, titulo: 'alface crespa' },
      dadosforn: { usuario: 'forn1', nomeforn: 'Sítio Boa Vista' },
    });
    expect(s[1]).toMatchObject({ qtd: 2, opcao: '1 kg', infos: { id: 'p2' } });
    expect(s[1].dadosforn).toBeUndefined();
  });

  it('adds the quantity to the same product and option', () => {
    addToBag({ product: TOMATE, quantidade: 1, opcao: '500 g', dadosforn: FORN });
    addToBag({ product: TOMATE, quantidade: 2, opcao: '500 g', dadosforn: FORN });
    addToBag({ product: TOMATE, quantidade: 1, opcao: '1 kg', dadosforn: FORN });
    expect(getBag().map((i) => [i.opcao, i.qtd])).toEqual([
      ['500 g', 3],
      ['1 kg', 1],
    ]);
  });

  it('refuses another supplier and changes nothing', () => {
    addToBag({ product: ALFACE, quantidade: 1, opcao: null, dadosforn: FORN });
    const before = localStorage.getItem(BAG_KEY);
    const other = dadosforn({ usuario: 'forn2', nomeforn: 'Engenho Capivari' });
    expect(addToBag({ product: RAPADURA, quantidade: 1, opcao: null, dadosforn: other })).toBe('conflict');
    expect(localStorage.getItem(BAG_KEY)).toBe(before);
    // Once emptied, the other supplier is welcome.
    clearBag();
    expect(localStorage.getItem(BAG_KEY)).toBeNull();
    expect(addToBag({ product: RAPADURA, quantidade: 1, opcao: null, dadosforn: other })).toBe('added');
  });

  it('moves dadosforn to the new first item when the first is removed', () => {
    addToBag({ product: ALFACE, quantidade: 1, opcao: null, dadosforn: FORN });
    addToBag({ product: TOMATE, quantidade: 1, opcao: null, dadosforn: FORN });
    removeFromBag(0);
    expect(stored()).toHaveLength(1);
    expect(stored()[0]).toMatchObject({ infos: { id: 'p2' }, dadosforn: { usuario: 'forn1' } });
    setBagQuantity(0, 4);
    expect(stored()[0].qtd).toBe(4);
    setBagQuantity(0, 0);
    expect(stored()[0].qtd).toBe(4);
  });

  it('ignores a stored bag that mixes suppliers or is not a list', () => {
    localStorage.setItem(BAG_KEY, '{"x":1}');
    expect(getBag()).toEqual([]);
    localStorage.setItem(
      BAG_KEY,
      JSON.stringify([
        { infos: { id: 'a', userforn: 'f1', preco: 1 }, qtd: 1, opcao: null },
        { infos: { id: 'b', userforn: 'f2', preco: 1 }, qtd: 1, opcao: null },
      ]),
    );
    expect(getBag()).toEqual([]);
  });

  it('useBag follows this tab and other tabs (storage event), and opens the drawer', () => {
    const { result } = renderHook(() => useBag());
    expect(result.current.count).toBe(0);
    act(() => {
      addToBag({ product: ALFACE, quantidade: 1, opcao: null, dadosforn: FORN });
    });
    expect(result.current.count).toBe(1);
    expect(result.current.dadosforn?.nomeforn).toBe('Sítio Boa Vista');

    // Another tab adds a product: localStorage changes, then the storage event arrives.
    const other = [...stored(), { infos: { ...stored()[0].infos, id: 'p2' }, qtd: 2, opcao: null }];
    act(() => {
      localStorage.setItem(BAG_KEY, JSON.stringify(other));
      window.dispatchEvent(new StorageEvent('storage', { key: BAG_KEY }));
    });
    expect(result.current.count).toBe(2);

    // Another tab finished an order (bag cleared).
    act(() => {
      localStorage.removeItem(BAG_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: BAG_KEY }));
    });
    expect(result.current.count).toBe(0);

    expect(result.current.isOpen).toBe(false);
    act(() => result.current.open());
    expect(result.current.isOpen).toBe(true);
    act(() => result.current.close());
    expect(result.current.isOpen).toBe(false);
  });

  it('syncBagWith: a line takes the product as read now (sold out, unavailable, price); others untouched', () => {
    addToBag({ product: ALFACE, quantidade: 3, opcao: null, dadosforn: FORN });
    addToBag({ product: TOMATE, quantidade: 2, opcao: '1 kg', dadosforn: FORN });
    expect(getBag()[0].infos).toMatchObject({ esgotado: false, indisponivel: false });
    syncBagWith([
      { ...ALFACE, estoque: 0, esgotado: true, preco: 5 },
      { ...RAPADURA, esgotado: true },
    ]);
    const [alface, tomate] = getBag();
    expect(alface.infos).toMatchObject({ id: 'p1', estoque: 0, esgotado: true, preco: 5 });
    expect(tomate.infos).toMatchObject({ id: 'p2', esgotado: false, indisponivel: false, preco: TOMATE.preco });
    expect(alface.dadosforn?.usuario).toBe('forn1');
    syncBagWith([{ ...TOMATE, status: true }]);
    expect(getBag()[1].infos.indisponivel).toBe(true);
  });

  it('syncBagWith writes nothing when nothing changed', () => {
    addToBag({ product: ALFACE, quantidade: 1, opcao: null, dadosforn: FORN });
    const before = localStorage.getItem(BAG_KEY);
    const spy = vi.spyOn(Storage.prototype, 'setItem');
    syncBagWith([ALFACE]);
    expect(spy).not.toHaveBeenCalled();
    expect(localStorage.getItem(BAG_KEY)).toBe(before);
  });
});
