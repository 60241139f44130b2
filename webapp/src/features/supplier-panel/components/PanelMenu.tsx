/**
 * The panel's side menu with the nine sections (spec §2) and 'Assinaturas' (decisions.md §35); collapsible on small screens, where it
 * slides over the page with a backdrop.
 */
export const SECTIONS = [
  'Informações gerais',
  'Produtos',
  'Entregas',
  'Assinaturas',
  'Gestão',
  'Loja online',
  'Pagamentos',
  'Delivery',
  'Categorias',
  'Cupons de desconto',
] as const;

export type Section = (typeof SECTIONS)[number];

export interface PanelMenuProps {
  current: Section;
  open: boolean;
  pendentes: number | null;
  onPick: (s: Section) => void;
  onClose: () => void;
}

export function PanelMenu({ current, open, pendentes, onPick, onClose }: PanelMenuProps) {
  return (
    <>
      {open && <div className="panel-menu__backdrop" data-testid="panel-backdrop" onClick={onClose} />}
      <nav className={`panel-menu${open ? ' panel-menu--open' : ''}`} aria-label="Seções do painel">
        <ul>
          {SECTIONS.map((s) => (
            <li key={s}>
              <button
                type="button"
                className={`panel-menu__item${s === current ? ' panel-menu__item--on' : ''}`}
                aria-current={s === current ? 'page' : undefined}
                onClick={() => onPick(s)}
              >
                {s}
                {s === 'Entregas' && pendentes !== null && pendentes > 0 && (
                  <span className="panel-menu__count" aria-label={`${pendentes} entregas pendentes`}>
                    {pendentes}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
