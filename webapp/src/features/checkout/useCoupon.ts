/**
 * The checkout's coupon (spec §5): the code is typed in upper case and checked with
 * `validar_cupom`; an unknown code gives the alert 'Cupom não encontrado!' and clears the coupon,
 * a coupon its rules refuse (decisions.md §32: 'Cupom expirado.', 'Este cupom já foi usado.', …)
 * the alert of the server's message and clears it too; any other failure the alert 'Algum erro
 * ocorreu!' (spec §8), keeping the typed code to retry. Its days and minimum are checked again
 * by wasm-core's summary as the bag changes.
 * The applied coupon is kept both as wasm-core takes it (for the totals) and as the API gave it
 * (for the order payload's `infoscupom`).
 */
import { useState } from 'react';
import type { Core } from '@/lib/wasm';
import { ERRO_GENERICO } from '@/lib/rpc';
import { validarCupom } from './api/validarCupom';
import { coreCoupon, type CoreCoupon, type WireCoupon } from './rules';

export const CUPOM_NAO_ENCONTRADO = 'Cupom não encontrado!';

export interface AppliedCoupon {
  core: CoreCoupon;
  wire: WireCoupon;
}

export interface CouponState {
  text: string;
  applied: AppliedCoupon | null;
  checking: boolean;
  setText: (text: string) => void;
  apply: () => Promise<void>;
  remove: () => void;
}

export function useCoupon(core: Core | null, userforn: string | null): CouponState {
  const [text, setRawText] = useState('');
  const [applied, setApplied] = useState<AppliedCoupon | null>(null);
  const [checking, setChecking] = useState(false);

  function notFound() {
    refused(CUPOM_NAO_ENCONTRADO);
  }

  function refused(message: string) {
    window.alert(message);
    setRawText('');
    setApplied(null);
  }

  async function apply() {
    const codigo = text.trim().toUpperCase();
    if (!core || !userforn || !codigo || checking) return;
    setChecking(true);
    const r = await validarCupom(userforn, codigo);
    setChecking(false);
    if (r.data.error !== undefined) {
      if (r.status === 404) notFound();
      else if (r.status === 400 || r.status === 409) refused(r.data.error);
      else window.alert(ERRO_GENERICO);
      return;
    }
    try {
      setApplied({ core: coreCoupon(core, r.data), wire: r.data });
    } catch (err) {
      console.error('cupom:', err);
      notFound();
    }
  }

  return {
    text,
    applied,
    checking,
    setText: (t) => setRawText(t.toUpperCase()),
    apply,
    remove: () => {
      setApplied(null);
      setRawText('');
    },
  };
}
