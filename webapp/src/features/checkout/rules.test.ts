/**
 * The checkout's numbers come from the real wasm-core: the fee state and its five messages, the
 * promo price from its minimum, the coupon, totals, minimum orders and purchases closed; and the
 * sentence naming the bag's sold-out and unavailable lines.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BagItem } from '@/lib/bag';
import type { Core } from '@/lib/wasm';
import { loadRealCore } from '@/test/realCore';
import { BUYER, dadosforn } from '@/test/shop';
import {
  bagBlock,
  bagSubtotal,
  coreCoupon,
  deliveryFee,
  feeCalculating,
  formatCentavos,
  fulfilmentOptions,
  orderSummary,
  paymentOptions,
  purchasesClosed,
} from './rules';

let core: Core;
beforeAll(async () => {
  core = await loadRealCore();
});

function item(id: string, preco: number, qtd: number, promo: { precopromo: number; minimopromo: number } | null = null): BagItem {
  return {
    infos: {
      id, idlocal: id, categoria: 'Alimentos', nomeforn: 'Sítio Boa Vista', userforn: 'forn1', urlforn: null,
      preco, precopromo: promo?.precopromo ?? null, minimopromo: promo?.minimopromo ?? null,
      icone: null, titulo: id, minimo: null, estoque: null,
    },
    qtd,
    opcao: null,
  };
}

const NO_COORDS = { ...BUYER, latitude: null, longitude: null };

describe('delivery fee state', () => {
  it.each([
    ['per km from the stored coordinates', dadosforn(), BUYER, 'por_km', 'R$ 12,63'],
    ['per km without buyer coordinates', dadosforn(), NO_COORDS, 'sem_endereco', 'Cadastre seu endereço para calcular'],
    ['per km without the supplier start', dadosforn({}, { latitude: null, longitude: null }), BUYER, 'km_indisponivel', 'Taxa por Km indisponível no momento'],
    ['fixed', dadosforn({}, { taxaTipo: 'fixa', taxaentrega: 7.5 }), BUYER, 'fixa', 'R$ 7,50'],
    ['free or to be agreed', dadosforn({}, { taxaTipo: null }), BUYER, 'gratis', 'Entrega Grátis ou a combinar'],
    ['no delivery', dadosforn({}, { entrega: '2' }), BUYER, 'indisponivel', 'Entrega indisponível'],
  ] as const)('%s', (_name, forn, buyer, estado, texto) => {
    const fee = deliveryFee(core, forn, buyer);
    expect(fee.estado).toBe(estado);
    expect(fee.texto).toBe(texto);
  });

  it('is "Calculando taxa..." while loading, and null until it can be charged', () => {
    expect(feeCalculating(core)).toMatchObject({ estado: 'calculando', taxa_centavos: null, texto: 'Calculando taxa...' });
    expect(deliveryFee(core, dadosforn(), NO_COORDS).taxa_centavos).toBeNull();
  });
});

describe('order summary', () => {
  const items = [item('alface', 4.5, 3, { precopromo: 3.9, minimopromo: 3 }), item('tomate', 9.9, 2, { precopromo: 8.5, minimopromo: 2 }), item('mandioca', 8, 1)];

  it('prices from the promo minimum, adds the per-km fee and takes the % coupon off the products', () => {
    const cupom = coreCoupon(core, { codigo: 'BEMVINDO10', tipo: '%', valor: 10, validade_inicio: null, validade_fim: null, pedido_minimo: null, um_por_cliente: false });
    const r = orderSummary(core, { items, supplier: dadosforn(), buyer: BUYER, modo: 'entrega', cupom });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const s = r.summary;
    expect(s.linhas.map((l) => formatCentavos(core, l.total_centavos))).toEqual(['R$ 11,70', 'R$ 17,00', 'R$ 8,00']);
    expect(formatCentavos(core, s.produtos_centavos)).toBe('R$ 36,70');
    expect(formatCentavos(core, s.taxa_centavos)).toBe('R$ 12,63');
    expect(formatCentavos(core, s.desconto_centavos)).toBe('R$ 3,67');
    expect(formatCentavos(core, s.total_centavos)).toBe('R$ 45,66');
  });

  it('no fee for pickup; a fixed coupon', () => {
    const cupom = coreCoupon(core, { codigo: 'FRETE5', tipo: 'R$', valor: 5, validade_inicio: null, validade_fim: null, pedido_minimo: null, um_por_cliente: false });
    const r = orderSummary(core, { items, supplier: dadosforn(), buyer: BUYER, modo: 'retirada', cupom });
    expect(r.ok && formatCentavos(core, r.summary.total_centavos)).toBe('R$ 31,70');
  });

  it('refuses below the minimum order for delivery (and for pickup when set)', () => {
    const few = [item('alface', 4.5, 2, { precopromo: 3.9, minimopromo: 3 })];
    // Refused, with the figures as they stand (`previa`: as if the store had no minimum).
    const entrega = orderSummary(core, { items: few, supplier: dadosforn(), buyer: BUYER, modo: 'entrega', cupom: null });
    expect(entrega).toMatchObject({ ok: false, message: 'Faltam R$ 21,00 para o pedido mínimo de entrega.', faltaMinimo: true });
    if (entrega.ok) throw new Error('accepted');
    expect(entrega.previa?.produtos_centavos).toBe(900);
    expect(entrega.previa?.total_centavos).toBe(900 + (entrega.previa?.taxa_centavos ?? 0));
    const pickupMin = dadosforn({}, { pedidominimoretirada: 15 });
    const retirada = orderSummary(core, { items: few, supplier: pickupMin, buyer: BUYER, modo: 'retirada', cupom: null });
    expect(retirada).toMatchObject({ ok: false, message: 'Faltam R$ 6,00 para o pedido mínimo de retirada.', faltaMinimo: true });
    expect(retirada.ok ? null : retirada.previa?.total_centavos).toBe(900);
    // Any other refusal is not the minimum's: no way back to the store is offered.
    const closed = orderSummary(core, { items: few, supplier: dadosforn({ compras: true }), buyer: BUYER, modo: 'entrega', cupom: null });
    expect(closed).toMatchObject({ ok: false, faltaMinimo: false });
  });

  it('purchases closed', () => {
    expect(purchasesClosed(core, items, dadosforn({ compras: true }))).toBe('Sítio Boa Vista está com o período de compras fechado!');
    expect(purchasesClosed(core, items, dadosforn())).toBeNull();
  });

  it('the bag subtotal, or the message of a line above its stock', () => {
    const r = bagSubtotal(core, items);
    expect(r.ok && formatCentavos(core, r.summary.produtos_centavos)).toBe('R$ 36,70');
    const over = [{ ...items[2], qtd: 3, infos: { ...items[2].infos, estoque: 2 } }];
    expect(bagSubtotal(core, over)).toEqual({ ok: false, message: 'Estoque insuficiente para mandioca', faltaMinimo: false });
    expect(bagSubtotal(core, [])).toEqual({ ok: false, message: 'Sua sacola está vazia', faltaMinimo: false });
  });
});

describe('options', () => {
  it('reads the stored codes', () => {
    expect(fulfilmentOptions(dadosforn())).toEqual({ entrega: true, retirada: true });
    expect(fulfilmentOptions(dadosforn({}, { entrega: '' }))).toEqual({ entrega: false, retirada: false });
    expect(paymentOptions(dadosforn({}, {}, '2'))).toEqual({ presencial: false, pix: true });
    expect(paymentOptions(dadosforn({}, {}, ''))).toEqual({ presencial: true, pix: false });
  });
});

describe('bagBlock', () => {
  const linha = (titulo: string, flags: { esgotado?: boolean; indisponivel?: boolean }): BagItem => {
    const it = item(titulo, 5, 1);
    return { ...it, infos: { ...it.infos, ...flags } };
  };

  it('null when every line can be bought', () => {
    expect(bagBlock([linha('alface', {}), linha('couve', { esgotado: false, indisponivel: false })])).toBeNull();
  });

  it('names sold-out and unavailable lines, in Portuguese agreement', () => {
    expect(bagBlock([linha('alface', { esgotado: true }), linha('couve', {})])).toBe(
      'Alface esgotou. Remova o produto da sacola para continuar.',
    );
    expect(bagBlock([linha('alface', { esgotado: true }), linha('couve', { esgotado: true }), linha('mel', { esgotado: true })])).toBe(
      'Alface, Couve e Mel esgotaram. Remova os produtos da sacola para continuar.',
    );
    expect(bagBlock([linha('alface', { indisponivel: true, esgotado: true })])).toBe(
      'Alface não está mais disponível. Remova o produto da sacola para continuar.',
    );
    expect(bagBlock([linha('alface', { esgotado: true }), linha('mel', { indisponivel: true })])).toBe(
      'Alface esgotou. Mel não está mais disponível. Remova os produtos da sacola para continuar.',
    );
  });
});
