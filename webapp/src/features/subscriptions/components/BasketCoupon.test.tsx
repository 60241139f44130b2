import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Cesta } from '../api/assinaturas';
import { MyBasketsSection } from './MyBasketsSection';

const api = vi.hoisted(() => ({ minhasAssinaturas: vi.fn(), alterarAssinatura: vi.fn() }));
vi.mock('../api/assinaturas', () => api);

const cesta = (id: string, cupom: string | null, todas: boolean): Cesta =>
  ({
    id,
    forn: 'demo-joao',
    nomeforn: 'Sítio Boa Vista',
    cliente_nome: 'Carla',
    frequencia: 'semanal',
    situacao: 'ativa',
    entrega: false,
    endereco_texto: null,
    janela_inicio: '08:00',
    janela_fim: '12:00',
    pagamento: 'na_entrega',
    proxima_data: '2026-12-08',
    proxima_entrega: '2026-12-08',
    proxima_entrega_texto: 'terça-feira, 8 de dezembro, 8h–12h',
    fecha_em: null,
    total_centavos: 1440,
    aviso: null,
    cupom,
    cupom_todas_entregas: todas,
    pular_data: null,
    pausada_ate: null,
    itens: [],
    ciclos: [],
  }) as Cesta;

describe("'Minhas assinaturas': a basket's coupon", () => {
  it('says whether it applies to every delivery or the first only, and nothing once used up', async () => {
    api.minhasAssinaturas.mockResolvedValue({
      assinaturas: [cesta('a', 'CESTA', true), cesta('b', 'PRIMEIRA', false), cesta('c', null, false)],
    });
    render(<MyBasketsSection />);
    const lines = await screen.findAllByTestId('assinatura-cupom');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Cupom CESTA: vale para todas as entregas',
      'Cupom PRIMEIRA: vale só na primeira entrega',
    ]);
  });
});
