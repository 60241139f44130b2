/**
 * The new store's checklist: each step done or with its way to its section, the count,
 * the store's current URL and the withdrawal fee stated plainly.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SetupChecklist } from './SetupChecklist';

describe('SetupChecklist', () => {
  it('counts the steps, leads to each section and states the 2 % fee', async () => {
    const onGo = vi.fn();
    render(<SetupChecklist checklist={{ url: true, pagamentos: false, entrega: false, produto: true, completo: false }} url="quitanda" onGo={onGo} />);
    const box = screen.getByRole('region', { name: 'Sua loja em poucos minutos' });
    expect(box.textContent).toContain('2 de 4 passos concluídos.');
    expect(box.textContent).toContain('/quitanda');
    expect(box.textContent).toContain('cobramos uma taxa de 2% sobre o valor de cada saque');
    expect(within(box).queryByRole('button', { name: 'Ir para Loja online' })).toBeNull();
    await userEvent.click(within(box).getByRole('button', { name: 'Ir para Pagamentos' }));
    await userEvent.click(within(box).getByRole('button', { name: 'Ir para Delivery' }));
    expect(onGo.mock.calls).toEqual([['Pagamentos'], ['Delivery']]);
  });
});
