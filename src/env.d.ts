/// <reference types="vite/client" />

/** Build-time overrides of the runtime configuration (ARCHITECTURE.md, contract decisions). */
interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_ANALYTICS_URL?: string;
  readonly VITE_ANALYTICS_KEY?: string;
}
