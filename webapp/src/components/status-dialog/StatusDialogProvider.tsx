/**
 * Owns the one shared status dialog and provides `useStatusDialog()`. An error while the browser
 * is offline says so ('Sem conexão. Conecte-se à internet e tente de novo.') instead of the
 * generic message: the action needed the server, and the form it came from keeps what was typed.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { isOffline, SEM_CONEXAO } from '@/lib/online';
import type { RpcError } from '@/lib/rpc';
import { StatusDialogContext, type StatusDialogApi } from './context';
import { StatusDialog, type Status } from './StatusDialog';

/**
 * The error's text: offline, that a connection is needed, unless the failure is itself about the
 * connection (`sem_conexao`, whose own text may be more specific, e.g. the sign-in's).
 */
function errorMessage(e?: string | RpcError): string | undefined {
  if (typeof e === 'object' && e.codigo_erro === 'sem_conexao') return e.error;
  if (isOffline()) return SEM_CONEXAO;
  return typeof e === 'object' ? e.error : e;
}

export function StatusDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ status: Status; message?: string } | null>(null);
  const api = useMemo<StatusDialogApi>(
    () => ({
      loading: (message) => setState({ status: 'loading', message }),
      success: (message) => setState({ status: 'success', message }),
      error: (e) => setState({ status: 'error', message: errorMessage(e) }),
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
