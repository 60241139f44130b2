/**
 * The address wizard (spec §2 'Wizards', decisions.md §31): CEP (masked, optional: with a lookup
 * configured it fills street, bairro and city, and clears the number and complement when it names
 * another street) and city (filtered dropdown, at most 3
 * suggestions); street, number and bairro; complement (optional) and phone (masked); geocode
 * (`gerar_coordenadas`, which says when it used the city's centre); save (`alterar_endereco`).
 * Validation messages come from wasm-core. On success the stored userinfo is updated and `onDone`
 * receives it; a failed geocode or save shows the status dialog's error.
 *
 * Rendered inside a dialog or the checkout drawer (it has no dialog of its own).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { CepField } from '@/components/places/CepField';
import { CityField } from '@/components/places/CityField';
import { PhoneField } from '@/components/PhoneField';
import { useStatusDialog } from '@/components/status-dialog';
import { useCore } from '@/hooks/useCore';
import { getSession, updateUserInfo, type UserInfo } from '@/lib/session';
import { alterarEndereco } from '../api/alterarEndereco';
import { gerarCoordenadas } from '../api/gerarCoordenadas';
import { maskPhone, phoneMessage, validateAddress, withCep, type AddressFields, type ValidAddress } from '../rules';
import '../address.css';

const STEPS = ['CEP e cidade', 'Rua, número e bairro', 'Complemento e telefone', 'Confirmar endereço'] as const;

export interface AddressWizardProps {
  user: UserInfo;
  onDone: (user: UserInfo) => void;
  /** Back from the first step. */
  onCancel?: () => void;
}

type Geo =
  | { state: 'buscando' }
  | { state: 'ok'; latitude: number; longitude: number; aviso: string | null }
  | { state: 'erro'; message: string };

