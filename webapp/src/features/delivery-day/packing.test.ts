import { describe, expect, it } from 'vitest';
import { CSV_HEADER, decimalComma, packingCsv, packingTotals, totalLabel, type PackedOrder } from './packing';

function order(id: string, nome: string, lines: [string, string | null, number, number][], extra: Partial<PackedOrder['Infos']> = {}): PackedOrder {
  return {
    id,
    Infos: {
      cliente_nome: nome,
      cliente_telefone: '19998765432',
      tipo_entrega: 'Entrega',
      pagamento: '1',
      total_pago: lines.reduce((s, l) => s + l[2] * l[3], 0),
      rua: 'Rua do Rosário',
      numero: '120',
      bairro: 'Centro',
      cep: '13400-000',
      cidade: 'Piracicaba',
      ...extra,
    },
    Produtos: lines.map(([titulo, opcao, quantidade, preco]) => ({ titulo, opcao, quantidade, preco, pago: quantidade * preco })),
  };
}

const day = [
  order('p1', 'Carla', [
    ['alface crespa', 'maço', 20, 3.5],
    ['ovos caipira', 'dúzia', 2, 17.35],
  ]),
  order('p2', 'Dona Maria; "Tia"', [['alface crespa', 'maço', 26, 3.5]], { tipo_entrega: 'Retirada', pagamento: '2' }),
  order('p3', 'José', [
    ['alface crespa', null, 1, 4],
    ['abóbora', null, 3, 5.2],
  ]),
];

describe('packing totals', () => {
  it('adds up each product and option across the orders', () => {
    expect(packingTotals(day).map(totalLabel)).toEqual([
      'Abóbora — 3',
      'Alface crespa — 1',
      'Alface crespa (maço) — 46',
      'Ovos caipira (dúzia) — 2',
    ]);
    expect(packingTotals([])).toEqual([]);
  });
});

describe('packing CSV', () => {
  const csv = packingCsv(day);

  it('starts with a UTF-8 BOM and separates fields with semicolons, rows with CRLF', () => {
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const rows = csv.slice(1).split('\r\n');
    expect(rows[0]).toBe(CSV_HEADER.join(';'));
    // One row per order line, and the final line end.
    expect(rows).toHaveLength(1 + 5 + 1);
    expect(rows.at(-1)).toBe('');
    expect(rows[1]).toBe('p1;Carla;19998765432;Entrega;Rua do Rosário, 120;Centro;13400-000;Piracicaba;Alface crespa;maço;20;3,50;70,00;Na entrega;104,70;;');
  });

  it('writes money with a decimal comma and quotes fields with ; or quotes', () => {
    const rows = csv.slice(1).split('\r\n');
    expect(rows[2]).toContain(';17,35;34,70;');
    // A pickup has no address; the name with ';' and '"' is quoted, quotes doubled.
    expect(rows[3]).toBe('p2;"Dona Maria; ""Tia""";19998765432;Retirada;;Centro;13400-000;Piracicaba;Alface crespa;maço;26;3,50;91,00;Pix;91,00;;');
    expect(decimalComma(1234.5)).toBe('1234,50');
    // The buyer's notes close the row: the line's, then the order's (quoted when they need it).
    const noted = order('p4', 'Ana', [['queijo minas', null, 1, 30]], { observacao: 'Deixar na portaria; obrigado' });
    noted.Produtos[0].observacao = 'bem curado';
    expect(packingCsv([noted]).slice(1).split('\r\n')[1]).toMatch(/;bem curado;"Deixar na portaria; obrigado"$/);
    expect(decimalComma(0.1 + 0.2)).toBe('0,30');
  });
});
