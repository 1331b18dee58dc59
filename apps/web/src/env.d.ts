/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Display name of the product (DESIGN §1: the name comes from configuration). */
  readonly VITE_APP_NAME?: string;
  /** Where the API lives; '/api' on the same origin unless set. */
  readonly VITE_API_BASE_URL?: string;
  /** Where symbol logos live (`<base>/<SYMBOL>.webp`); unset: initials badges, no logo requests. */
  readonly VITE_LOGO_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The web client's version, from apps/web/package.json (Vite `define`). */
declare const __APP_VERSION__: string;
