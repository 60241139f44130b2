/**
 * The address form's rules, from wasm-core: the phone and CEP masks and the validation messages
 * ('Preencha todos os campos!', 'Insira um número válido', 'Insira um CEP válido', 'Insira um
 * telefone válido!'); and what a CEP found does to the fields typed (`withCep`).
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

/** What a CEP lookup found (null fields: unknown). */
export interface CepFound {
  rua?: string | null;
  bairro?: string | null;
  cidade?: string | null;
}

/** A street or city as compared: no accents, case or extra spaces ('Rua Moraes  Barros' = 'rua moraes barros'). */
const comparable = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The fields after a CEP lookup: street, bairro and city from the CEP where it knows them; when
 * the CEP names another street (or city) than the one typed, the number and complement typed for
 * the old street are cleared too, so the old house is never kept at the new street.
 */
export function withCep(f: AddressFields, found: CepFound): AddressFields {
  const rua = found.rua ?? f.rua;
  const cidade = found.cidade ?? f.cidade;
  const otherPlace = (!!f.rua.trim() && comparable(rua) !== comparable(f.rua)) || (!!f.cidade.trim() && comparable(cidade) !== comparable(f.cidade));
  return {
    ...f,
    rua,
    cidade,
    bairro: found.bairro ?? f.bairro,
    ...(otherPlace ? { numero: '', complemento: '' } : {}),
  };
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

