import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cesta } from '../api/assinaturas';
import { MyBasketsSection } from './MyBasketsSection';

const api = vi.hoisted(() => ({ minhasAssinaturas: vi.fn(), alterarAssinatura: vi.fn() }));
vi.mock('../api/assinaturas', () => api);
// The city field's IBGE list is not loaded here: a plain input stands for it.
vi.mock('@/components/places/CityField', () => ({
  CityField: ({ value, onChange }: { value: string; onChange: (c: string) => void }) => (
    <input aria-label="Cidade" value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

const cesta = (over: Partial<Cesta> = {}): Cesta =>
  ({
    id: 'c1',
    forn: 'demo-joao',
    nomeforn: 'Sítio Boa Vista',
    cliente_nome: 'Carla',
    frequencia: 'semanal',
    situacao: 'ativa',
    entrega: true,
    endereco_texto: 'Rua das Flores, 12 — Centro, Piracicaba, SP',
    janela_inicio: '08:00',
    janela_fim: '12:00',
    pagamento: 'na_entrega',
    proxima_data: '2026-12-08',
    proxima_entrega: '2026-12-08',
    proxima_entrega_texto: 'terça-feira, 8 de dezembro, 8h–12h',
    fecha_em: null,
    total_centavos: 2100,
    aviso: null,
    pular_data: null,
    pausada_ate: null,
    itens: [],
    ciclos: [],
    ...over,
  }) as Cesta;

describe("'Minhas assinaturas': a delivered basket's address", () => {
  beforeEach(() => {
    api.minhasAssinaturas.mockResolvedValue({ assinaturas: [cesta()] });
  });

  it('shows where it goes and changes it to another address, with the new total', async () => {
    api.alterarAssinatura.mockResolvedValue(
      cesta({
        endereco: { rua: 'Avenida 1', numero: '500', complemento: null, bairro: null, cep: null, cidade: 'Rio Claro, SP' },
        endereco_texto: 'Avenida 1, 500 — Rio Claro, SP',
        total_centavos: 5200,
      }),
    );
    render(<MyBasketsSection />);
    expect((await screen.findByTestId('assinatura-endereco')).textContent).toContain('Rua das Flores, 12');
    await userEvent.click(screen.getByTestId('mudar-endereco'));
    await userEvent.click(screen.getByTestId('assinatura-outro-endereco'));
    const salvar = screen.getByRole('button', { name: 'Salvar endereço' });
    expect((salvar as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByTestId('endereco-rua'), 'Avenida 1');
    await userEvent.type(screen.getByTestId('endereco-numero'), '500');
    await userEvent.type(screen.getByLabelText('Cidade'), 'Rio Claro, SP');
    await userEvent.click(salvar);
    expect(api.alterarAssinatura).toHaveBeenCalledWith('c1', 'endereco', {
      endereco: { cep: '', rua: 'Avenida 1', numero: '500', complemento: '', bairro: '', cidade: 'Rio Claro, SP' },
    });
    expect((await screen.findByTestId('assinatura-endereco')).textContent).toContain('Avenida 1, 500 — Rio Claro, SP');
    expect(screen.getByTestId('proxima-entrega').textContent).toContain('52,00');
  });

  it("keeps the form and shows the server's refusal (outside the store's area)", async () => {
    api.alterarAssinatura.mockResolvedValue({ error: 'Endereço fora da área de entrega de Sítio Boa Vista.', codigo_erro: 'dados_invalidos' });
    render(<MyBasketsSection />);
    await userEvent.click(await screen.findByTestId('mudar-endereco'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    expect(api.alterarAssinatura).toHaveBeenCalledWith('c1', 'endereco', { endereco: null });
    expect((await screen.findByRole('alert')).textContent).toBe('Endereço fora da área de entrega de Sítio Boa Vista.');
    expect(screen.getByRole('button', { name: 'Salvar endereço' })).toBeTruthy();
  });

  it('is not asked for a basket picked up', async () => {
    api.minhasAssinaturas.mockResolvedValue({ assinaturas: [cesta({ entrega: false, endereco_texto: null })] });
    render(<MyBasketsSection />);
    await screen.findByTestId('assinatura');
    expect(screen.queryByTestId('assinatura-endereco')).toBeNull();
  });
});