export function AddressWizard({ user, onDone, onCancel }: AddressWizardProps) {
  const { core, failed } = useCore();
  const status = useStatusDialog();
  const [step, setStep] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<AddressFields>({
    cidade: user.cidade ?? '',
    rua: user.rua ?? '',
    numero: user.numero ?? '',
    complemento: user.complemento ?? '',
    telefone: user.telefone ?? '',
    cep: user.cep ?? '',
    bairro: user.bairro ?? '',
  });
  const [valid, setValid] = useState<ValidAddress | null>(null);
  const [geo, setGeo] = useState<Geo>({ state: 'buscando' });
  const [saving, setSaving] = useState(false);

  const set = (k: keyof AddressFields, v: string) => {
    setFields((f) => ({ ...f, [k]: v }));
    setError(null);
  };

  // Geocode when the last step opens.
  useEffect(() => {
    if (step !== 3 || !valid) return;
    let alive = true;
    void gerarCoordenadas({
      rua: valid.rua,
      numero: valid.numero,
      cidade: valid.cidade,
      cep: valid.cep,
      bairro: valid.bairro,
    }).then((r) => {
      if (!alive) return;
      if (r.error !== undefined) {
        // The address flow's failure: the status dialog's error (spec §4, §8), and why, inline.
        setGeo({ state: 'erro', message: r.error });
        status.error();
        return;
      }
      setGeo({ state: 'ok', latitude: r.latitude, longitude: r.longitude, aviso: r.aviso ?? null });
    });
    return () => {
      alive = false;
    };
  }, [step, valid, status]);

  function next(e: FormEvent) {
    e.preventDefault();
    if (!core) return;
    if (step === 0) {
      if (fields.cidade) setStep(1);
      return;
    }
    const check = validateAddress(core, fields);
    if (step === 1) {
      // The street and number are fine when the first complaint is about the phone (a later step).
      if (!check.ok && check.message !== phoneMessage(core)) {
        setError(check.message);
        return;
      }
      setStep(2);
      return;
    }
    if (step === 2) {
      if (!check.ok) {
        setError(check.message);
        return;
      }
      setValid(check.value);
      setGeo({ state: 'buscando' });
      setStep(3);
    }
  }

  async function save() {
    if (!core || !valid || saving || geo.state !== 'ok') return;
    setSaving(true);
    status.loading();
    const r = await alterarEndereco({
      rua: valid.rua,
      numero: valid.numero,
      cidade: valid.cidade,
      telefone: maskPhone(core, valid.telefone),
      complemento: valid.complemento,
      cep: valid.cep,
      bairro: valid.bairro,
    });
    setSaving(false);
    if (r.error !== undefined) {
      status.error();
      return;
    }
    status.close();
    if (r.userinfo) {
      updateUserInfo(r.userinfo);
    } else {
      updateUserInfo({
        rua: valid.rua,
        numero: valid.numero,
        cidade: valid.cidade,
        complemento: valid.complemento,
        telefone: maskPhone(core, valid.telefone),
        cep: valid.cep,
        bairro: valid.bairro,
      });
    }
    onDone(getSession()?.userinfo ?? user);
  }

  function back() {
    setError(null);
    if (step === 0) onCancel?.();
    else setStep(step - 1);
  }

  if (failed) {
    return (
      <p className="form__error" role="alert">
        Algum erro ocorreu!
      </p>
    );
  }

  return (
    <form className="form address-wizard" onSubmit={next} noValidate>
      <progress className="wizard-progress" max={STEPS.length} value={step + 1} aria-label="Progresso do cadastro de endereço" />
      <h3 className="wizard-title">{STEPS[step]}</h3>

      {step === 0 && (
        <>
          <CepField
            core={core}
            value={fields.cep}
            onChange={(c) => set('cep', c)}
            onFound={(f) => setFields((cur) => withCep(cur, f))}
            autoFocus
          />
          <CityField value={fields.cidade} onChange={(c) => set('cidade', c)} />
        </>
      )}

      {step === 1 && (
        <>
          <label className="field">
            <span className="field__label">Rua</span>
            <input className="input" value={fields.rua} autoComplete="address-line1" data-autofocus onChange={(e) => set('rua', e.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">Número</span>
            <input className="input" value={fields.numero} inputMode="numeric" onChange={(e) => set('numero', e.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">Bairro</span>
            <input className="input" value={fields.bairro} autoComplete="address-level3" onChange={(e) => set('bairro', e.target.value)} />
          </label>
        </>
      )}

      {step === 2 && (
        <>
          <label className="field">
            <span className="field__label">Complemento (opcional)</span>
            <input className="input" value={fields.complemento} autoComplete="address-line2" data-autofocus onChange={(e) => set('complemento', e.target.value)} />
          </label>
          <PhoneField core={core} value={fields.telefone} onChange={(v) => set('telefone', v)} />
        </>
      )}

      {step === 3 && valid && (
        <div className="address-confirm">
          <p>
            {valid.rua}, {valid.numero}
            {valid.complemento ? ` - ${valid.complemento}` : ''}
            <br />
            {valid.bairro ? `${valid.bairro}, ` : ''}
            {valid.cidade}
            {valid.cep ? ` - ${valid.cep}` : ''}
          </p>
          {geo.state === 'buscando' && (
            <p className="muted" role="status">
              Localizando endereço...
            </p>
          )}
          {geo.state === 'ok' && !geo.aviso && <p className="form__ok">Endereço localizado!</p>}
          {geo.state === 'ok' && geo.aviso && (
            <p className="muted" role="status">
              {geo.aviso}
            </p>
          )}
          {geo.state === 'erro' && (
            <p className="form__error" role="alert">
              {geo.message}
            </p>
          )}
        </div>
      )}

      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}

      <div className="dlg__actions">
        {(step > 0 || onCancel) && (
          <button type="button" className="btn btn--ghost" onClick={back}>
            Voltar
          </button>
        )}
        {step < 3 ? (
          <button type="submit" className="btn" disabled={!core || (step === 0 && !fields.cidade)}>
            Continuar
          </button>
        ) : (
          <button type="button" className="btn" disabled={geo.state !== 'ok' || saving} onClick={() => void save()}>
            Salvar endereço
          </button>
        )}
      </div>
    </form>
  );
}
