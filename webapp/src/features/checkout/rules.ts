/**
 * The checkout's numbers, all from wasm-core (no rule is written here): amounts on the wire are
 * reais, wasm-core works in whole centavos; this module only converts shapes between the two.
 *
 * - line totals and the unit price for a quantity (promo price from `minimopromo` on);
 * - the delivery fee state (haversine from the supplier's delivery coordinates to the buyer's
 *   stored coordinates) and its message, and whether the buyer is beyond the supplier's maximum
 *   delivery distance (decisions.md §31: then pickup only, with wasm-core's message);
 * - the order summary (products, fee, coupon discount, total) or the message that stops it
 *   (purchases closed, address, minimum order, stock, …);
 * - money formatting ('R$ 12,50');
 * - the sentence naming the bag's lines that cannot be bought any more (sold out or unavailable,
 *   as the server last said: decisions.md §26), which stops the checkout until they are removed;
 * - the dates and windows the buyer may choose for a delivery or pickup, from the store's days and
 *   the time now in São Paulo (decisions.md §36, §40; the server recomputes them).
 */
import { termsFor } from '@/lib/options';
import type { BagInfos, BagItem } from '@/lib/bag';
import { capitalizeWords } from '@/lib/display';
import type { Core } from '@/lib/wasm';
import type { DadosForn, DeliveryForn } from '@/types/wire';
import type { WireCoupon } from './api/validarCupom';
import { errorText } from '@/lib/errorText';

export type FulfilmentMode = 'entrega' | 'retirada';

/** What the rules read of `extensoes.delivery`: any setting may be missing (a bag stored earlier). */
export type DeliveryView = Partial<DeliveryForn>;

/**
 * A view model: what the rules read of a supplier (`dadosforn`, the generated `PublicSupplier`);
 * its settings may be partial (the copy a bag stored earlier).
 */
export type SupplierView = Pick<DadosForn, 'usuario' | 'nomeforn'> &
  Partial<Pick<DadosForn, 'compras'>> & {
    extensoes?: { pagamentos?: Partial<DadosForn['extensoes']['pagamentos']> | null; delivery?: DeliveryView | null } | null;
  };

/**
 * A coupon as wasm-core takes it: `valor` in hundredths (centavos, or hundredths of a percent), and
 * its rules that depend on the order (decisions.md §32): its days and its minimum, in centavos.
 */
export interface CoreCoupon {
  codigo: string;
  tipo: string;
  valor: number;
  validade_inicio?: string | null;
  validade_fim?: string | null;
  pedido_minimo_centavos?: number | null;
}

/** wasm-core's fee state. */
export interface FeeState {
  estado: 'indisponivel' | 'calculando' | 'sem_endereco' | 'km_indisponivel' | 'fora_da_area' | 'fixa' | 'por_km' | 'gratis';
  /** null while the fee cannot be charged (the continue button stays disabled). */
  taxa_centavos: number | null;
  km: number | null;
  texto: string;
}

export interface SummaryLine {
  quantidade: number;
  unitario_centavos: number;
  total_centavos: number;
}

export interface Summary {
  linhas: SummaryLine[];
  produtos_centavos: number;
  taxa: FeeState | null;
  taxa_centavos: number;
  desconto_centavos: number;
  total_centavos: number;
}

/**
 * The summary, or the message that stops the purchase; `faltaMinimo` when it is the delivery or
 * pickup minimum's ('Faltam R$ 4,10 para o pedido mínimo de entrega.', wasm-core's `codigo`
 * `pedido_minimo`): the summary then offers a way back to the store to add more, and still shows
 * what the order comes to (`previa`: the same summary as if the store had no minimum, so the
 * buyer sees the discount and the total while adding more).
 */
export type SummaryResult = { ok: true; summary: Summary } | { ok: false; message: string; faltaMinimo: boolean; previa?: Summary | null };

/** The buyer fields the rules read (the stored userinfo). */
export interface BuyerInfo {
  rua: string | null;
  latitude: number | null;
  longitude: number | null;
}

/** Reais (wire) → centavos. */
export function centavos(core: Core, reais: number): number {
  return core.money_from_reais(reais);
}

function optionalCentavos(core: Core, reais: number | null | undefined): number | null {
  return reais == null ? null : core.money_from_reais(reais);
}

/** Centavos → reais for the wire (an exact division of a whole number of centavos). */
export function reais(centavosValue: number): number {
  return Math.round(centavosValue) / 100;
}

/** 'R$ 12,50' of centavos. */
export function formatCentavos(core: Core, value: number): string {
  return core.money_format(value);
}

/** A line's terms: its option's own price and stock when it has them (decisions.md §39). */
export function lineInfos(core: Core, it: Pick<BagItem, 'infos' | 'opcao'>): BagInfos {
  return termsFor(core, it.infos, it.infos.opcoes, it.opcao);
}

