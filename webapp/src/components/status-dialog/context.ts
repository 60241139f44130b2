/**
 * Context and hook of the shared status dialog: any component can show loading, success or error
 * for an async operation without owning a dialog.
 */
import { createContext, useContext } from 'react';
import type { RpcError } from '@/lib/rpc';

export interface StatusDialogApi {
  loading: (message?: string) => void;
  success: (message?: string) => void;
  /**
   * The error state with `message` (the generic one when absent), or with a failed call's text;
   * offline it says that a connection is needed, unless the failure is itself about the connection
   * (`codigo_erro: 'sem_conexao'`: its own, more specific, text is kept).
   */
  error: (message?: string | RpcError) => void;
  close: () => void;
}

export const StatusDialogContext = createContext<StatusDialogApi | null>(null);

/** Controls the shared status dialog; must be used under `StatusDialogProvider`. */
export function useStatusDialog(): StatusDialogApi {
  const ctx = useContext(StatusDialogContext);
  if (!ctx) throw new Error('useStatusDialog fora de StatusDialogProvider');
  return ctx;
}
