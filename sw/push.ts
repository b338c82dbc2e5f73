/**
 * Web push in the service worker: shows what the server pushes, and opens the right screen when the trader
 * taps it. An action that trades (kill switch, square off) only OPENS the app at its confirmation: the
 * worker never calls the API for it, so nothing is sent without the trader confirming on screen.
 *
 * One exception, by design (issue 41): a bot's proposal carries Approve and Reject, and pressing one IS the
 * trader's decision, made on that notification. The worker posts it with the single-use token the server
 * minted for this proposal and this device (no session token ever reaches the worker); the server re-prices
 * and refuses anything stale. Where the platform shows no buttons (or the post fails or is refused), a tap
 * opens the app on the proposal, where it is decided on screen.
 */

import { pushLanguage, sayPushText } from './push-text';

/**
 * What the server pushes (issue 12): JSON, its texts in English with, beside each, its code and parameters
 * (`title_i18n`, `body_i18n`, an action's `title_i18n`), which push-text.ts says in the trader's language.
 */
export type PushPayload = {
  title: string;
  body: string;
  title_i18n: unknown;
  body_i18n: unknown;
  tag: string;
  url: string;
  alert_id: number | null;
  actions: { action: string; title: string; title_i18n: unknown }[];
  /** A bot's proposal: its id and this device's single-use token for it. */
  proposal: { id: number; token: string } | null;
};

export type NotificationData = { url: string; alert_id: number | null; proposal: { id: number; token: string } | null };

const fallbackUrl = '/app/strategy_alerts';
/** The kill switch's confirmation, opened over the dashboard; `source` puts "notification" in its audit. */
export const killSwitchUrl = '/app/dashboards/default?kill-switch=arm&source=notification';
/** Squaring off is confirmed on the positions screen, never from the notification itself. */
export const squareOffUrl = '/app/position';
const knownActions = new Set(['open', 'kill_switch', 'square_off', 'approve', 'reject']);
/** Where the worker posts a decision from a proposal's notification (same origin as the app). */
export const decisionPath = '/api/approvals/notification/';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Only a path of this app: a payload must never send the trader to another site. */
export function safeAppPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : fallbackUrl;
}

function proposalOf(value: unknown): PushPayload['proposal'] {
  if (!isRecord(value)) return null;
  const { id, token } = value;
  return typeof id === 'number' && typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token) ? { id, token } : null;
}

export function parsePushPayload(raw: unknown): PushPayload {
  const data = isRecord(raw) ? raw : {};
  const actions = Array.isArray(data['actions']) ? data['actions'] : [];
  return {
    title: text(data['title']) || 'StrikeDesk',
    body: text(data['body']),
    title_i18n: data['title_i18n'] ?? null,
    body_i18n: data['body_i18n'] ?? null,
    tag: text(data['tag']),
    url: safeAppPath(data['url']),
    alert_id: typeof data['alert_id'] === 'number' ? data['alert_id'] : null,
    proposal: proposalOf(data['proposal']),
    actions: actions
      .filter(isRecord)
      .map((entry) => ({ action: text(entry['action']), title: text(entry['title']), title_i18n: entry['title_i18n'] ?? null }))
      .filter((entry) => knownActions.has(entry.action) && entry.title !== ''),
  };
}

function readPushData(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    // Not JSON: its text is still worth showing.
    return { body: event.data?.text() };
  }
}

/** Where a tap leads: the action's screen, or the alert's own. */
export function targetOf(action: string, data: unknown): string {
  if (action === 'kill_switch') return killSwitchUrl;
  if (action === 'square_off') return squareOffUrl;
  return safeAppPath(isRecord(data) ? data['url'] : undefined);
}

/** Focuses an open window of the app and takes it there, or opens one. */
export async function openApp(scope: ServiceWorkerGlobalScope, path: string): Promise<void> {
  const url = new URL(path, scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.focused) ?? windows[0];
  if (open !== undefined) {
    try {
      const focused = await open.focus();
      await focused.navigate(url);
      return;
    } catch {
      // A window this worker does not control cannot be navigated: a new one is opened instead.
    }
  }
  await scope.clients.openWindow(url);
}

/** Shows the notification in the language the trader chose in the app (push-text.ts). */
async function showPush(scope: ServiceWorkerGlobalScope, payload: PushPayload): Promise<void> {
  const language = await pushLanguage();
  const maxActions = (scope as { Notification?: { maxActions?: number } }).Notification?.maxActions ?? 2;
  const data: NotificationData = { url: payload.url, alert_id: payload.alert_id, proposal: payload.proposal };
  const options: NotificationOptions & { actions: { action: string; title: string }[] } = {
    body: sayPushText(language, payload.body, payload.body_i18n),
    data,
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    actions: payload.actions.slice(0, maxActions).map((entry) => ({ action: entry.action, title: sayPushText(language, entry.title, entry.title_i18n) })),
    ...(payload.tag === '' ? {} : { tag: payload.tag }),
    // A proposal waits for the trader's decision rather than fading from the screen.
    ...(payload.proposal === null ? {} : { requireInteraction: true }),
  };
  await scope.registration.showNotification(sayPushText(language, payload.title, payload.title_i18n), options);
}

/**
 * Approve or Reject pressed on a proposal's notification: posts the decision with this device's token. A
 * decision the server took is final (the app shows its outcome); if it could not be made here (offline, the
 * token spent or expired, the prices moved), the app opens on the proposal to say why and decide again.
 */
export async function decideFromNotification(scope: ServiceWorkerGlobalScope, action: 'approve' | 'reject', data: unknown): Promise<void> {
  const proposal = isRecord(data) ? proposalOf(data['proposal']) : null;
  const fallback = targetOf('open', data);
  if (proposal === null) return openApp(scope, fallback);
  try {
    const answer = await fetch(new URL(decisionPath, scope.location.origin).href, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: proposal.token, decision: action }),
      credentials: 'omit',
    });
    if (answer.ok) return;
  } catch {
    // Offline or the server unreachable: the app says what happened and lets the trader decide there.
  }
  await openApp(scope, fallback);
}

export function registerPushHandlers(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event) => {
    event.waitUntil(showPush(scope, parsePushPayload(readPushData(event))));
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const { action } = event;
    if (action === 'approve' || action === 'reject') {
      event.waitUntil(decideFromNotification(scope, action, event.notification.data));
      return;
    }
    event.waitUntil(openApp(scope, targetOf(action, event.notification.data)));
  });
}
