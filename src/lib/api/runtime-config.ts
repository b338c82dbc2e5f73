/**
 * Where the backends are, read at start from /config.json (served by the reference server from its
 * environment), so one build can be pointed at other backends without rebuilding. Build-time VITE_ values
 * override it; without either, everything is same-origin.
 */
export type RuntimeConfig = {
  apiBaseUrl: string;
  analyticsUrl: string;
  analyticsAnonKey: string;
};

export const DEFAULT_ANALYTICS_ANON_KEY = 'strikedesk-public-anon-key';

export const defaultRuntimeConfig: RuntimeConfig = {
  apiBaseUrl: '',
  analyticsUrl: '/analytics',
  analyticsAnonKey: DEFAULT_ANALYTICS_ANON_KEY,
};

const CONFIG_TIMEOUT_MS = 3000;

function stringField(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  return typeof value === 'string' ? value : undefined;
}

export function parseRuntimeConfig(body: unknown): Partial<RuntimeConfig> {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const parsed: Partial<RuntimeConfig> = {};
  const api = stringField(record, 'api_base_url');
  const analytics = stringField(record, 'analytics_url');
  const key = stringField(record, 'analytics_anon_key');
  if (api !== undefined) parsed.apiBaseUrl = api.replace(/\/+$/, '');
  if (analytics) parsed.analyticsUrl = analytics.replace(/\/+$/, '');
  if (key) parsed.analyticsAnonKey = key;
  return parsed;
}

function buildTimeOverrides(): Partial<RuntimeConfig> {
  const env = import.meta.env;
  const overrides: Partial<RuntimeConfig> = {};
  if (env.VITE_API_URL) overrides.apiBaseUrl = env.VITE_API_URL;
  if (env.VITE_ANALYTICS_URL) overrides.analyticsUrl = env.VITE_ANALYTICS_URL;
  if (env.VITE_ANALYTICS_KEY) overrides.analyticsAnonKey = env.VITE_ANALYTICS_KEY;
  return overrides;
}

const LAST_CONFIG_KEY = 'strikedesk:runtime-config';

function lastServedConfig(): Partial<RuntimeConfig> {
  try {
    return parseRuntimeConfig(JSON.parse(localStorage.getItem(LAST_CONFIG_KEY) ?? 'null'));
  } catch {
    return {};
  }
}

/**
 * Never fails: offline, the last configuration served applies (kept in localStorage: it is not user data),
 * and without any, same-origin defaults, so the app always starts.
 */
export async function loadRuntimeConfig(fetchConfig: typeof fetch = fetch): Promise<RuntimeConfig> {
  let served: Partial<RuntimeConfig>;
  try {
    const response = await fetchConfig('/config.json', {
      cache: 'no-cache',
      signal: AbortSignal.timeout(CONFIG_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
    const body: unknown = await response.json();
    served = parseRuntimeConfig(body);
    localStorage.setItem(LAST_CONFIG_KEY, JSON.stringify(body));
  } catch {
    served = lastServedConfig();
  }
  return { ...defaultRuntimeConfig, ...served, ...buildTimeOverrides() };
}
