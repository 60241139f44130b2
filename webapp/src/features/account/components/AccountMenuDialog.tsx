/**
 * The account dialog opened from the user's name: Anúncios, Dados pessoais, Endereço, Histórico de
 * Pedidos and Sair.
 */
import { Dialog } from '@/components/Dialog';
import { displayName } from '@/hooks/useAccount';
import type { UserInfo } from '@/lib/session';

/** Sections of /painel/perfil/{usuario}, chosen through navigation state `inicial`. */
export type PanelSection = 'anuncios' | 'endereco' | 'historico';

export interface AccountMenuDialogProps {
  user: UserInfo;
  onClose: () => void;
  onPanel: (section: PanelSection) => void;
  onPersonalData: () => void;
  onSignOut: () => void;
}

export function AccountMenuDialog({ user, onClose, onPanel, onPersonalData, onSignOut }: AccountMenuDialogProps) {
  return (
    <Dialog title="Minha conta" onClose={onClose} className="dlg--small">
      <p className="account-who">
        <strong>{displayName(user)}</strong>
        <br />
        <span className="muted">{user.email}</span>
      </p>
      <ul className="menu-list">
        <li>
          <button type="button" className="menu-item" onClick={() => onPanel('anuncios')}>
            Anúncios
          </button>
        </li>
        <li>
          <button type="button" className="menu-item" onClick={onPersonalData}>
            Dados pessoais
          </button>
        </li>
        <li>
          <button type="button" className="menu-item" onClick={() => onPanel('endereco')}>
            Endereço
          </button>
        </li>
        <li>
          <button type="button" className="menu-item" onClick={() => onPanel('historico')}>
            Histórico de pedidos
          </button>
        </li>
        <li>
          <button type="button" className="menu-item menu-item--danger" onClick={onSignOut}>
            Sair
          </button>
        </li>
      </ul>
    </Dialog>
  );
}
