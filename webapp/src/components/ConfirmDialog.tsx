/**
 * Yes/no confirmation ('Sair da sua conta?', 'Remover anúncio?', …) with 'Não'/'Sim' (the spec's 'Nao', written as Brazilians do: decisions.md §29).
 */
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
}

export function ConfirmDialog({ message, onConfirm, onCancel, confirmLabel = 'Sim', cancelLabel = 'Não' }: ConfirmDialogProps) {
  return (
    <Dialog title={message} onClose={onCancel} className="dlg--small">
      <div className="dlg__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </button>
        <button type="button" className="btn" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
