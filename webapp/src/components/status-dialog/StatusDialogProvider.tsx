/**
 * Owns the one shared status dialog and provides `useStatusDialog()`.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { StatusDialogContext, type StatusDialogApi } from './context';
import { StatusDialog, type Status } from './StatusDialog';

export function StatusDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ status: Status; message?: string } | null>(null);
  const api = useMemo<StatusDialogApi>(
    () => ({
      loading: (message) => setState({ status: 'loading', message }),
      success: (message) => setState({ status: 'success', message }),
      error: (message) => setState({ status: 'error', message }),
      close: () => setState(null),
    }),
    [],
  );
  return (
    <StatusDialogContext.Provider value={api}>
      {children}
      {state && <StatusDialog status={state.status} message={state.message} onClose={api.close} />}
    </StatusDialogContext.Provider>
  );
}
