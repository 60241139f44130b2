/**
 * The payment step's 'Assinar': the basket's confirmation stays in view after the bag it came
 * from is emptied (which takes the 'Assinar' box away).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Core } from '@/lib/wasm';
import type { SummaryResult } from '../rules';
import { PaymentStep } from './PaymentStep';

const core = { money_format: (c: number) => `R$ ${(c / 100).toFixed(2).replace('.', ',')}` } as unknown as Core;
const priced = { ok: true, summary: { total_centavos: 2050 } } as unknown as SummaryResult;

describe('PaymentStep', () => {
  it("keeps the basket's confirmation once the emptied bag takes the 'Assinar' box away", async () => {
    const text = 'Assinatura criada! Primeira entrega: Terça-feira, 1 de dezembro, 8h–12h.';
    const onSubscribe = vi.fn().mockResolvedValue({ ok: true, texto: text });
    const props = { core, options: { presencial: true, pix: false }, value: '1' as const, onChange: () => {}, onFinish: () => {} };
    const { rerender } = render(<PaymentStep {...props} summary={priced} onSubscribe={onSubscribe} />);
    await userEvent.click(screen.getByRole('button', { name: 'Assinar' }));
    expect(onSubscribe).toHaveBeenCalledWith('semanal', null, null);
    expect((await screen.findByRole('status')).textContent).toBe(text);
    // The bag emptied: no summary, no dates (so no 'Assinar' offered).
    rerender(<PaymentStep {...props} summary={null} onSubscribe={null} />);
    expect(screen.getByRole('status').textContent).toBe(text);
    expect(screen.queryByRole('button', { name: 'Assinar' })).toBeNull();
  });
});
