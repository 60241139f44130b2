/**
 * Context and hook of the shared status dialog: any component can show loading, success or error
 * for an async operation without owning a dialog.
 */
import { createContext, useContext } from 'react';

export interface StatusDialogApi {
  loading: (message?: string) => void;
  success: (message?: string) => void;
  error: (message?: string) => void;
  close: () => void;
}

export const StatusDialogContext = createContext<StatusDialogApi | null>(null);

/** Controls the shared status dialog; must be used under `StatusDialogProvider`. */
export function useStatusDialog(): StatusDialogApi {
  const ctx = useContext(StatusDialogContext);
  if (!ctx) throw new Error('useStatusDialog fora de StatusDialogProvider');
  return ctx;
}
