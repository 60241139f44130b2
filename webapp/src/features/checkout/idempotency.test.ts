/**
 * The checkout attempt's Idempotency-Key: the same key for the same order until an answer settles
 * it; a new key for another order or after a settled answer; kept across a reload of the tab
 * (sessionStorage), and a UUID even where `crypto.randomUUID` is missing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { chaveDoPedido, desfechoIncerto, esquecerTentativa, novaChave, registrarResposta } from './idempotency';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PEDIDO = { forn: 'forn1', sacola: [{ id: 'p1', quantidade: 3 }], pagamento: '2', total: 11.7 };

beforeEach(() => esquecerTentativa());

describe('Idempotency-Key', () => {
  it('the same order again gets the same key while its outcome is unknown', () => {
    const k = chaveDoPedido(PEDIDO);
    expect(k).toMatch(UUID);
    for (const status of [0, 408, 429, 500, 502, 503]) {
      registrarResposta(status);
      expect(chaveDoPedido({ ...PEDIDO })).toBe(k);
    }
  });

  it('a changed order gets a new key', () => {
    const k = chaveDoPedido(PEDIDO);
    expect(chaveDoPedido({ ...PEDIDO, sacola: [{ id: 'p1', quantidade: 4 }] })).not.toBe(k);
    expect(chaveDoPedido({ ...PEDIDO, pagamento: '1' })).not.toBe(k);
  });

  it.each([200, 400, 404, 409, 422])('an answer with HTTP %i settles the attempt: a new key next time', (status) => {
    const k = chaveDoPedido(PEDIDO);
    expect(desfechoIncerto(status)).toBe(false);
    registrarResposta(status);
    expect(chaveDoPedido(PEDIDO)).not.toBe(k);
  });

  it('kept in sessionStorage: a reload of the tab sends the same key', () => {
    const k = chaveDoPedido(PEDIDO);
    const stored = JSON.parse(sessionStorage.getItem('feira:pedido-tentativa') ?? 'null');
    expect(stored).toEqual({ chave: k, pedido: JSON.stringify(PEDIDO) });
  });

  it('makes a UUID v4 without crypto.randomUUID', () => {
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { configurable: true, value: undefined });
    try {
      const a = novaChave();
      expect(a).toMatch(UUID);
      expect(novaChave()).not.toBe(a);
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});
