import { describe, expect, it } from 'vitest';
import { NADA_DISPONIVEL, reorderOutcome, type Reordered } from './reorder';

const answer = (over: Partial<Reordered>): Reordered => ({
  userforn: 'forn1',
  nomeforn: 'Sítio Boa Vista',
  sacola: [],
  indisponiveis: [],
  ...over,
});

describe("'Pedir de novo' result", () => {
  it('says how many lines came back, each change and each line left out', () => {
    const r = answer({
      sacola: [
        { id: 'p1', titulo: 'mandioca', icone: null, opcaoselecionada: null, quantidade: 2, preco: 6.5, precoanterior: 5.9, aviso: 'Preço mudou: de R$ 5,90 para R$ 6,50' },
        { id: 'p2', titulo: 'tomate', icone: null, opcaoselecionada: '1 kg', quantidade: 1, preco: 9.9, precoanterior: 9.9 },
      ],
      indisponiveis: [
        { titulo: 'queijo minas', motivo: 'não está mais à venda' },
        { titulo: 'ovos caipiras', motivo: 'está esgotado' },
      ],
    });
    expect(reorderOutcome(r)).toEqual([
      '2 produtos voltaram para a sacola.',
      'mandioca: Preço mudou: de R$ 5,90 para R$ 6,50',
      'queijo minas: não está mais à venda.',
      'ovos caipiras: está esgotado.',
    ]);
  });

  it('says when nothing can be ordered again, and one product in the singular', () => {
    expect(reorderOutcome(answer({ indisponiveis: [{ titulo: 'mel', motivo: 'está indisponível' }] }))).toEqual([NADA_DISPONIVEL, 'mel: está indisponível.']);
    const one = answer({ sacola: [{ id: 'p', titulo: 'mel', icone: null, opcaoselecionada: null, quantidade: 1, preco: 30, precoanterior: 30 }] });
    expect(reorderOutcome(one)).toEqual(['1 produto voltou para a sacola.']);
  });
});
