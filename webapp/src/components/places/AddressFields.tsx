/**
 * An address other than the profile's (a recurring basket's own, decisions.md §35): CEP, street,
 * number, complement, bairro and city (the filtered IBGE list). No phone and no coordinates: the
 * server checks the address with wasm-core's rules and locates it, as for the profile's.
 */
import { CityField } from './CityField';

export interface AddressValue {
  cep: string;
  rua: string;
  numero: string;
  complemento: string;
  bairro: string;
  /** 'Cidade, UF' as picked, or ''. */
  cidade: string;
}

export const EMPTY_ADDRESS: AddressValue = { cep: '', rua: '', numero: '', complemento: '', bairro: '', cidade: '' };

/** Street, number and a picked city are filled (the rest is optional). */
export function addressComplete(a: AddressValue): boolean {
  return a.rua.trim() !== '' && a.numero.trim() !== '' && a.cidade !== '';
}

/** The address as the API takes it (`endereco`), trimmed. */
export function addressPayload(a: AddressValue): AddressValue {
  return {
    cep: a.cep.trim(),
    rua: a.rua.trim(),
    numero: a.numero.trim(),
    complemento: a.complemento.trim(),
    bairro: a.bairro.trim(),
    cidade: a.cidade,
  };
}

export function AddressFields({ value, onChange }: { value: AddressValue; onChange: (a: AddressValue) => void }) {
  const set = (k: keyof AddressValue) => (e: { target: { value: string } }) => onChange({ ...value, [k]: e.target.value });
  return (
    <div className="address-fields" data-testid="outro-endereco">
      <label className="field">
        <span className="field__label">CEP</span>
        <input className="input" inputMode="numeric" value={value.cep} onChange={set('cep')} data-testid="endereco-cep" />
      </label>
      <label className="field">
        <span className="field__label">Rua</span>
        <input className="input" value={value.rua} onChange={set('rua')} data-testid="endereco-rua" />
      </label>
      <label className="field">
        <span className="field__label">Número</span>
        <input className="input" inputMode="numeric" value={value.numero} onChange={set('numero')} data-testid="endereco-numero" />
      </label>
      <label className="field">
        <span className="field__label">Complemento</span>
        <input className="input" value={value.complemento} onChange={set('complemento')} data-testid="endereco-complemento" />
      </label>
      <label className="field">
        <span className="field__label">Bairro</span>
        <input className="input" value={value.bairro} onChange={set('bairro')} data-testid="endereco-bairro" />
      </label>
      <CityField value={value.cidade} onChange={(cidade) => onChange({ ...value, cidade })} />
    </div>
  );
}
