/**
 * Where the backends are, read at start from /config.json (served by the reference server from its
 * environment), so one build can be pointed at other backends without rebuilding. Build-time VITE_ values
 * override it; without either, everything is same-origin.
 */
export type RuntimeConfig = {
  apiBaseUrl: string;
  analyticsUrl: string;
  analyticsAnonKey: string;
  /** Where a bot's webhook address points (the server's PUBLIC_ORIGIN); absent or '' for the API's own origin. */
  webhookOrigin?: string;
};

export const DEFAULT_ANALYTICS_ANON_KEY = 'strikedesk-public-anon-key';

export const defaultRuntimeConfig: RuntimeConfig = {
  apiBaseUrl: '',
  analyticsUrl: '/analytics',
  analyticsAnonKey: DEFAULT_ANALYTICS_ANON_KEY,
  webhookOrigin: '',
};

export function buildTimeOverrides(): Partial<RuntimeConfig> {
  const env = import.meta.env;
  const overrides: Partial<RuntimeConfig> = {};
  if (env.VITE_API_URL) overrides.apiBaseUrl = env.VITE_API_URL;
  if (env.VITE_ANALYTICS_URL) overrides.analyticsUrl = env.VITE_ANALYTICS_URL;
  if (env.VITE_ANALYTICS_KEY) overrides.analyticsAnonKey = env.VITE_ANALYTICS_KEY;
  return overrides;
}

/** What applies when /config.json's reader itself cannot be loaded: the defaults and the build's own values. */
export const fallbackRuntimeConfig = (): RuntimeConfig => ({ ...defaultRuntimeConfig, ...buildTimeOverrides() });

export const CONFIG_URL = '/config.json';
const CONFIG_TIMEOUT_MS = 3000;

/** How /config.json is asked for: always revalidated (a deployment may change it), and given up after 3 s. */
export const configRequest = (): RequestInit => ({ cache: 'no-cache', signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS) });
