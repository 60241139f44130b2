/**
 * 'Compartilhar' on a product's and a store's page: a link that opens WhatsApp with the page's
 * address (works with nothing else, even before the app has loaded its scripts); where the
 * browser has a share sheet (Web Share API: phones), that sheet instead, which offers WhatsApp
 * too. The address is the page's own, as its link preview describes it (decisions.md §30).
 */
import type { MouseEvent } from 'react';
import { WhatsAppIcon } from '@/components/icons';

interface Props {
  /** The page's path, e.g. `/sitio-boa-vista`. */
  path: string;
  /** What the message says before the address. */
  texto: string;
  /** The share sheet's title. */
  titulo: string;
  className?: string;
}

/** The WhatsApp link that sends `texto` and `url`. */
export function whatsappShareUrl(texto: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${texto} ${url}`)}`;
}

export function ShareButton({ path, texto, titulo, className = '' }: Props) {
  const url = `${window.location.origin}${path}`;

  function compartilhar(e: MouseEvent<HTMLAnchorElement>) {
    if (typeof navigator.share !== 'function') return;
    e.preventDefault();
    // Closing the sheet rejects: nothing to say.
    navigator.share({ title: titulo, text: texto, url }).catch(() => {});
  }

  return (
    <a
      className={`btn btn--ghost share-btn ${className}`.trim()}
      href={whatsappShareUrl(texto, url)}
      target="_blank"
      rel="noopener noreferrer"
      onClick={compartilhar}
    >
      <WhatsAppIcon /> Compartilhar
    </a>
  );
}
