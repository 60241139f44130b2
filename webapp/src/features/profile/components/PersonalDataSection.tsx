/**
 * The profile's Dados pessoais section, as the personal-data dialog: the e-mail read-only, the
 * name editable, 'Salvar' enabled only when the name changed (and is not blank), then 'Salvo com
 * sucesso!'; a failure shows the status dialog's error.
 */
import { useState, type FormEvent } from 'react';
import { useStatusDialog } from '@/components/status-dialog';
import { alterarNome } from '@/features/account/api/alterarNome';
import { NOME_MAX } from '@/features/account/components/PersonalDataDialog';
import { updateUserInfo, type UserInfo } from '@/lib/session';

export function PersonalDataSection({ user }: { user: UserInfo }) {
  const status = useStatusDialog();
  const [saved, setSaved] = useState(user.nome ?? '');
  const [nome, setNome] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const trimmed = nome.trim();
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
    setNome(trimmed);
    setDone(true);
  }

  return (
    <section className="profile-section personal-data">
      <h2>Dados pessoais</h2>
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
            value={nome}
            maxLength={NOME_MAX}
            autoComplete="name"
            placeholder="Seu nome"
            onChange={(e) => {
              setNome(e.target.value);
              setDone(false);
            }}
          />
        </label>
        {done && (
          <p className="form__ok" role="status">
            Salvo com sucesso!
          </p>
        )}
        <div>
          <button type="submit" className="btn" disabled={!canSave}>
            Salvar
          </button>
        </div>
      </form>
    </section>
  );
}
