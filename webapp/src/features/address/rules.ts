/**
 * The address form's rules, from wasm-core: the phone and CEP masks and the validation messages
 * ('Preencha todos os campos!', 'Insira um número válido', 'Insira um CEP válido', 'Insira um
 * telefone válido!').
 */
import type { Core } from '@/lib/wasm';
import { errorText } from '@/lib/errorText';

export interface AddressFields {
  cidade: string;
  rua: string;
  numero: string;
  complemento: string;
  telefone: string;
  /** Masked '00000-000' (optional). */
  cep: string;
  /** Optional. */
  bairro: string;
}

export interface ValidAddress {
  cidade: string;
  rua: string;
  numero: string;
  /** null when empty. */
  complemento: string | null;
  /** Digits. */
  telefone: string;
  /** '00000-000', null when empty. */
  cep: string | null;
  /** null when empty. */
  bairro: string | null;
}

export type AddressCheck = { ok: true; value: ValidAddress } | { ok: false; message: string };

export function validateAddress(core: Core, f: AddressFields): AddressCheck {
  try {
    return { ok: true, value: core.address_validate({ ...f }) as ValidAddress };
  } catch (err) {
    return { ok: false, message: errorText(err) };
  }
}

/** The phone as typed, masked '(19) 99876-5432'. */
export function maskPhone(core: Core, input: string): string {
  return core.phone_mask(input);
}

/** The message wasm-core gives for a bad phone (to tell the wizard's steps apart). */
export function phoneMessage(core: Core): string {
  const r = validateAddress(core, { cidade: 'x', rua: 'x', numero: '1', complemento: '', telefone: '', cep: '', bairro: '' });
  return r.ok ? '' : r.message;
}

/** Phone input max length (spec §5). */
export const PHONE_MAX_LENGTH = 15;
