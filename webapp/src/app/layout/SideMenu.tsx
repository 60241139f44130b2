/**
 * The side menu of small screens: the main links, the promotion and the app download.
 */
import { NavLink } from 'react-router-dom';
import { Dialog } from '@/components/Dialog';
import { NAV_ITEMS, PROMO_ITEM } from '../nav';

export interface SideMenuProps {
  onClose: () => void;
  onDownloadApp: () => void;
}

export default function SideMenu({ onClose, onDownloadApp }: SideMenuProps) {
  return (
    <Dialog title="Menu" onClose={onClose} className="side-menu">
      <nav aria-label="Menu lateral">
        <ul className="menu-list">
          {NAV_ITEMS.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end className="menu-item" onClick={onClose}>
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to={PROMO_ITEM.to} className="menu-item menu-item--promo" onClick={onClose}>
              {PROMO_ITEM.label}
            </NavLink>
          </li>
          <li>
            <button type="button" className="menu-item" onClick={onDownloadApp}>
              Baixe o app
            </button>
          </li>
        </ul>
      </nav>
    </Dialog>
  );
}
