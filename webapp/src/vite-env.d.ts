/**
 * Ambient types: Vite's client types and the build-time variables the webapp reads.
 */
/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_PLAY_STORE_URL?: string;
  readonly VITE_APP_STORE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
