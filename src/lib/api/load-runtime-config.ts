/**
 * Reads /config.json (see runtime-config). Loaded by boot beside the first screen rather than with it: the
 * sign-in form paints without it, and API requests wait for it.
 */
import { buildTimeOverrides, CONFIG_URL, configRequest, defaultRuntimeConfig, type RuntimeConfig } from '@/lib/api/runtime-config';

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
  const webhook = stringField(record, 'webhook_origin');
  if (webhook !== undefined) parsed.webhookOrigin = webhook.replace(/\/+$/, '');
  return parsed;
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
    const response = await fetchConfig(CONFIG_URL, configRequest());
    if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
    const body: unknown = await response.json();
    served = parseRuntimeConfig(body);
    localStorage.setItem(LAST_CONFIG_KEY, JSON.stringify(body));
  } catch {
    served = lastServedConfig();
  }
  return { ...defaultRuntimeConfig, ...served, ...buildTimeOverrides() };
}
