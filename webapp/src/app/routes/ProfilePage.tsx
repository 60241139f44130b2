/**
 * Customer profile panel (`/painel/perfil/:usuario`). Only the signed-in user's own panel exists
 * (anyone else sees the not-found screen). A menu of four sections — Dados pessoais (default),
 * Anúncios, Endereço, Histórico de pedidos — the first chosen by the navigation state `inicial`
 * ('anuncios', 'endereco', 'historico'). On small screens the menu opens over the page.
 *
 * The notices' link to an order (`?pedido={id}`, lib/orderLink.ts) opens Histórico de pedidos on
 * that order's detail; signed out, the page asks to sign in first and the link still holds after
 * it (the sign-in is a popup, the page stays where it is).
 *
 * A route page of the app because it composes four features' sections: Dados pessoais (account),
 * Anúncios (ads), Endereço (address) and Histórico de pedidos (orders).
 */
import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { MenuIcon } from '@/components/icons';
import { NotFound } from '@/components/NotFound';
import { PersonalDataSection } from '@/features/account/components/PersonalDataSection';
import { AddressSection } from '@/features/address/components/AddressSection';
import { AdsSection } from '@/features/ads/components/AdsSection';
import { OrdersSection } from '@/features/orders/components/OrdersSection';
import { MyBasketsSection } from '@/features/subscriptions/components/MyBasketsSection';
import { useAccount } from '@/hooks/useAccount';
import { usePageTitle } from '@/hooks/usePageTitle';
import { linkedOrderId } from '@/lib/orderLink';
import { useSession, type UserInfo } from '@/lib/session';
import './profile.css';

type Section = 'dados' | 'anuncios' | 'endereco' | 'historico' | 'assinaturas';

const SECTIONS: { id: Section; label: string }[] = [
  { id: 'dados', label: 'Dados pessoais' },
  { id: 'anuncios', label: 'Anúncios' },
  { id: 'endereco', label: 'Endereço' },
  { id: 'historico', label: 'Histórico de pedidos' },
  { id: 'assinaturas', label: 'Minhas assinaturas' },
];

function isSection(v: unknown): v is Section {
  return SECTIONS.some((s) => s.id === v);
}

export default function ProfilePage() {
  const { usuario } = useParams();
  const session = useSession();
  const location = useLocation();
  const orderId = linkedOrderId(location.search);
  if (!session && orderId) return <SignInForOrder />;
  if (!session || session.userinfo.usuario !== usuario) return <NotFound />;
  const inicial = (location.state as { inicial?: unknown } | null)?.inicial;
  // A new navigation (e.g. the account menu's 'Endereço') starts at its section again.
  return (
    <ProfilePanel
      key={location.key}
      user={session.userinfo}
      inicial={orderId ? 'historico' : isSection(inicial) ? inicial : 'dados'}
      orderId={orderId}
    />
  );
}

/** A link to an order opened signed out: sign in, and the same page then shows the order. */
function SignInForOrder() {
  usePageTitle('Meu perfil');
  const { signIn } = useAccount();
  return (
    <section className="container page not-found">
      <h1>Meu perfil</h1>
      <p>Entre na sua conta para ver o pedido.</p>
      <button type="button" className="btn" onClick={signIn}>
        Cadastre-se ou Faça login
      </button>
    </section>
  );
}

function ProfilePanel({ user, inicial, orderId }: { user: UserInfo; inicial: Section; orderId: string | null }) {
  usePageTitle('Meu perfil');
  const [section, setSection] = useState<Section>(inicial);
  // The linked order opens once: back in the history later, the list shows as usual.
  const [linkedOrder, setLinkedOrder] = useState(orderId);
  const [menuOpen, setMenuOpen] = useState(false);
  const current = SECTIONS.find((s) => s.id === section) ?? SECTIONS[0];

  return (
    <div className="container page profile">
      <div className="profile__top">
        <h1>Meu perfil</h1>
        <button
          type="button"
          className="btn btn--small btn--ghost profile__menu-btn"
          aria-expanded={menuOpen}
          aria-controls="perfil-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <MenuIcon /> {current.label}
        </button>
      </div>
      <div className="profile__layout">
        {menuOpen && <div className="profile__overlay" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
        <nav id="perfil-menu" className={`profile__menu${menuOpen ? ' profile__menu--open' : ''}`} aria-label="Seções do perfil">
          <ul>
            {SECTIONS.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className={`profile__item${s.id === section ? ' profile__item--on' : ''}`}
                  aria-current={s.id === section ? 'page' : undefined}
                  onClick={() => {
                    setSection(s.id);
                    setLinkedOrder(null);
                    setMenuOpen(false);
                  }}
                >
                  {s.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="profile__content" data-testid="secao-perfil" data-secao={section}>
          {section === 'dados' && <PersonalDataSection user={user} />}
          {section === 'anuncios' && <AdsSection user={user} />}
          {section === 'endereco' && <AddressSection user={user} />}
          {section === 'historico' && <OrdersSection linkedOrder={linkedOrder} />}
          {section === 'assinaturas' && <MyBasketsSection />}
        </div>
      </div>
    </div>
  );
}
