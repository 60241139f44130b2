/**
 * Entry point: global styles, the React root (which replaces index.html's static first paint)
 * and the service worker's registration (after the page has loaded).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './lib/pwa';
import './app/app.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
