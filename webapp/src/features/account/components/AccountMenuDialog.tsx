/**
 * The account dialog opened from the user's name: Anuncios, Dados pessoais, Endereco, Historico de
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
            Anuncios
          </button>
        </li>
        <li>
          <button type="button" className="menu-item" onClick={onPersonalData}>
            Dados pessoais
          </button>
        </li>
        <li>
          <button type="button" className="menu-item" onClick={() => onPanel('endereco')}>
            Endereco
          </button>
        </li>
        <li>
          <button type="button" className="menu-item" onClick={() => onPanel('historico')}>
            Historico de Pedidos
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
