/**
 * The checkout attempt's Idempotency-Key: the same key for the same order until an answer settles
 * it; a new key for another order or after a settled answer; kept across a reload of the tab
 * (sessionStorage), and a UUID even where `crypto.randomUUID` is missing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { ErrorCode } from '@/lib/rpc';
import { orderKey, forgetAttempt, newKey, recordAnswer } from './idempotency';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PEDIDO = { forn: 'forn1', sacola: [{ id: 'p1', quantidade: 3 }], pagamento: '2', total: 11.7 };

beforeEach(() => forgetAttempt());

describe('Idempotency-Key', () => {
  it('the same order again gets the same key while its outcome is unknown', () => {
    const k = orderKey(PEDIDO);
    expect(k).toMatch(UUID);
    const unknown: ErrorCode[] = ['sem_conexao', 'erro_comunicacao', 'muitas_tentativas', 'erro_interno', 'indisponivel'];
    for (const errorCode of unknown) {
      recordAnswer({ codigo_erro: errorCode });
      expect(orderKey({ ...PEDIDO })).toBe(k);
    }
  });

  it('a changed order gets a new key', () => {
    const k = orderKey(PEDIDO);
    expect(orderKey({ ...PEDIDO, sacola: [{ id: 'p1', quantidade: 4 }] })).not.toBe(k);
    expect(orderKey({ ...PEDIDO, pagamento: '1' })).not.toBe(k);
  });

  it.each<[string, { codigo_erro?: ErrorCode }]>([
    ['the order placed', {}],
    ['dados_invalidos', { codigo_erro: 'dados_invalidos' }],
    ['nao_encontrado', { codigo_erro: 'nao_encontrado' }],
    ['precos_mudaram', { codigo_erro: 'precos_mudaram' }],
    ['estoque_insuficiente', { codigo_erro: 'estoque_insuficiente' }],
    ['chave_reusada', { codigo_erro: 'chave_reusada' }],
  ])('an answer (%s) settles the attempt: a new key next time', (_, answer) => {
    const k = orderKey(PEDIDO);
    recordAnswer(answer);
    expect(orderKey(PEDIDO)).not.toBe(k);
  });

  it('kept in sessionStorage: a reload of the tab sends the same key', () => {
    const k = orderKey(PEDIDO);
    const stored = JSON.parse(sessionStorage.getItem('feira:pedido-tentativa') ?? 'null');
    expect(stored).toEqual({ chave: k, pedido: JSON.stringify(PEDIDO) });
  });

  it('makes a UUID v4 without crypto.randomUUID', () => {
    const own = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { configurable: true, value: undefined });
    try {
      const a = newKey();
      expect(a).toMatch(UUID);
      expect(newKey()).not.toBe(a);
    } finally {
      if (own) Object.defineProperty(crypto, 'randomUUID', own);
      else delete (crypto as { randomUUID?: unknown }).randomUUID;
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});
