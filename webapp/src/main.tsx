/**
 * Entry point: global styles, the first catalogue read of the page being opened, the React root
 * (which replaces index.html's static first paint), the watch on the network (lib/online.ts) and
 * the service worker's registration (after the page has loaded).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prefetchCatalogRead } from './features/catalog/prefetch';
import { watchNetwork } from './lib/online';
import { registerServiceWorker } from './lib/pwa';
import { getRegion } from './lib/region';
import './app/app.css';

function start() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The page's data is asked now, while its chunk loads; the static header and skeleton of
// index.html paint first, and React takes over in the next frame.
void prefetchCatalogRead(window.location.pathname, window.location.search, getRegion());
requestAnimationFrame(() => setTimeout(start, 0));

watchNetwork();
registerServiceWorker();
