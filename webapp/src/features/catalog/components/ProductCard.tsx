/**
 * The product card (spec §3): the icon (or a placeholder 180 px high), the title, the price — the
 * promotional one when there is one — prefixed 'R$', and a green badge with the percent off
 * (the API's `desconto`, computed by the server with wasm-core); 'Esgotado' over the picture of a
 * sold-out product (the API's `esgotado`, decisions.md §26). Renders nothing for a product whose
 * `status` is set. With `href` it is a link opening in a new tab, with `onClick` a button,
 * otherwise a plain block.
 *
 * Loads no wasm: the home page shows these cards on first visit.
 */
import type { ReactNode } from 'react';
import { capitalizeWords, formatReais } from '@/lib/display';
import '../catalog.css';

export interface CardItem {
  titulo: string;
  icone: string | null;
  preco: number;
  precopromo?: number | null;
  desconto?: number | null;
  status?: unknown;
  /** Sold out (the server's word; an ad has none). */
  esgotado?: boolean;
  /** The lowest of its options' prices when they differ (decisions.md §39): 'a partir de R$ …'. */
  apartirde?: number | null;
}

export interface ProductCardProps {
  item: CardItem;
  /** Opens this address in a new tab. */
  href?: string;
  onClick?: () => void;
}

export const CARD_IMAGE_WIDTH = 300;
export const CARD_IMAGE_HEIGHT = 180;

/** The picture of a product without one. */
export function ImagePlaceholder({ height = CARD_IMAGE_HEIGHT }: { height?: number }) {
  return (
    <span className="img-ph" style={{ height }} data-testid="imagem-padrao">
      <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
        <path d="M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 2v8.6l3.8-3.8a1 1 0 0 1 1.4 0l2.3 2.3 3.3-3.3a1 1 0 0 1 1.4 0L19 14.6V7H5Zm4.5 4a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z" />
      </svg>
    </span>
  );
}

export function ProductCard({ item, href, onClick }: ProductCardProps) {
  if (item.status) return null;
  const preco = item.apartirde ?? item.precopromo ?? item.preco;
  const body: ReactNode = (
    <>
      <span className="pcard__img">
        {item.icone ? (
          <img
            src={item.icone}
            alt=""
            loading="lazy"
            decoding="async"
            width={CARD_IMAGE_WIDTH}
            height={CARD_IMAGE_HEIGHT}
          />
        ) : (
          <ImagePlaceholder />
        )}
        {item.desconto != null && !item.esgotado && (
          <span className="pcard__badge" data-testid="desconto">
            -{item.desconto}%<span className="sr-only"> de desconto</span>
          </span>
        )}
        {item.esgotado && (
          <span className="pcard__esgotado" data-testid="esgotado">
            Esgotado
          </span>
        )}
      </span>
      <span className="pcard__body">
        <span className="pcard__title">{capitalizeWords(item.titulo)}</span>
        <span className="pcard__price" data-testid="preco-card">
          {item.apartirde != null ? `a partir de ${formatReais(preco)}` : formatReais(preco)}
        </span>
      </span>
    </>
  );

  if (href) {
    return (
      <a className="pcard" href={href} target="_blank" rel="noopener noreferrer">
        {body}
      </a>
    );
  }
  if (onClick) {
    return (
      <button type="button" className="pcard" onClick={onClick}>
        {body}
      </button>
    );
  }
  return <div className="pcard">{body}</div>;
}
