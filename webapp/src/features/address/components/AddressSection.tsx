/**
 * The profile panel's 'Endereço' section: CEP (fills what the lookup knows, decisions.md §31),
 * Rua, Número, Bairro, Telefone, Complemento (optional) and Cidade (filtered dropdown), and the
 * notice when the address's point is its city's centre. 'Salvar Alterações' is enabled only when something differs from the loaded
 * values; validation messages come from wasm-core; the save (`alterar_endereco`, which geocodes
 * on the server) updates the stored userinfo and shows the status dialog.
 */
import { useState, type FormEvent } from 'react';
import { CepField } from '@/components/places/CepField';
import { CityField } from '@/components/places/CityField';
import { PhoneField } from '@/components/PhoneField';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import { updateUserInfo, type UserInfo } from '@/lib/session';
import { alterarEndereco } from '../api/alterarEndereco';
import { maskPhone, validateAddress, type AddressFields } from '../rules';
import '../address.css';

function fieldsOf(user: UserInfo): AddressFields {
  return {
    rua: user.rua ?? '',
    numero: user.numero ?? '',
    telefone: user.telefone ?? '',
    complemento: user.complemento ?? '',
    cidade: user.cidade ?? '',
    cep: user.cep ?? '',
    bairro: user.bairro ?? '',
  };
}

export function AddressSection({ user }: { user: UserInfo }) {
  const { core, failed } = useCore();
  const status = useStatusDialog();
  const [loaded, setLoaded] = useState<AddressFields>(() => fieldsOf(user));
  const [fields, setFields] = useState<AddressFields>(loaded);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const shown = (f: AddressFields) => (core ? { ...f, telefone: maskPhone(core, f.telefone) } : f);
  const a = shown(fields);
  const b = shown(loaded);
  const changed = (Object.keys(a) as (keyof AddressFields)[]).some((k) => a[k].trim() !== b[k].trim());

  const set = (k: keyof AddressFields, v: string) => {
    setFields((f) => ({ ...f, [k]: v }));
    setError(null);
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!core || !changed || busy) return;
    const check = validateAddress(core, fields);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    const v = check.value;
    const phone = maskPhone(core, v.telefone);
    setBusy(true);
    status.loading();
    const r = await alterarEndereco({
      rua: v.rua,
      numero: v.numero,
      cidade: v.cidade,
      telefone: phone,
      complemento: v.complemento,
      cep: v.cep,
      bairro: v.bairro,
    });
    setBusy(false);
    if (r.error !== undefined) {
      status.error();
      return;
    }
    const saved = r.userinfo ?? {
      ...user,
      rua: v.rua,
      numero: v.numero,
      cidade: v.cidade,
      telefone: phone,
      complemento: v.complemento,
      cep: v.cep,
      bairro: v.bairro,
    };
    updateUserInfo(saved);
    const now = fieldsOf({ ...user, ...saved });
    setLoaded(now);
    setFields(now);
    status.success();
  }

  return (
    <section className="profile-section address-section" aria-labelledby="endereco-titulo">
      <h2 id="endereco-titulo">Endereço</h2>
      {failed && (
        <p className="form__error" role="alert">
          Algum erro ocorreu!
        </p>
      )}
      <form className="form" onSubmit={onSubmit} noValidate>
        <CepField
          core={core}
          value={fields.cep}
          onChange={(c) => set('cep', c)}
          onFound={(f) =>
            setFields((cur) => ({ ...cur, cidade: f.cidade ?? cur.cidade, rua: f.rua ?? cur.rua, bairro: f.bairro ?? cur.bairro }))
          }
        />
        <label className="field">
          <span className="field__label">Rua</span>
          <input className="input" value={fields.rua} autoComplete="address-line1" onChange={(e) => set('rua', e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">Número</span>
          <input className="input" value={fields.numero} inputMode="numeric" onChange={(e) => set('numero', e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">Bairro</span>
          <input className="input" value={fields.bairro} autoComplete="address-level3" onChange={(e) => set('bairro', e.target.value)} />
        </label>
        <PhoneField core={core} value={a.telefone} onChange={(v) => set('telefone', v)} />
        <label className="field">
          <span className="field__label">Complemento (opcional)</span>
          <input className="input" value={fields.complemento} autoComplete="address-line2" onChange={(e) => set('complemento', e.target.value)} />
        </label>
        <CityField key={loaded.cidade} value={fields.cidade} onChange={(c) => set('cidade', c)} />
        {user.aviso_localizacao && <p className="muted">{user.aviso_localizacao}</p>}
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <div className="dlg__actions">
          <button type="submit" className="btn" disabled={!core || !changed || busy}>
            Salvar Alterações
          </button>
        </div>
      </form>
    </section>
  );
}
