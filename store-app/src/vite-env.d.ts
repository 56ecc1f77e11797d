/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  /** The vendor panel's address, which the apply-to-sell page links to. */
  readonly VITE_VENDOR_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
