/**
 * The public pages' header: logo, region selector, menu links with the /anunciegratis promotion,
 * the search (→ /anuncios?q=…, every category; a plain GET form, so it works before the app has
 * loaded), the bag button (with the bag's count) and the account area. On small screens the links move to
 * a side menu (hamburger) and a 'Baixe o app' button offers the browser's install prompt where
 * there is one, and otherwise opens the app-download dialog (the store links); the menu and the
 * dialog load only when opened.
 */
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { BagButton } from '@/components/BagButton';
import { LogoMark, MenuIcon, SearchIcon } from '@/components/icons';
import { promptInstall, useInstallPrompt } from '@/lib/pwa';
import { AccountButton } from '@/features/account/components/AccountButton';
import { RegionButton } from '@/features/region/components/RegionButton';
import { NAV_ITEMS, PROMO_ITEM } from '../nav';

const SideMenu = lazy(() => import('./SideMenu'));
const AppDownloadDialog = lazy(() => import('./AppDownloadDialog'));

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [appOpen, setAppOpen] = useState(false);
  const installable = useInstallPrompt();
  const downloadApp = () => (installable ? void promptInstall() : setAppOpen(true));
  const navigate = useNavigate();

  function runSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    navigate(q ? `/anuncios?q=${encodeURIComponent(q)}` : '/anuncios?q=');
  }

  return (
    <header className="header">
      <div className="header__inner container">
        <button
          type="button"
          className="icon-btn header__burger"
          aria-label="Abrir menu"
          aria-haspopup="dialog"
          onClick={() => setMenuOpen(true)}
        >
          <MenuIcon />
        </button>
        <Link to="/" className="logo" aria-label="Feira, página inicial">
          <LogoMark />
          <span className="logo__text">Feira</span>
        </Link>
        <RegionButton className="header__region" />
        <nav className="header__nav" aria-label="Principal">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} end className="nav-link">
              {item.label}
            </NavLink>
          ))}
          <NavLink to={PROMO_ITEM.to} className="nav-link nav-link--promo">
            {PROMO_ITEM.label}
          </NavLink>
        </nav>
        <button type="button" className="btn btn--small header__app" onClick={downloadApp}>
          Baixe o app
        </button>
        <div className="header__account header__end">
          <form className="header-search" role="search" aria-label="Buscar produtos" action="/anuncios" method="get" onSubmit={runSearch}>
            <input
              className="header-search__input"
              name="q"
              type="search"
              enterKeyHint="search"
              placeholder="Buscar produtos"
              aria-label="Buscar produtos"
            />
            <button type="submit" className="icon-btn header-search__go" aria-label="Buscar produtos">
              <SearchIcon />
            </button>
          </form>
          <BagButton />
          <AccountButton />
        </div>
      </div>
      <Suspense fallback={null}>
        {menuOpen && (
          <SideMenu
            onClose={() => setMenuOpen(false)}
            onDownloadApp={() => {
              setMenuOpen(false);
              downloadApp();
            }}
          />
        )}
        {appOpen && <AppDownloadDialog onClose={() => setAppOpen(false)} />}
      </Suspense>
    </header>
  );
}
