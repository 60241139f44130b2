/**
 * Owns the one shared status dialog and provides `useStatusDialog()`. An error while the browser
 * is offline says so ('Sem conexão. Conecte-se à internet e tente de novo.') instead of the
 * generic message: the action needed the server, and the form it came from keeps what was typed.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { isOffline, SEM_CONEXAO } from '@/lib/online';
import { StatusDialogContext, type StatusDialogApi } from './context';
import { StatusDialog, type Status } from './StatusDialog';

/** Offline, an error says that a connection is needed (keeping a more specific 'Sem conexão…'). */
function offlineMessage(message?: string): string | undefined {
  if (!isOffline() || message?.startsWith('Sem conexão')) return message;
  return SEM_CONEXAO;
}

export function StatusDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ status: Status; message?: string } | null>(null);
  const api = useMemo<StatusDialogApi>(
    () => ({
      loading: (message) => setState({ status: 'loading', message }),
      success: (message) => setState({ status: 'success', message }),
      error: (message) => setState({ status: 'error', message: offlineMessage(message) }),
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
