/**
 * The first catalogue read of the page being opened, started as soon as the app's shell runs,
 * while the page's own chunk is still on its way (a round trip and the first render earlier, on
 * a slow link). The reads are GETs with one URL per question (lib/cacheable.ts), so when the page
 * asks the same thing through the same api function a moment later, the browser answers it from
 * that response (its HTTP cache, which holds a second request for a URL until the first one's
 * answer is in).
 *
 * The routes are the catalogue's own (app/router.tsx): the home, /lojas, /anuncios, the detail
 * pages and the storefronts. Anything else starts nothing. For a product page and a storefront,
 * the photos at the top of the page (the largest thing on it) are fetched as soon as the read
 * names them, not after the page's chunk has arrived and rendered.
 */
import { categoriaOuPadrao } from '@/config/categories';
import { productImages } from '@/lib/display';
import { isRegion } from '@/lib/region';
import { pegarAnuncioUrlSite } from './api/pegarAnuncioUrlSite';
import { pegarLojas } from './api/pegarLojas';
import { pegarProdutoUrlSite } from './api/pegarProdutoUrlSite';
import { pegarProdutosAnunciosSite } from './api/pegarProdutosAnunciosSite';
import { pegarProdutosAnunciosSite2 } from './api/pegarProdutosAnunciosSite2';
import { search as buscar } from './api/search';
import { startSite } from './api/startSite';
import { STORE_URL_RE } from './storeUrl';

/** The app's own one-segment paths (app/router.tsx): not storefronts. */
const APP_PATHS = new Set(['termos', 'privacidade', 'links', 'anunciegratis', 'lojas', 'anuncios', 'blockchain', 'admin']);

const DETAIL = /^\/detalhes\/([^/]+)\/([^/]+)\/([^/]+)$/;

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/** How many of a storefront's first products' photos are fetched early (a phone's first screen). */
const STORE_PHOTOS = 4;

/** Starts fetching `urls` (photos: the page's `<img>` then finds them in the browser's cache). */
function preloadImages(urls: (string | null | undefined)[]) {
  for (const url of urls) {
    if (url) new Image().src = url;
  }
}

/** Starts the read of the page at `pathname` + `search` for a visitor in `regiao`; null when it has none. */
export function prefetchCatalogRead(pathname: string, search: string, regiao: string): Promise<unknown> | null {
  const query = new URLSearchParams(search);
  if (pathname === '/') return pegarProdutosAnunciosSite(regiao);
  if (pathname === '/lojas') return pegarLojas(regiao);
  if (pathname === '/anuncios') {
    // AdsPage's first page: the address's region when valid, the category or the default one;
    // a search's first page (every category, or the one asked).
    const r = query.get('regiao');
    const city = isRegion(r) ? r : regiao;
    const term = query.get('q')?.trim();
    if (term) {
      const c = query.get('categoria');
      return buscar({ all: term, cidade: city, categoria: c && categoriaOuPadrao(c) === c ? c : null });
    }
    return pegarProdutosAnunciosSite2(city, categoriaOuPadrao(query.get('categoria')));
  }
  const detail = DETAIL.exec(pathname);
  if (detail) {
    // A path that does not decode is no page of ours; of one that does, the id alone is asked.
    const [categoria, id, dono] = detail.slice(1).map(decode);
    if (categoria === null || id === null || dono === null) return null;
    const read = query.get('type') === 'forn' ? pegarProdutoUrlSite(id) : pegarAnuncioUrlSite(id);
    return read.then((data) => {
      if (data.error === undefined) preloadImages([productImages(data.item)[0]]);
    });
  }
  const segment = pathname.slice(1);
  if (STORE_URL_RE.test(segment) && !APP_PATHS.has(segment)) {
    return startSite(segment).then((data) => {
      if (data.error === undefined && 'allprods' in data) {
        preloadImages(data.allprods.filter((p) => !p.status).slice(0, STORE_PHOTOS).map((p) => p.icone));
      }
    });
  }
  return null;
}
