/**
 * Reading a supplier's public settings for display: which delivery forms and payment forms it
 * offers (the stored code strings, spec §3 and decisions.md §6), and its delivery settings in the
 * form wasm-core's `delivery_fee` reads (amounts converted to centavos by wasm-core).
 */
import type { Core } from '@/lib/wasm';
import type { DadosForn } from '@/types/wire';

/** 'Entrega' for code 1, 'Retirada no local' for code 2. */
export function deliveryMethods(d: DadosForn): string[] {
  const codes = d.extensoes?.delivery?.entrega ?? '';
  const out: string[] = [];
  if (codes.includes('1')) out.push('Entrega');
  if (codes.includes('2')) out.push('Retirada no local');
  return out;
}

/** 'Presencial' for code 1, 'Pix' for code 2; in person when none is configured (decisions.md §6). */
export function paymentMethods(d: DadosForn): string[] {
  const codes = d.extensoes?.pagamentos?.opcoes ?? '';
  const out: string[] = [];
  if (codes.includes('1')) out.push('Presencial');
  if (codes.includes('2')) out.push('Pix');
  return out.length ? out : ['Presencial'];
}

/** The delivery-fee text for a buyer at the given coordinates (wasm-core), or null when unreadable. */
export function deliveryFeeText(
  core: Core,
  d: DadosForn,
  latitude: number | null | undefined,
  longitude: number | null | undefined,
): string | null {
  const del = d.extensoes?.delivery;
  const reais = (v: number | null | undefined) => (v == null ? null : core.money_from_reais(v));
  try {
    const fee = core.delivery_fee(
      {
        entrega: del?.entrega ?? '',
        taxa_tipo: del?.taxaTipo ?? null,
        taxa_entrega_centavos: reais(del?.taxaentrega),
        taxa_por_km_centavos: reais(del?.taxaPorKm),
        latitude: del?.latitude ?? null,
        longitude: del?.longitude ?? null,
        pedido_minimo_entrega_centavos: reais(del?.pedidominimoentrega),
        pedido_minimo_retirada_centavos: reais(del?.pedidominimoretirada),
      },
      latitude ?? null,
      longitude ?? null,
    ) as { texto: string };
    return fee.texto;
  } catch (err) {
    console.error('taxa de entrega ilegível', err);
    return null;
  }
}
