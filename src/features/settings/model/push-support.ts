/**
 * What this browser can do about web push, read from the browser itself (never guessed from a version):
 * iOS delivers push only to the app installed on the Home Screen, so Safari in a tab must say so rather
 * than show a button that cannot work.
 */
import type { PushTopic } from '@/features/settings/api/push-calls';

export type PushSupport = 'supported' | 'unsupported' | 'ios_not_installed';

export const pushTopics: readonly PushTopic[] = ['fills', 'rejections', 'stop_loss_target', 'kill_switch', 'broker_session', 'price_alerts', 'bot_activity'];

type NavigatorLike = Pick<Navigator, 'userAgent' | 'maxTouchPoints'> & { standalone?: boolean; serviceWorker?: unknown };
type WindowLike = { PushManager?: unknown; Notification?: unknown; matchMedia?: (query: string) => { matches: boolean } };

/** iPhone or iPad (iPadOS reports a Mac user agent, but a Mac has no touch screen). */
export function isIos(nav: NavigatorLike): boolean {
  return /iPhone|iPad|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1);
}

function isStandalone(nav: NavigatorLike, win: WindowLike): boolean {
  return nav.standalone === true || (typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches);
}

export function pushSupport(nav: NavigatorLike = navigator, win: WindowLike = window): PushSupport {
  if (isIos(nav) && !isStandalone(nav, win)) return 'ios_not_installed';
  const able = nav.serviceWorker !== undefined && win.PushManager !== undefined && win.Notification !== undefined;
  return able ? 'supported' : 'unsupported';
}

/** How the trader tells this device from their others in the list ("Chrome on Android"). */
export function deviceLabel(userAgent: string, nav: NavigatorLike = navigator): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /SamsungBrowser\//.test(userAgent)
        ? 'Samsung Internet'
        : /Chrome\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPad/.test(userAgent) || (/Macintosh/.test(userAgent) && nav.maxTouchPoints > 1)
      ? 'iPad'
      : /iPhone|iPod/.test(userAgent)
        ? 'iPhone'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Macintosh/.test(userAgent)
            ? 'Mac'
            : /CrOS/.test(userAgent)
              ? 'ChromeOS'
              : /Linux/.test(userAgent)
                ? 'Linux'
                : null;
  return system === null ? browser : `${browser} on ${system}`;
}

/** The VAPID key as the server gives it (base64url) into the bytes PushManager.subscribe takes. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** A subscription's keys as the contract names them; null when the browser gave none (it cannot be used). */
export function subscriptionKeys(subscription: PushSubscription): { p256dh: string; auth: string } | null {
  const keys = subscription.toJSON().keys;
  const p256dh = keys?.['p256dh'];
  const auth = keys?.['auth'];
  return p256dh !== undefined && auth !== undefined ? { p256dh, auth } : null;
}
