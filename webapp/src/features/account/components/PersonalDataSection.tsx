/**
 * The profile's Dados pessoais section, as the personal-data dialog: the e-mail read-only, the
 * name editable, 'Salvar' enabled only when the name changed (and is not blank), then 'Salvo com
 * sucesso!'; a failure shows the status dialog's error. Below it, the LGPD's self-service
 * (PrivacySection: download the data, delete the account), after the WhatsApp notices' opt-in.
 */
import { WhatsAppNotices } from '@/components/WhatsAppNotices';
import type { UserInfo } from '@/lib/session';
import { PersonalDataForm } from './PersonalDataForm';
import { PrivacySection } from './PrivacySection';

export function PersonalDataSection({ user }: { user: UserInfo }) {
  return (
    <section className="profile-section personal-data">
      <h2>Dados pessoais</h2>
      <PersonalDataForm user={user} />
      <WhatsAppNotices papel="comprador" />
      <PrivacySection />
    </section>
  );
}
