/**
 * The shared footer: contact e-mail, phone (WhatsApp chat), Instagram, terms, privacy policy and
 * the app-store badges.
 */
import { Link } from 'react-router-dom';
import { AppBadges } from '@/components/AppBadges';
import { LogoMark, WhatsAppIcon } from '@/components/icons';
import { CONTACT_EMAIL, CONTACT_PHONE, INSTAGRAM_HANDLE, INSTAGRAM_URL, WHATSAPP_URL } from '@/config/contact';
import { brazilDay } from '@/lib/time';

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer__inner">
        <div className="footer__brand">
          <LogoMark size={32} />
          <p>
            <strong>Feira</strong>
            <br />
            Produtos do campo direto de quem produz.
          </p>
        </div>
        <div>
          <h2 className="footer__title">Contato</h2>
          <ul className="footer__list">
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
            </li>
            <li>
              <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer" className="footer__wa">
                <WhatsAppIcon /> {CONTACT_PHONE}
              </a>
            </li>
            <li>
              <a href={INSTAGRAM_URL} target="_blank" rel="noopener noreferrer">
                Instagram {INSTAGRAM_HANDLE}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="footer__title">Institucional</h2>
          <ul className="footer__list">
            <li>
              <Link to="/termos">Termos de uso</Link>
            </li>
            <li>
              <Link to="/privacidade">Política de privacidade</Link>
            </li>
            <li>
              <Link to="/links">Links</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="footer__title">Baixe o app</h2>
          <AppBadges />
        </div>
      </div>
      <p className="footer__legal container">© {brazilDay().ano} Feira. Todos os direitos reservados.</p>
    </footer>
  );
}