/** Unit price for `qtd` (promo price from `minimopromo` on), in centavos. */
export function unitPrice(core: Core, infos: BagInfos, qtd: number): number {
  return core.price_unit(
    centavos(core, infos.preco),
    optionalCentavos(core, infos.precopromo),
    infos.minimopromo ?? null,
    qtd,
  );
}

/** Unit price × quantity, in centavos. */
export function lineTotal(core: Core, infos: BagInfos, qtd: number): number {
  return core.price_line_total(
    centavos(core, infos.preco),
    optionalCentavos(core, infos.precopromo),
    infos.minimopromo ?? null,
    qtd,
  );
}

/** The quantity stepper's next values. */
export function quantityDown(core: Core, infos: BagInfos, qtd: number): number {
  return core.quantity_decrement(qtd, infos.minimo ?? null);
}

export function quantityUp(core: Core, infos: BagInfos, qtd: number): number {
  return core.quantity_increment(qtd, infos.estoque ?? null);
}

/** `extensoes.delivery` (reais) → wasm-core's `DeliverySettingsRecord` (centavos). */
export function deliverySettings(core: Core, d: DeliveryView | null | undefined) {
  const kind = d?.taxaTipo === 'fixa' || d?.taxaTipo === 'porKm' ? d.taxaTipo : null;
  return {
    entrega: d?.entrega ?? '',
    taxa_tipo: kind,
    taxa_entrega_centavos: optionalCentavos(core, d?.taxaentrega),
    taxa_por_km_centavos: optionalCentavos(core, d?.taxaPorKm),
    latitude: d?.latitude ?? null,
    longitude: d?.longitude ?? null,
    pedido_minimo_entrega_centavos: optionalCentavos(core, d?.pedidominimoentrega),
    pedido_minimo_retirada_centavos: optionalCentavos(core, d?.pedidominimoretirada),
    distancia_maxima_km: d?.distanciamaxima ?? null,
  };
}

/** The fee state while the supplier's settings or the wasm are loading. */
export function feeCalculating(core: Core): FeeState {
  return core.delivery_fee_calculating() as FeeState;
}

/** The delivery fee for the buyer's stored coordinates. */
export function deliveryFee(core: Core, supplier: SupplierView, buyer: BuyerInfo): FeeState {
  return core.delivery_fee(
    deliverySettings(core, supplier.extensoes?.delivery),
    buyer.latitude ?? null,
    buyer.longitude ?? null,
  ) as FeeState;
}

/**
 * 'Endereço fora da área de entrega de {nomeforn}.' when the buyer's stored address is beyond the
 * supplier's maximum delivery distance (the checkout then offers pickup only); else null.
 */
export function outOfArea(core: Core, supplier: SupplierView, buyer: BuyerInfo): string | null {
  return deliveryFee(core, supplier, buyer).estado === 'fora_da_area'
    ? core.delivery_out_of_area_message(supplier.nomeforn)
    : null;
}

/** `validar_cupom`'s coupon → wasm-core's (`valor` in hundredths, the minimum in centavos). */
export function coreCoupon(core: Core, c: WireCoupon): CoreCoupon {
  return {
    codigo: c.codigo,
    tipo: c.tipo,
    valor: core.money_from_reais(c.valor),
    validade_inicio: c.validade_inicio ?? null,
    validade_fim: c.validade_fim ?? null,
    pedido_minimo_centavos: optionalCentavos(core, c.pedido_minimo),
  };
}


function cartLines(core: Core, items: BagItem[]) {
  return items.map((it) => {
    const infos = lineInfos(core, it);
    return {
      titulo: infos.titulo,
      preco_centavos: centavos(core, infos.preco),
      precopromo_centavos: optionalCentavos(core, infos.precopromo),
      minimopromo: infos.minimopromo ?? null,
      quantidade: it.qtd,
      minimo: infos.minimo ?? null,
      estoque: infos.estoque ?? null,
    };
  });
}

/**
 * The order summary, or the first message that stops the purchase. The coupon's days are checked
 * at `agora` (now, by default).
 */
export function orderSummary(
  core: Core,
  input: { items: BagItem[]; supplier: SupplierView; buyer: BuyerInfo; modo: FulfilmentMode; cupom: CoreCoupon | null; agora?: number },
): SummaryResult {
  const compute = (semMinimo: boolean) => {
    const entrega = deliverySettings(core, input.supplier.extensoes?.delivery);
    return core.checkout_summary({
      itens: cartLines(core, input.items),
      cupom: input.cupom,
      fornecedor: {
        nomeforn: input.supplier.nomeforn,
        compras_fechadas: !!input.supplier.compras,
        configuracao_entrega: semMinimo ? { ...entrega, pedido_minimo_entrega_centavos: null, pedido_minimo_retirada_centavos: null } : entrega,
      },
      comprador: { rua: input.buyer.rua, latitude: input.buyer.latitude, longitude: input.buyer.longitude },
      modo: input.modo,
      agora_ms: input.agora ?? Date.now(),
    }) as Summary;
  };
  try {
    return { ok: true, summary: compute(false) };
  } catch (err) {
    if ((err as { codigo?: unknown } | null)?.codigo !== 'pedido_minimo') return { ok: false, message: errorText(err), faltaMinimo: false };
    let previa: Summary | null = null;
    try {
      previa = compute(true);
    } catch {
      // Something else stops it too: the minimum's message alone.
    }
    return { ok: false, message: errorText(err), faltaMinimo: true, previa };
  }
}

