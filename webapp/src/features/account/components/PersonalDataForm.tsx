/**
 * The personal-data form ('Dados pessoais'), shared by the account menu's dialog and the profile's
 * section: the e-mail read-only, the name editable, 'Salvar' enabled only when the name changed
 * (and is not blank); a successful save updates the stored user and shows 'Salvo com sucesso!'; a
 * failure shows the status dialog's error.
 */
import { useState, type FormEvent } from 'react';
import { useStatusDialog } from '@/components/status-dialog';
import { updateUserInfo, type UserInfo } from '@/lib/session';
import { alterarNome } from '../api/alterarNome';

export const NOME_MAX = 80;

export interface PersonalDataFormProps {
  user: UserInfo;
  /** The class of the row holding 'Salvar' (none by default). */
  actionsClassName?: string;
  /** Whether the name field takes the focus when the surrounding dialog opens. */
  autofocus?: boolean;
}

export function PersonalDataForm({ user, actionsClassName, autofocus = false }: PersonalDataFormProps) {
  const status = useStatusDialog();
  const [saved, setSaved] = useState(user.nome ?? '');
  const [nameText, setNameText] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const trimmed = nameText.trim();
  const canSave = !busy && trimmed !== '' && trimmed !== saved.trim();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!canSave) return;
    setBusy(true);
    status.loading();
    const res = await alterarNome(trimmed);
    setBusy(false);
    if (res.error !== undefined) {
      status.error();
      return;
    }
    status.close();
    updateUserInfo({ nome: trimmed });
    setSaved(trimmed);
    setNameText(trimmed);
    setDone(true);
  }

  return (
    <form className="form" onSubmit={onSubmit}>
      <label className="field">
        <span className="field__label">E-mail</span>
        <input type="email" value={user.email} readOnly aria-readonly="true" className="input input--readonly" />
      </label>
      <label className="field">
        <span className="field__label">Nome</span>
        <input
          type="text"
          className="input"
          value={nameText}
          maxLength={NOME_MAX}
          autoComplete="name"
          placeholder="Seu nome"
          data-autofocus={autofocus || undefined}
          onChange={(e) => {
            setNameText(e.target.value);
            setDone(false);
          }}
        />
      </label>
      {done && (
        <p className="form__ok" role="status">
          Salvo com sucesso!
        </p>
      )}
      <div className={actionsClassName}>
        <button type="submit" className="btn" disabled={!canSave}>
          Salvar
        </button>
      </div>
    </form>
  );
}
