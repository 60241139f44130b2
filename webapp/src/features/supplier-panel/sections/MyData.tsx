/**
 * Meus Dados: Nome, CPF/CNPJ, Telefone (masked), Instagram and description (optional). 'Salvar'
 * is enabled only when something changed, and a banner warns of unsaved changes. wasm-core checks
 * the form ('Por favor, preencha o campo Nome.' …); the save is `editar_dados_fornecedor`.
 */
import { useState, type FormEvent } from 'react';
import { PhoneField } from '@/components/PhoneField';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import { editarDadosFornecedor } from '../api/actions';
import { errorText, type SectionProps } from './types';

export const AVISO_NAO_SALVO = 'Você fez alterações que ainda não foram salvas.';

type Fields = { nomeforn: string; cpf: string; telefone: string; instagram: string; descricaoforn: string };

export function MyData({ forn, update }: SectionProps) {
  const { core } = useCore();
  const status = useStatusDialog();
  const initial: Fields = {
    nomeforn: forn.nomeforn ?? '',
    cpf: forn.cpf ?? '',
    telefone: forn.telefone ?? '',
    instagram: forn.instagram ?? '',
    descricaoforn: forn.descricaoforn ?? '',
  };
  const [f, setF] = useState<Fields>(initial);
  const [error, setError] = useState<string | null>(null);
  const changed = (Object.keys(initial) as (keyof Fields)[]).some((k) => f[k] !== initial[k]);

  const set = (k: keyof Fields, v: string) => {
    setF((x) => ({ ...x, [k]: v }));
    setError(null);
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!core || !changed) return;
    let valid: { nomeforn: string; cpf: string; telefone: string; instagram?: string; descricaoforn?: string };
    try {
      valid = core.supplier_profile_validate(f);
    } catch (err) {
      return setError(errorText(err));
    }
    const phone = core.phone_mask(valid.telefone);
    const data = { nomeforn: valid.nomeforn, cpf: valid.cpf, telefone: phone, instagram: valid.instagram ?? null, descricaoforn: valid.descricaoforn ?? null };
    status.loading();
    const r = await editarDadosFornecedor(data);
    if (r.error !== undefined) return status.error();
    status.success();
    update(data);
    setF({ ...data, instagram: data.instagram ?? '', descricaoforn: data.descricaoforn ?? '' });
  }

  return (
    <form className="form panel-form" onSubmit={save} noValidate>
      <Field label="Nome" value={f.nomeforn} onChange={(v) => set('nomeforn', v)} />
      <Field label="CPF/CNPJ" value={f.cpf} onChange={(v) => set('cpf', v.toUpperCase())} />
      <PhoneField core={core} value={f.telefone} onChange={(v) => set('telefone', v)} />
      <Field label="Instagram (opcional)" value={f.instagram} onChange={(v) => set('instagram', v)} />
      <label className="field">
        <span className="field__label">Descrição (opcional)</span>
        <textarea className="input" rows={5} maxLength={500} value={f.descricaoforn} onChange={(e) => set('descricaoforn', e.target.value)} />
      </label>
      {changed && <p className="banner" role="status">{AVISO_NAO_SALVO}</p>}
      {error && <p className="form__error" role="alert">{error}</p>}
      <button type="submit" className="btn" disabled={!changed || !core}>
        Salvar
      </button>
    </form>
  );
}

export function Field({ label, value, onChange, max, type = 'text', disabled }: { label: string; value: string; onChange: (v: string) => void; max?: number; type?: string; disabled?: boolean }) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input className="input" type={type} value={value} maxLength={max} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
