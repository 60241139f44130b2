/**
 * `assinar` (decisions.md §35; docs/subscriptions.md): the bag's checkout payload with `frequencia`
 * becomes a recurring basket, paid 'na_entrega' or by Pix Automático (`pix_automatico`: the most
 * the buyer accepts per delivery, the payer's CPF or CNPJ, and what the basket becomes if the
 * recurrence is cancelled at the bank) and, delivered elsewhere than the profile's address, its
 * `endereco`. The server checks and prices it as an order and places
 * each cycle's order at the store's cut-off.
 */
import type { AddressValue } from '@/components/places/AddressFields';
import { rpc, type RpcResult } from '@/lib/rpc';
import type { OrderPayload } from './finalizarPedido';

export type Frequencia = 'semanal' | 'quinzenal' | 'mensal';

export const FREQUENCIAS: { id: Frequencia; label: string }[] = [
  { id: 'semanal', label: 'Semanal' },
  { id: 'quinzenal', label: 'Quinzenal' },
  { id: 'mensal', label: 'Mensal (a cada 4 semanas)' },
];

/** What the buyer chose for Pix Automático. */
export interface PixAutomatico {
  /** Reais per delivery. */
  valorMaximo: number;
  cpf: string;
  semPix: 'na_entrega' | 'pausar';
}

/** '45,90' or '45.90' or '1.234,56' → 45.9; null when it is not an amount. */
export function parseReais(texto: string): number | null {
  const t = texto.trim().replace(/^R\$\s*/, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+([.,]\d{1,2})?$/.test(t)) return null;
  const n = t.includes(',') ? Number(t.replace(/\./g, '').replace(',', '.')) : Number(t);
  return Number.isFinite(n) ? n : null;
}

/**
 * Why the maximum typed cannot be sent (the server says the same), or null: empty, not an
 * amount, or below the first delivery's total.
 */
export function maximoInvalido(texto: string, totalCentavos: number): string | null {
  const v = parseReais(texto);
  if (v === null || v <= 0) return 'Informe o valor máximo por entrega para o Pix Automático.';
  if (Math.round(v * 100) < totalCentavos) return 'O valor máximo autorizado é menor que o total da cesta. Aumente o valor máximo.';
  return null;
}

/** `endereco`: where the basket is delivered when not at the profile's address (null: the profile's). */
export function assinar(
  order: OrderPayload,
  frequencia: Frequencia,
  pix: PixAutomatico | null = null,
  endereco: AddressValue | null = null,
): Promise<RpcResult<'assinar'>> {
  const onde = endereco ? { endereco } : {};
  if (pix) {
    return rpc('assinar', {
      ...order,
      ...onde,
      frequencia,
      pagamento: 'pix_automatico',
      valor_maximo: pix.valorMaximo,
      cpf: pix.cpf,
      sem_pix: pix.semPix,
    });
  }
  return rpc('assinar', { ...order, ...onde, pagamento: 'na_entrega', frequencia });
}
