/**
 * Public surface of the status dialog: the component, its provider and the hook.
 */
export { StatusDialog, STATUS_TEXT, type Status } from './StatusDialog';
export { StatusDialogProvider } from './StatusDialogProvider';
export { useStatusDialog, type StatusDialogApi } from './context';
