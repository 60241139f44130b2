/**
 * Display helpers of the catalogue. No business rule lives here: prices, discounts and quantities
 * come from the API or wasm-core; these only turn given values into text and addresses.
 */
import type { Anuncio, ItemCatalogo, Produto } from '@/types/wire';

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/**
 * A given amount in reais as 'R$ 12,50' (cards only, which must not load wasm-core; the detail and
 * the storefront's product modal format with wasm-core). Intl's no-break space becomes a plain one,
 * as wasm-core writes it.
 */
export function formatReais(valor: number): string {
  return BRL.format(valor).replace(/\s/g, ' ');
}

/**
 * A stored price as a price field shows it for editing: '32,50' (decimal comma, no 'R$', no
 * thousands separator; decisions.md §29). wasm-core parses it back (`money_parse`).
 */
export function priceField(valor: number | null | undefined): string {
  return valor == null ? '' : valor.toFixed(2).replace('.', ',');
}

/** A store's average note as shown: '4,5' (one decimal, comma). */
export function averageRating(media: number): string {
  return media.toFixed(1).replace('.', ',');
}

/** '1 avaliação', '12 avaliações'. */
export function reviewsText(quantidade: number): string {
  return quantidade === 1 ? '1 avaliação' : `${quantidade} avaliações`;
}

/** The title with its first letter in upper case (titles are stored lower-cased). */
export function capitalizeWords(texto: string): string {
  return texto.charAt(0).toLocaleUpperCase('pt-BR') + texto.slice(1);
}

/** A date as pt-BR 'dd/mm/aaaa', in Brazilian time (./time.ts, decisions.md §40). */
export { formatDay as formatData } from './time';

/** The WhatsApp chat with a Brazilian phone: https://wa.me/55{digits}. */
export function whatsappUrl(telefone: string): string {
  return `https://wa.me/55${telefone.replace(/\D/g, '')}`;
}

/** An Instagram handle as '@loja' (from '@loja', 'loja' or a profile address). */
export function instagramHandle(instagram: string): string {
  const v = instagram.trim();
  const m = /instagram\.com\/([^/?#]+)/i.exec(v);
  return `@${(m ? m[1] : v).replace(/^@/, '')}`;
}

/** The Instagram profile address of a handle. */
export function instagramUrl(instagram: string): string {
  return `https://instagram.com/${encodeURIComponent(instagramHandle(instagram).slice(1))}`;
}

/** Detail route of a supplier product: /detalhes/{categoria}/{id}/{userforn}?type=forn. */
export function productPath(p: Pick<Produto, 'categoria' | 'id' | 'userforn'>): string {
  return `/detalhes/${encodeURIComponent(p.categoria)}/${encodeURIComponent(p.id)}/${encodeURIComponent(p.userforn)}?type=forn`;
}

/** Detail route of a direct ad: /detalhes/{categoria}/{id}/{usuario}. */
export function adPath(a: Pick<Anuncio, 'categoria' | 'id' | 'usuario'>): string {
  return `/detalhes/${encodeURIComponent(a.categoria)}/${encodeURIComponent(a.id)}/${encodeURIComponent(a.usuario)}`;
}

/** The detail route of a listed product or ad. */
export function itemPath(item: ItemCatalogo): string {
  return item.anuncio ? adPath(item) : productPath(item);
}

/** The /anuncios address of a category in a region. */
export function adsPath(categoria: string, regiao: string): string {
  return `/anuncios?categoria=${encodeURIComponent(categoria)}&regiao=${encodeURIComponent(regiao)}`;
}

/** A product's images, the icon first, at most 5 (spec §9). */
export function productImages(item: { icone: string | null; fotos: Record<string, string> | null }): string[] {
  const all = [item.icone, ...Object.values(item.fotos ?? {})].filter((u): u is string => !!u);
  return [...new Set(all)].slice(0, 5);
}
