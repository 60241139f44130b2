/**
 * The moderation's reason (the owner is always told why): a dialog that asks why before hiding a store, an ad or a
 * product, or removing a review; the reason is e-mailed to the owner. Required (wasm-core's
 * 'Informe o motivo.', at most 500 characters). Whatever the caller shows first (a store's open
 * orders and balance) comes as children.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '@/components/Dialog';
import { useCore } from '@/hooks/useCore';
import { errorText } from '@/lib/errorText';

export interface ReasonDialogProps {
  title: string;
  confirmLabel: string;
  onConfirm: (motivo: string) => void;
  onCancel: () => void;
  children?: ReactNode;
}

export function ReasonDialog({ title, confirmLabel, onConfirm, onCancel, children }: ReasonDialogProps) {
  const { core } = useCore();
  const id = useId();
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!core) return;
    try {
      onConfirm(core.moderation_reason_validate(motivo));
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <Dialog title={title} onClose={onCancel}>
      {children}
      <form className="form" onSubmit={submit} noValidate>
        <label className="field" htmlFor={id}>
          <span className="field__label">Motivo (enviado ao responsável por e-mail)</span>
        </label>
        <textarea id={id} className="input" rows={3} maxLength={500} value={motivo} onChange={(e) => (setMotivo(e.target.value), setError(null))} />
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <div className="dlg__actions">
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            Cancelar
          </button>
          <button type="submit" className="btn btn--danger" disabled={!core}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
