/**
 * The day's packing list (decisions.md §36): the totals per product and option over the day's
 * orders ('Alface crespa (maço) — 46'), and the CSV a Brazilian spreadsheet opens as it is: UTF-8
 * with a BOM, `;` between fields, decimal comma, CRLF line ends, one row per order line, with the
 * buyer's notes (the line's and the order's) last.
 */

/** What the packing list reads of an order (the `pedido` shape). */
export interface PackedOrder {
  id: string;
  Infos: {
    cliente_nome: string;
    cliente_telefone?: string | null;
    tipo_entrega: string;
    pagamento: string;
    total_pago: number;
    rua?: string | null;
    numero?: string | null;
    complemento?: string | null;
    bairro?: string | null;
    cep?: string | null;
    cidade?: string | null;
    /** The buyer's note to the store. */
    observacao?: string | null;
  };
  Produtos: { titulo: string; opcao?: string | null; quantidade: number; preco: number; pago: number; observacao?: string | null }[];
}

export interface PackingTotal {
  titulo: string;
  opcao: string | null;
  quantidade: number;
}

/** 'Alface crespa': the titles are stored in lower case. */
export function capitalizeWords(s: string): string {
  return s ? s.charAt(0).toLocaleUpperCase('pt-BR') + s.slice(1) : s;
}

/** The quantities per product and option, by product then option (pt-BR order). */
export function packingTotals(orders: readonly PackedOrder[]): PackingTotal[] {
  const totals = new Map<string, PackingTotal>();
  for (const o of orders) {
    for (const l of o.Produtos) {
      const chosenOption = l.opcao?.trim() ? l.opcao.trim() : null;
      const key = `${l.titulo}\u0000${chosenOption ?? ''}`;
      const t = totals.get(key);
      if (t) t.quantidade += l.quantidade;
      else totals.set(key, { titulo: l.titulo, opcao: chosenOption, quantidade: l.quantidade });
    }
  }
  const col = new Intl.Collator('pt-BR');
  return [...totals.values()].sort((a, b) => col.compare(a.titulo, b.titulo) || col.compare(a.opcao ?? '', b.opcao ?? ''));
}

/** 'Alface crespa (maço) — 46'. */
export function totalLabel(t: PackingTotal): string {
  return `${capitalizeWords(t.titulo)}${t.opcao ? ` (${t.opcao})` : ''} — ${t.quantidade}`;
}

/** '34,70': reais with a decimal comma, no thousands separator (a spreadsheet reads it as a number). */
export function decimalComma(reais: number): string {
  return (Math.round(reais * 100) / 100).toFixed(2).replace('.', ',');
}

/** The address on one line: 'Rua das Flores, 120, ap 3'. */
export function addressLine(i: PackedOrder['Infos']): string {
  return [i.rua, i.numero, i.complemento].filter((p) => p && p.trim()).join(', ');
}

function field(v: string | number): string {
  const s = String(v);
  return /[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const CSV_HEADER = [
  'Pedido',
  'Cliente',
  'Telefone',
  'Tipo',
  'Endereço',
  'Bairro',
  'CEP',
  'Cidade',
  'Produto',
  'Opção',
  'Quantidade',
  'Preço unitário',
  'Valor',
  'Pagamento',
  'Total do pedido',
  'Observação do item',
  'Observação do pedido',
];

/** The packing list as CSV text (BOM first). */
export function packingCsv(orders: readonly PackedOrder[]): string {
  const rows: (string | number)[][] = [CSV_HEADER];
  for (const o of orders) {
    const i = o.Infos;
    for (const l of o.Produtos) {
      rows.push([
        o.id,
        i.cliente_nome,
        i.cliente_telefone ?? '',
        i.tipo_entrega,
        i.tipo_entrega === 'Entrega' ? addressLine(i) : '',
        i.bairro ?? '',
        i.cep ?? '',
        i.cidade ?? '',
        capitalizeWords(l.titulo),
        l.opcao ?? '',
        l.quantidade,
        decimalComma(l.preco),
        decimalComma(l.pago),
        i.pagamento === '2' ? 'Pix' : 'Na entrega',
        decimalComma(i.total_pago),
        l.observacao ?? '',
        i.observacao ?? '',
      ]);
    }
  }
  return '\uFEFF' + rows.map((r) => r.map(field).join(';')).join('\r\n') + '\r\n';
}
