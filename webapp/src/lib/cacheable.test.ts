/**
 * The cacheable reads: their URL, and that they are the actions the generated contract marks
 * `get` (x-feira-get; `just test` checks api.gen.ts is what the API describes).
 */
import { describe, expect, it } from 'vitest';
import { GET_ACTIONS } from '@/types/api.gen';
import { isCacheableRead, isGetAction, readUrl } from './cacheable';

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

  it("takes exactly the generated contract's GET reads (GET_ACTIONS, `get: true` in Actions)", () => {
    expect(GET_ACTIONS.length).toBeGreaterThanOrEqual(9);
    const at = (c: string) => isCacheableRead(new URL(`/api?codigo=${c}`, 'http://127.0.0.1'));
    for (const c of GET_ACTIONS) {
      expect(isGetAction(c), c).toBe(true);
      expect(at(c), c).toBe(true);
    }
    for (const c of ['validar_cupom', 'finalizar_pedido', 'pegar_pedidos', 'loading_admin', 'nao_existe']) {
      expect(isGetAction(c), c).toBe(false);
      expect(at(c), c).toBe(false);
    }
  });
});
