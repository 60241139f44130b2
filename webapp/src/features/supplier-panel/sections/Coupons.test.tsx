/**
 * The coupon list's rules (decisions.md §32) as the panel writes them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '@/lib/wasm';
import { loadRealCore } from '@/test/realCore';
import { couponRules } from './Coupons';

let core: Core;
beforeAll(async () => {
  core = await loadRealCore();
});

describe('couponRules', () => {
  it('writes the days, the uses, one per customer and the minimum', () => {
    expect(
      couponRules(core, {
        codigo: 'NATAL', tipo: 'R$', valor: 10, validade_inicio: '2025-12-01', validade_fim: '2025-12-31', limite_usos: 5, um_por_cliente: true,
        pedido_minimo: 50, usos: 3, todas_entregas: false,
      }),
    ).toBe('De 01/12/2025 a 31/12/2025 · 3 de 5 usos · um por cliente · pedido mínimo de R$ 50,00');
    const none = { validade_inicio: null, validade_fim: null, limite_usos: null, um_por_cliente: false, pedido_minimo: null, usos: 0, todas_entregas: false };
    expect(couponRules(core, { ...none, codigo: 'CESTA', tipo: '%', valor: 10, todas_entregas: true })).toBe('0 usos · todas as entregas da assinatura');
    expect(couponRules(core, { ...none, codigo: 'A', tipo: '%', valor: 5, validade_fim: '2026-01-10', usos: 1 })).toBe('Até 10/01/2026 · 1 uso');
    expect(couponRules(core, { ...none, codigo: 'B', tipo: '%', valor: 5 })).toBe('0 usos');
  });

  it("refuses the form's rules with wasm-core's messages", () => {
    const rules = (f: Record<string, unknown>) => () => core.coupon_rules({ validade_inicio: '', validade_fim: '', limite_usos: '', um_por_cliente: false, pedido_minimo: '', ...f });
    expect(rules({ validade_inicio: '2026-02-10', validade_fim: '2026-02-01' })).toThrow('A data final do cupom não pode ser anterior à inicial.');
    expect(rules({ limite_usos: '0' })).toThrow('O limite de usos deve ser um número inteiro maior que zero.');
    expect(rules({ pedido_minimo: '50,00' })()).toMatchObject({ pedido_minimo_centavos: 5000, um_por_cliente: false });
  });
});
