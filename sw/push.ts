/**
 * Web push in the service worker: shows what the server pushes, and opens the right screen when the trader
 * taps it. An action that trades (kill switch, square off) only OPENS the app at its confirmation: the
 * worker never calls the API, so nothing is ever sent without the trader confirming on screen.
 */

/** What the server pushes (issue 12): JSON, text already in the trader's language. */
export type PushPayload = {
  title: string;
  body: string;
  tag: string;
  url: string;
  alert_id: number | null;
  actions: { action: string; title: string }[];
};

export type NotificationData = { url: string; alert_id: number | null };

const fallbackUrl = '/app/strategy_alerts';
/** The kill switch's confirmation, opened over the dashboard; `source` puts "notification" in its audit. */
export const killSwitchUrl = '/app/dashboards/default?kill-switch=arm&source=notification';
/** Squaring off is confirmed on the positions screen, never from the notification itself. */
export const squareOffUrl = '/app/position';
const knownActions = new Set(['open', 'kill_switch', 'square_off']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Only a path of this app: a payload must never send the trader to another site. */
export function safeAppPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : fallbackUrl;
}

export function parsePushPayload(raw: unknown): PushPayload {
  const data = isRecord(raw) ? raw : {};
  const actions = Array.isArray(data['actions']) ? data['actions'] : [];
  return {
    title: text(data['title']) || 'StrikeDesk',
    body: text(data['body']),
    tag: text(data['tag']),
    url: safeAppPath(data['url']),
    alert_id: typeof data['alert_id'] === 'number' ? data['alert_id'] : null,
    actions: actions
      .filter(isRecord)
      .map((entry) => ({ action: text(entry['action']), title: text(entry['title']) }))
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

export function registerPushHandlers(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event) => {
    const payload = parsePushPayload(readPushData(event));
    const maxActions = (scope as { Notification?: { maxActions?: number } }).Notification?.maxActions ?? 2;
    const data: NotificationData = { url: payload.url, alert_id: payload.alert_id };
    const options: NotificationOptions & { actions: { action: string; title: string }[] } = {
      body: payload.body,
      data,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      actions: payload.actions.slice(0, maxActions),
      ...(payload.tag === '' ? {} : { tag: payload.tag }),
    };
    event.waitUntil(scope.registration.showNotification(payload.title, options));
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    event.waitUntil(openApp(scope, targetOf(event.action, event.notification.data)));
  });
}
