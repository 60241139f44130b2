/**
 * The home's 3-slide carousel: the marketplace pitch with the app-store links, About and Contact.
 * Native horizontal scrolling with snap points (swipe on phones), previous/next buttons and one
 * dot per slide; no images, no timers.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AppBadges } from '@/components/AppBadges';
import { WhatsAppIcon } from '@/components/icons';
import { CONTACT_EMAIL, CONTACT_PHONE, INSTAGRAM_HANDLE, INSTAGRAM_URL, WHATSAPP_URL } from '@/config/contact';

interface Slide {
  label: string;
  content: ReactNode;
}

const SLIDES: Slide[] = [
  {
    label: 'Feira',
    content: (
      <>
        <h1>Do campo direto para você</h1>
        <p className="slide__text">
          Alimentos, sementes, mudas e produtos agrícolas vendidos por quem produz, com entrega ou retirada no local.
          Anuncie grátis: sem mensalidade.
        </p>
        <AppBadges />
      </>
    ),
  },
  {
    label: 'Sobre',
    content: (
      <>
        <h2>Sobre a Feira</h2>
        <p className="slide__text">
          A Feira aproxima produtores, fornecedores e compradores da mesma região. Cada produtor tem sua loja on-line,
          recebe pedidos e combina a entrega; você paga presencialmente ou por Pix.
        </p>
        <Link className="btn btn--light" to="/anunciegratis">
          Anuncie grátis
        </Link>
      </>
    ),
  },
  {
    label: 'Contato',
    content: (
      <>
        <h2>Contato</h2>
        <ul className="slide__contact">
          <li>
            <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
          </li>
          <li>
            <a href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer">
              <WhatsAppIcon /> {CONTACT_PHONE}
            </a>
          </li>
          <li>
            <a href={INSTAGRAM_URL} target="_blank" rel="noopener noreferrer">
              Instagram {INSTAGRAM_HANDLE}
            </a>
          </li>
        </ul>
      </>
    ),
  },
];

export function HomeCarousel() {
  const track = useRef<HTMLDivElement>(null);
  const [atual, setAtual] = useState(0);

  const go = (i: number) => {
    const n = (i + SLIDES.length) % SLIDES.length;
    setAtual(n);
    const el = track.current;
    el?.scrollTo?.({ left: n * el.clientWidth, behavior: 'smooth' });
  };

  return (
    <section className="carousel" aria-roledescription="carrossel" aria-label="Destaques">
      <div
        ref={track}
        className="carousel__track"
        onScroll={(e) => {
          const el = e.currentTarget;
          if (el.clientWidth > 0) setAtual(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {SLIDES.map((s, i) => (
          <div
            key={s.label}
            className={`slide slide--${i + 1}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} de ${SLIDES.length}: ${s.label}`}
          >
            <div className="slide__inner container">{s.content}</div>
          </div>
        ))}
      </div>
      <div className="carousel__controls">
        <button type="button" className="carousel__arrow" aria-label="Anterior" onClick={() => go(atual - 1)}>
          ‹
        </button>
        {SLIDES.map((s, i) => (
          <button
            key={s.label}
            type="button"
            className="carousel__dot"
            aria-label={`Ir para ${s.label}`}
            aria-current={i === atual ? 'true' : undefined}
            onClick={() => go(i)}
          />
        ))}
        <button type="button" className="carousel__arrow" aria-label="Próximo" onClick={() => go(atual + 1)}>
          ›
        </button>
      </div>
    </section>
  );
}
