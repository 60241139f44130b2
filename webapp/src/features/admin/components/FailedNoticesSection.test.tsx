import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FailedNoticesSection } from './FailedNoticesSection';

const rpc = vi.hoisted(() => vi.fn());
vi.mock('@/lib/rpc', () => ({ rpc }));

afterEach(() => rpc.mockReset());

describe("the admin's WhatsApp messages given up", () => {
  it('lists each with its number, template, order and reason', async () => {
    rpc.mockResolvedValue({
      avisos: [
        {
          id: 'm1', destinatario: '+5519998765432', modelo: 'pedido_recebido', idpedido: 'abcdef123456',
          criado_em: 1_795_000_000_000, falhou_em: 1_795_000_060_000, tentativas: 1,
          erro: 'Número não é do WhatsApp', codigo_erro: 131026,
        },
      ],
    });
    render(<FailedNoticesSection />);
    const row = await screen.findByTestId('aviso-falho');
    expect(row.textContent).toContain('+5519998765432');
    expect(row.textContent).toContain('pedido_recebido');
    expect(row.textContent).toContain('131026 · Número não é do WhatsApp');
    expect(rpc).toHaveBeenCalledWith('pegar_avisos_falhos');
  });

  it('says when every message went', async () => {
    rpc.mockResolvedValue({ avisos: [] });
    render(<FailedNoticesSection />);
    expect(await screen.findByText('Nenhum aviso deixou de ser entregue.')).toBeTruthy();
  });
});