/**
 * The bag's products total before any checkout choice (no minimum order, no fee, no coupon), or
 * the message about a line (minimum quantity, stock).
 */
export function bagSubtotal(core: Core, items: BagItem[]): SummaryResult {
  return orderSummary(core, {
    items,
    supplier: { usuario: '', nomeforn: '', compras: false, extensoes: { delivery: { entrega: '2' } } },
    buyer: { rua: '-', latitude: null, longitude: null },
    modo: 'retirada',
    cupom: null,
  });
}

/** What the supplier offers (the stored codes: '1' delivery, '2' pickup). */
export function fulfilmentOptions(supplier: SupplierView | null): { entrega: boolean; retirada: boolean } {
  const codes = supplier?.extensoes?.delivery?.entrega ?? '';
  return { entrega: codes.includes('1'), retirada: codes.includes('2') };
}

/** The payment options (decisions.md §6: '1' in person, '2' Pix; in person when none set). */
export function paymentOptions(supplier: SupplierView | null): { presencial: boolean; pix: boolean } {
  const codes = supplier?.extensoes?.pagamentos?.opcoes ?? '';
  const presencial = codes.includes('1');
  const pix = codes.includes('2');
  return presencial || pix ? { presencial, pix } : { presencial: true, pix: false };
}

/**
 * The purchases-closed message ('{nomeforn} está com o período de compras fechado!') when the
 * supplier closed purchases, else null.
 */
export function purchasesClosed(core: Core, items: BagItem[], supplier: SupplierView): string | null {
  if (!supplier.compras || items.length === 0) return null;
  const r = orderSummary(core, { items, supplier, buyer: { rua: '-', latitude: null, longitude: null }, modo: 'retirada', cupom: null });
  return r.ok ? null : r.message;
}

const LISTA = new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' });

/**
 * What stops the checkout in the bag's lines, naming them: 'Alface crespa esgotou. Remova o
 * produto da sacola para continuar.' (several: '… e … esgotaram. Remova os produtos …'), and the
 * same for products no longer available; null when every line can be bought.
 */
export function bagBlock(items: BagItem[]): string | null {
  const nomes = (f: (i: BagInfos) => boolean | undefined) => [
    ...new Set(items.filter((it) => f(it.infos)).map((it) => capitalizeWords(it.infos.titulo))),
  ];
  const indisponiveis = nomes((i) => i.indisponivel);
  const esgotados = nomes((i) => i.esgotado && !i.indisponivel);
  const frases: string[] = [];
  if (esgotados.length) frases.push(`${LISTA.format(esgotados)} ${esgotados.length > 1 ? 'esgotaram' : 'esgotou'}.`);
  if (indisponiveis.length) {
    frases.push(`${LISTA.format(indisponiveis)} ${indisponiveis.length > 1 ? 'não estão mais disponíveis' : 'não está mais disponível'}.`);
  }
  if (frases.length === 0) return null;
  const varios = esgotados.length + indisponiveis.length > 1;
  frases.push(varios ? 'Remova os produtos da sacola para continuar.' : 'Remova o produto da sacola para continuar.');
  return frases.join(' ');
}

/** One date and window the buyer may choose (wasm-core's `delivery_days_offered`). */
export interface OfferedDate {
  /** 'AAAA-MM-DD', São Paulo. */
  data: string;
  /** 'HH:MM'. */
  inicio: string;
  fim: string;
  /** 'terça-feira, 1 de dezembro, 8h–12h'. */
  rotulo: string;
}

/**
 * The dates and windows of `modo` the buyer may choose now (the next 14 days, cut-off applied),
 * or null when the store has no days for that mode (then the order carries no date, as before).
 */
export function offeredDates(core: Core, supplier: SupplierView | null, modo: FulfilmentMode, agora: number = Date.now()): OfferedDate[] | null {
  const dayList = supplier?.extensoes?.delivery?.dias;
  if (!dayList?.janelas?.some((j) => j.tipo === modo)) return null;
  try {
    return core.delivery_days_offered(dayList, modo, agora) as OfferedDate[];
  } catch (e) {
    console.error('delivery_days_offered:', errorText(e));
    return [];
  }
}
