import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { caseLines, StoreCaseCounts } from './StoreCaseCounts';

const rpc = vi.hoisted(() => vi.fn());
vi.mock('@/lib/rpc', () => ({ rpc }));

afterEach(() => rpc.mockReset());

describe("the store's problem cases", () => {
  it('counts the cases and says how they ended', async () => {
    rpc.mockResolvedValue({ total: 4, abertas: 1, liberadas: 2, devolvidas_em_parte: 1, devolvidas: 0 });
    render(<StoreCaseCounts />);
    expect((await screen.findByTestId('reclamacoes-total')).textContent).toBe('4 reclamações de compradores');
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual(['1 em aberto', '2 encerradas sem devolução', '1 com devolução parcial']);
    expect(rpc).toHaveBeenCalledWith('pegar_reclamacoes_loja');
  });

  it('says when there is none', async () => {
    rpc.mockResolvedValue({ total: 0, abertas: 0, liberadas: 0, devolvidas_em_parte: 0, devolvidas: 0 });
    render(<StoreCaseCounts />);
    expect(await screen.findByText('Nenhuma reclamação de compradores.')).toBeTruthy();
  });

  it('writes one case in the singular', () => {
    expect(caseLines({ total: 1, abertas: 0, liberadas: 1, devolvidas_em_parte: 0, devolvidas: 0 })).toEqual([
      '1 encerrada sem devolução',
    ]);
  });
});
