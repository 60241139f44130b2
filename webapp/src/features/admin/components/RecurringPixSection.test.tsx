import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecurringPixSection, kindLabel } from './RecurringPixSection';

const rpc = vi.hoisted(() => vi.fn());
vi.mock('@/lib/rpc', () => ({ rpc }));

afterEach(() => rpc.mockReset());

describe("the admin's Pix Automático problems", () => {
  it('lists each recurrence and charge with its basket and reason, a foreign one as not ours', async () => {
    rpc.mockResolvedValue({
      problemas: [
        {
          tipo: 'cobr', referencia: 'abcdefghijabcdefghijabcdefghij12', assinatura: 'cesta-1',
          motivo: 'não paga até a véspera da entrega: pedido cancelado', quando: 1_795_000_060_000,
        },
        {
          tipo: 'rec', referencia: 'RR1234567820261129naoehnosso', assinatura: null,
          motivo: 'recorrência desconhecida: nada foi alterado', quando: 1_795_000_000_000,
        },
      ],
    });
    render(<RecurringPixSection />);
    const rows = await screen.findAllByTestId('pix-automatico-problema');
    expect(rows).toHaveLength(2);
    expect(rows[0].textContent).toContain('Cobrança recorrente');
    expect(rows[0].textContent).toContain('cesta-1');
    expect(rows[0].textContent).toContain('não paga até a véspera da entrega');
    expect(rows[1].textContent).toContain('Recorrência');
    expect(rows[1].textContent).toContain('não é nossa');
    expect(rpc).toHaveBeenCalledWith('pegar_pix_automatico_problemas');
  });

  it('says when there is none, and when it could not load', async () => {
    rpc.mockResolvedValue({ problemas: [] });
    const { unmount } = render(<RecurringPixSection />);
    expect(await screen.findByText('Nenhuma recorrência ou cobrança recorrente com problema.')).toBeTruthy();
    unmount();
    rpc.mockResolvedValue({ error: 'x' });
    render(<RecurringPixSection />);
    expect(await screen.findByText('Não foi possível carregar o Pix Automático.')).toBeTruthy();
  });

  it('names the kinds', () => {
    expect(kindLabel('rec')).toBe('Recorrência');
    expect(kindLabel('cobr')).toBe('Cobrança recorrente');
  });
});
