/**
 * App-store badges (Google Play, App Store) drawn with CSS and inline SVG — no images. Where the
 * browser offers to install the web app (`beforeinstallprompt`), an 'Instalar o app' badge comes
 * first and opens its prompt.
 */
import { APP_STORE_URL, PLAY_STORE_URL } from '@/config/contact';
import { promptInstall, useInstallPrompt } from '@/lib/pwa';
import { AppleIcon, LogoMark, PlayStoreIcon } from './icons';

export function AppBadges({ className = '' }: { className?: string }) {
  const installable = useInstallPrompt();
  return (
    <div className={`badges ${className}`}>
      {installable && (
        <button type="button" className="badge badge--install" onClick={() => void promptInstall()}>
          <LogoMark size={20} />
          <span>
            <small>Direto no celular</small>
            <br />
            Instalar o app
          </span>
        </button>
      )}
      <a className="badge" href={PLAY_STORE_URL} target="_blank" rel="noopener noreferrer">
        <PlayStoreIcon />
        <span>
          <small>Disponível no</small>
          <br />
          Google Play
        </span>
      </a>
      <a className="badge" href={APP_STORE_URL} target="_blank" rel="noopener noreferrer">
        <AppleIcon />
        <span>
          <small>Baixar na</small>
          <br />
          App Store
        </span>
      </a>
    </div>
  );
}
