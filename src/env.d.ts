/// <reference types="vite/client" />

/** Build-time overrides of the runtime configuration (ARCHITECTURE.md, contract decisions). */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges with Vite's ImportMetaEnv.
interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_ANALYTICS_URL?: string;
  readonly VITE_ANALYTICS_KEY?: string;
}
