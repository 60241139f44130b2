/**
 * The marketplace's main menu, shared by the header (wide screens) and the side menu (small).
 */
export interface NavItem {
  to: string;
  label: string;
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Início' },
  { to: '/anuncios?categoria=Alimentos', label: 'Anúncios' },
  { to: '/lojas', label: 'Lojas' },
  { to: '/blockchain', label: 'Blockchain' },
];

export const PROMO_ITEM: NavItem = { to: '/anunciegratis', label: 'Anuncie grátis' };
