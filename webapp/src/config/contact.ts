/**
 * Public contact details and external links shown in the footer, /links and the app dialogs.
 * The app-store addresses can be overridden at build time (VITE_PLAY_STORE_URL,
 * VITE_APP_STORE_URL) once the apps are published.
 */
export const CONTACT_EMAIL = 'contato@feira.agr.br';
export const CONTACT_PHONE = '(19) 99702-4455';
export const WHATSAPP_URL = 'https://wa.me/5519997024455';
export const INSTAGRAM_URL = 'https://instagram.com/feira.agr';
export const INSTAGRAM_HANDLE = '@feira.agr';
export const SITE_URL = 'https://feira.agr.br';

export const PLAY_STORE_URL: string =
  import.meta.env.VITE_PLAY_STORE_URL ?? 'https://play.google.com/store/apps/details?id=br.agr.feira';
export const APP_STORE_URL: string =
  import.meta.env.VITE_APP_STORE_URL ?? 'https://www.apple.com/br/app-store/';
