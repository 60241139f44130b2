/**
 * The status dialog of async operations, with the spec's three states: loading, success
 * ('Suas alterações foram salvas com sucesso', decisions.md §29) and error ('Algum erro ocorreu!').
 */
import { Dialog } from '../Dialog';

export type Status = 'loading' | 'success' | 'error';

export const STATUS_TEXT: Record<Status, string> = {
  loading: 'Carregando...',
  success: 'Suas alterações foram salvas com sucesso',
  error: 'Algum erro ocorreu!',
};

export interface StatusDialogProps {
  status: Status;
  /** Overrides the state's default text. */
  message?: string;
  onClose: () => void;
}

export function StatusDialog({ status, message, onClose }: StatusDialogProps) {
  const text = message ?? STATUS_TEXT[status];
  const loading = status === 'loading';
  return (
    <Dialog title={text} untitled onClose={onClose} dismissable={!loading} className="dlg--small dlg--status">
      <div className="status" role={loading ? 'status' : 'alert'} aria-live="polite" data-status={status}>
        {loading ? <span className="spinner" aria-hidden="true" /> : <span className={`status__icon status__icon--${status}`} aria-hidden="true">{status === 'success' ? '✓' : '!'}</span>}
        <p>{text}</p>
      </div>
      {!loading && (
        <div className="dlg__actions">
          <button type="button" className="btn" onClick={onClose} data-autofocus>
            OK
          </button>
        </div>
      )}
    </Dialog>
  );
}
