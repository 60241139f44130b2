/**
 * Links page (`/links`): the apps, the site and the WhatsApp contact — the page a social-media
 * profile links to.
 */
import { Link } from 'react-router-dom';
import { AppBadges } from '@/components/AppBadges';
import { LogoMark, WhatsAppIcon } from '@/components/icons';
import { CONTACT_EMAIL, CONTACT_PHONE, INSTAGRAM_HANDLE, INSTAGRAM_URL, SITE_URL, WHATSAPP_URL } from '@/config/contact';
import { usePageTitle } from '@/hooks/usePageTitle';
import '../static.css';

export default function LinksPage() {
  usePageTitle('Links');
  return (
    <section className="container page links-page">
      <LogoMark size={56} />
      <h1>Feira</h1>
      <p className="muted">Produtos do campo direto de quem produz.</p>
      <ul className="links-list">
        <li>
          <a className="links-item" href={SITE_URL}>
            Acesse o site
          </a>
        </li>
        <li>
          <Link className="links-item" to="/anunciegratis">
            Anuncie grátis
          </Link>
        </li>
        <li>
          <a className="links-item links-item--wa" href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer">
            <WhatsAppIcon /> Fale conosco no WhatsApp {CONTACT_PHONE}
          </a>
        </li>
        <li>
          <a className="links-item" href={INSTAGRAM_URL} target="_blank" rel="noopener noreferrer">
            Instagram {INSTAGRAM_HANDLE}
          </a>
        </li>
        <li>
          <a className="links-item" href={`mailto:${CONTACT_EMAIL}`}>
            {CONTACT_EMAIL}
          </a>
        </li>
      </ul>
      <h2>Baixe o app</h2>
      <AppBadges className="badges--center" />
    </section>
  );
}
