/**
 * Yes/no confirmation ('Sair da sua conta?', 'Remover anúncio?', …) with 'Não'/'Sim' (the spec's 'Nao', written as Brazilians do: decisions.md §29).
 */
import type { ReactNode } from 'react';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** What the person should know before answering. */
  children?: ReactNode;
}

export function ConfirmDialog({ message, onConfirm, onCancel, confirmLabel = 'Sim', cancelLabel = 'Não', children }: ConfirmDialogProps) {
  return (
    <Dialog title={message} onClose={onCancel} className="dlg--small">
      {children}
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
