import type { Alert, AlertCategory, AlertSeverity } from '@/features/alerts/api/alert-calls';

export const alertCategories: readonly AlertCategory[] = ['bot', 'order', 'kill_switch', 'broker_session', 'price'];
const severities: readonly AlertSeverity[] = ['info', 'success', 'warning', 'danger'];
const events: readonly Alert['event'][] = [
  'bot_entered', 'bot_exited', 'bot_stop_loss', 'bot_target', 'bot_rejected', 'bot_error', 'bot_missed', 'bot_stopped',
  'order_filled', 'order_rejected', 'stop_loss_hit', 'target_hit', 'kill_switch_armed', 'kill_switch_disarmed',
  'broker_session_expiring', 'broker_session_expired', 'price_crossed', 'price_alert_expired', 'order_repriced', 'order_reprice_gave_up',
  'delivery_margin_call', 'delivery_squared_off',
];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isCategory = (value: unknown): value is AlertCategory => alertCategories.some((category) => category === value);
const isSeverity = (value: unknown): value is AlertSeverity => severities.some((severity) => severity === value);
const isEvent = (value: unknown): value is Alert['event'] => events.some((event) => event === value);

function parseBot(value: unknown): Alert['bot'] | undefined {
  if (value === null) return null;
  if (!isRecord(value)) return undefined;
  const { kind, id, name } = value;
  return (kind === 'daily' || kind === 'trading') && typeof id === 'number' && typeof name === 'string' ? { kind, id, name } : undefined;
}

/**
 * A stored alert's coded text: kept only when it has a code and parameters, else null (the English text shows).
 * sayServerText checks every code and parameter again before it words one.
 */
function parseLocalText(value: unknown): Alert['title_i18n'] {
  if (!isRecord(value) || typeof value['code'] !== 'string' || !isRecord(value['params'])) return null;
  return value as Alert['title_i18n'];
}

/** One alert read back from the device: undefined unless it has the shape the feed renders. */
function parseAlert(raw: unknown): Alert | undefined {
  if (!isRecord(raw)) return undefined;
  const { id, category, event, severity, title, body, at, link, account_number: account, read } = raw;
  const titleI18n = parseLocalText(raw['title_i18n']);
  const bodyI18n = parseLocalText(raw['body_i18n']);
  const bot = parseBot(raw['bot']);
  if (typeof id !== 'number' || !isCategory(category) || !isSeverity(severity) || bot === undefined) return undefined;
  if (!isEvent(event) || typeof title !== 'string' || typeof body !== 'string') return undefined;
  if (typeof at !== 'string' || typeof link !== 'string' || typeof read !== 'boolean') return undefined;
  if (account !== null && typeof account !== 'string') return undefined;
  return { id, category, event, severity, title, body, title_i18n: titleI18n, body_i18n: bodyI18n, at, link, account_number: account, bot, read };
}

/** A stored feed (snapshot) back into alerts; a stored value of another shape shows nothing rather than junk. */
export function parseAlerts(raw: unknown): Alert[] | null {
  if (!Array.isArray(raw)) return null;
  const alerts = raw.map(parseAlert);
  return alerts.every((alert) => alert !== undefined) ? alerts : null;
}

/** An alert's link, only when it is a path of this app (never another site). */
export function appPath(link: string): string | null {
  return /^\/(?![/\\])/.test(link) ? link : null;
}
