/**
 * App-store badges (Google Play, App Store) drawn with CSS and inline SVG — no images.
 */
import { APP_STORE_URL, PLAY_STORE_URL } from '@/config/contact';
import { AppleIcon, PlayStoreIcon } from './icons';

export function AppBadges({ className = '' }: { className?: string }) {
  return (
    <div className={`badges ${className}`}>
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
