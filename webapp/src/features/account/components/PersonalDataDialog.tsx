/**
 * 'Dados pessoais': the e-mail (read-only) and the name (editable). 'Salvar' is enabled only when
 * the name changed (and is not blank); a successful save updates the stored user and shows
 * 'Salvo com sucesso!'; a failure shows the status dialog's error.
 */
import { Dialog } from '@/components/Dialog';
import type { UserInfo } from '@/lib/session';
import { PersonalDataForm } from './PersonalDataForm';

export interface PersonalDataDialogProps {
  user: UserInfo;
  onClose: () => void;
}

export function PersonalDataDialog({ user, onClose }: PersonalDataDialogProps) {
  return (
    <Dialog title="Dados pessoais" onClose={onClose} className="dlg--small">
      <PersonalDataForm user={user} actionsClassName="dlg__actions" autofocus />
    </Dialog>
  );
}
