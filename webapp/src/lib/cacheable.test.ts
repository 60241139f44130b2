/**
 * The cacheable reads: their URL, and that the list is the API's (`CACHEABLE_READS`).
 */
import { describe, expect, it } from 'vitest';
import actionsRs from '../../../api/src/rpc/actions.rs?raw';
import { GET_ACTIONS, isCacheableRead, readUrl } from './cacheable';

describe('cacheable reads', () => {
  it('puts the action first and the fields sorted, leaving out null and undefined', () => {
    expect(readUrl('pegar_produtos_anuncios_local', { nexta: null, categoria: 'Sementes e Mudas', cidade: 'Piracicaba, SP', nextp: 'c1' })).toBe(
      '/api?codigo=pegar_produtos_anuncios_local&categoria=Sementes+e+Mudas&cidade=Piracicaba%2C+SP&nextp=c1',
    );
    expect(readUrl('pegar_lojas', {})).toBe('/api?codigo=pegar_lojas');
    // The same question asked with its fields in another order is the same URL (one cache entry).
    expect(readUrl('search', { cidade: 'a', all: 'b', categoria: 'c' })).toBe(readUrl('search', { all: 'b', categoria: 'c', cidade: 'a' }));
  });

  it('tells the reads apart from every other /api request', () => {
    const at = (u: string) => isCacheableRead(new URL(u, 'http://127.0.0.1'));
    expect(at('/api?codigo=start_site&urlforn=x')).toBe(true);
    expect(at('/api?codigo=validar_cupom')).toBe(false);
    expect(at('/api')).toBe(false);
    expect(at('/api/fornecedor/eventos?codigo=start_site')).toBe(false);
    expect(at('/media/x.jpg')).toBe(false);
  });

  it("lists exactly the API's cacheable reads (the action table's `get` lines)", () => {
    // The action table's lines marked `get`: `    public get "codigo" => Variant(...) -> Answer`.
    const list = [...actionsRs.matchAll(/^\s*public get "([a-z_0-9]+)" =>/gm)].map((m) => m[1]);
    expect(list.length).toBeGreaterThan(0);
    expect([...GET_ACTIONS].sort()).toEqual(list.sort());
  });
});
