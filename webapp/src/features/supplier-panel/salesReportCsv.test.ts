import { describe, expect, it } from 'vitest';
import { BOM, csvField, decimal, nomeArquivo, salesCsv, type SalesReportMonth } from './salesReportCsv';

const fig = (quantidade: number, bruto: number, cupons: number, taxas: number, devolvido: number) => ({
  quantidade,
  bruto,
  cupons,
  taxas,
  devolvido,
  liquido: Math.round((bruto - cupons - taxas - devolvido) * 100) / 100,
});

const novembro: SalesReportMonth = {
  mes: '2026-11',
  produtos: [
    { id: 'p1', produto: 'queijo minas; meia cura', ...fig(3, 1234.5, 2.4, 0.75, 0) },
    { produto: 'Taxa de entrega', ...fig(1, 5, 0, 0.1, 0) },
  ],
  total: fig(4, 1239.5, 2.4, 0.85, 0),
};

describe('the accountant CSV', () => {
  it('writes decimal commas without thousands separators', () => {
    expect(decimal(1234.5)).toBe('1234,50');
    expect(decimal(0.1 + 0.2)).toBe('0,30');
    expect(decimal(-2.4)).toBe('-2,40');
    expect(decimal(0)).toBe('0,00');
  });

  it('quotes a field with a separator, a quote or a line break', () => {
    expect(csvField('mel')).toBe('mel');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('caixa "grande"')).toBe('"caixa ""grande"""');
  });

  it('starts with the BOM, separates by ; and ends lines with CRLF', () => {
    const csv = salesCsv([novembro]);
    expect(csv.startsWith(BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe('Mês;Produto;Quantidade;Bruto (R$);Cupons (R$);Taxas (R$);Devolvido (R$);Líquido (R$)');
    expect(lines[1]).toBe('11/2026;"queijo minas; meia cura";3;1234,50;2,40;0,75;0,00;1231,35');
    expect(lines[2]).toBe('11/2026;Taxa de entrega;1;5,00;0,00;0,10;0,00;4,90');
    expect(lines[3]).toBe('11/2026;Total do mês;4;1239,50;2,40;0,85;0,00;1236,25');
    expect(lines[4]).toBe('');
    expect(nomeArquivo('2026-11')).toBe('vendas-2026-11.csv');
  });

  it('is UTF-8: the accents are bytes of UTF-8 after the BOM bytes', () => {
    // What the download's Blob holds: the text encoded as UTF-8.
    const bytes = new TextEncoder().encode(salesCsv([novembro]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // 'ê' of 'Mês' is C3 AA.
    expect([...bytes.slice(4, 6)]).toEqual([0xc3, 0xaa]);
  });
});
