/**
 * Notifications (spec §9: top-right, 4.5 s, stackable), callable from anywhere: components, API error
 * handling in app/, service-worker messages. It writes the one store; <Toaster /> renders and times them.
 */
import { store } from '@/lib/store';
import {
  notificationsAtom,
  type Notification,
  type NotificationKind,
  type NotificationText,
} from '@/lib/notify/notifications-atom';

export const DEFAULT_NOTIFICATION_MS = 4500;
/**
 * Beyond this many, the oldest one makes room: a burst of failures must not bury the screen. Three is what
 * fits beside a desktop page without reaching its content; phones show only the newest (see Toaster).
 */
export const MAX_NOTIFICATIONS = 3;

export type NotifyInput = {
  kind: NotificationKind;
  title: NotificationText;
  description?: NotificationText;
  values?: Record<string, string | number>;
  /** Default 4500; 0 keeps it until the user closes it. */
  durationMs?: number;
};

let counter = 0;

function textKey(text: NotificationText | undefined): string {
  return typeof text === 'object' ? `id:${text.id ?? String(text.defaultMessage)}` : `text:${text ?? ''}`;
}

function sameMessage(a: Notification, b: NotifyInput): boolean {
  return (
    a.kind === b.kind &&
    textKey(a.title) === textKey(b.title) &&
    textKey(a.description) === textKey(b.description) &&
    JSON.stringify(a.values ?? {}) === JSON.stringify(b.values ?? {})
  );
}

/**
 * Shows a notification and returns its id. The same message already on screen (parallel requests
 * failing alike) is not stacked twice; its id is returned instead.
 */
export function notify(input: NotifyInput): string {
  const current = store.get(notificationsAtom);
  const duplicate = current.find((notification) => sameMessage(notification, input));
  if (duplicate) return duplicate.id;

  counter += 1;
  const notification: Notification = {
    id: `notification-${counter}`,
    kind: input.kind,
    title: input.title,
    description: input.description,
    values: input.values,
    durationMs: Math.max(0, input.durationMs ?? DEFAULT_NOTIFICATION_MS),
  };
  store.set(notificationsAtom, [...current, notification].slice(-MAX_NOTIFICATIONS));
  return notification.id;
}

export function dismissNotification(id: string): void {
  const current = store.get(notificationsAtom);
  if (current.some((notification) => notification.id === id)) {
    store.set(
      notificationsAtom,
      current.filter((notification) => notification.id !== id),
    );
  }
}

/** Removes every notification, e.g. on sign-out. */
export function dismissAllNotifications(): void {
  store.set(notificationsAtom, []);
}
