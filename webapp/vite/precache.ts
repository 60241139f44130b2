/**
 * Vite plugin: which built files the service worker precaches.
 *
 * Not every chunk: the supplier panel, the admin, the notarisation pages and the photo pipeline
 * are not what a buyer on a weak signal needs offline, and precaching them would download them
 * all. The list is the shell (the entry's static imports and their CSS) plus each buyer route's
 * module (`BUYER_MODULES`) with its static imports, wasm-core's loader chunk and its `.wasm`.
 * `manifestTransforms` (given to vite-plugin-pwa) keeps only those entries and index.html;
 * vite-plugin-pwa adds the web app manifest and its icons.
 *
 * Anything else still works offline once fetched: the worker keeps every /assets file it serves.
 */
import type { ManifestTransform } from 'workbox-build';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Source modules of the buyer's screens (relative to src/), each with its static imports. */
export const BUYER_MODULES = [
  'features/catalog/components/HomePage.tsx',
  'features/catalog/components/StoresPage.tsx',
  'features/catalog/components/AdsPage.tsx',
  'features/catalog/components/ProductDetailPage.tsx',
  'features/catalog/components/StorefrontPage.tsx',
  'features/checkout/components/CheckoutDrawer.tsx',
  'features/static/components/TermsPage.tsx',
  'features/static/components/PrivacyPage.tsx',
  'features/static/components/LinksPage.tsx',
  'features/static/components/AdvertisePage.tsx',
  'components/NotFound.tsx',
];

/** wasm-core's bindings: prices on product pages, storefronts and in the bag. */
const CORE_MODULE = /[\\/]src[\\/]wasm[\\/]core[\\/]/;
const CORE_WASM = /(^|\/)wasm_core_bg[^/]*\.wasm$/;

/** Public files precached besides the built ones (vite-plugin-pwa adds the manifest and its icons). */
const ALWAYS = new Set(['index.html', 'icons/apple-touch-icon-180.png']);

const posix = (id: string) => id.replace(/\\/g, '/');

/** The file names of `roots` with everything they import statically, and the CSS they load. */
export function staticClosure(bundle: OutputBundle, roots: OutputChunk[]): Set<string> {
  const out = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (out.has(chunk.fileName)) return;
    out.add(chunk.fileName);
    const meta = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } }).viteMetadata;
    meta?.importedCss.forEach((f) => out.add(f));
    for (const dep of chunk.imports) {
      const c = bundle[dep];
      if (c?.type === 'chunk') visit(c);
    }
  };
  roots.forEach(visit);
  return out;
}

/** The plugin and the transform that keeps only the buyer's files in the precache manifest. */
export function buyerPrecache(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let keep: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'feira-buyer-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const wanted = (c: OutputChunk) => {
        const id = c.facadeModuleId ? posix(c.facadeModuleId) : '';
        return c.isEntry || CORE_MODULE.test(id) || BUYER_MODULES.some((m) => id.endsWith(`/src/${m}`));
      };
      const roots = chunks.filter(wanted);
      const missing = BUYER_MODULES.filter((m) => !roots.some((c) => posix(c.facadeModuleId ?? '').endsWith(`/src/${m}`)));
      if (missing.length) this.error(`precache: no chunk for ${missing.join(', ')} (moved or renamed? update vite/precache.ts)`);
      keep = staticClosure(bundle as OutputBundle, roots);
      for (const name of Object.keys(bundle)) if (CORE_WASM.test(name)) keep.add(name);
    },
  };
  const manifestTransform: ManifestTransform = async (entries) => {
    if (!keep) throw new Error('precache: the bundle was not seen (is feira-buyer-precache in the plugins?)');
    const kept = keep;
    const manifest = entries.filter((e) => kept.has(e.url) || ALWAYS.has(e.url));
    return { manifest, warnings: [] };
  };
  return { plugin, manifestTransform };
}
