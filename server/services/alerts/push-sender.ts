// Sends one web push message. web-push encrypts the payload (aes128gcm, RFC 8291) and signs the request
// (VAPID, RFC 8292); the request itself goes out with fetch, under a timeout, so a slow push service costs
// the dispatcher seconds, not the tick. Push services answer 201; 404 and 410 mean the subscription is gone.
import type { DeliveryOptions } from './push-payload.ts';
import { webPush, type VapidKeys } from './vapid-keys.ts';

export type PushSubscriptionKeys = { endpoint: string; p256dh: string; auth: string };

export type PushOutcome =
  | { ok: true; status: number }
  | {
      ok: false;
      /** The push service's status, or null when it could not be reached. */
      status: number | null;
      /** The subscription expired or was withdrawn (404, 410): the device should be forgotten. */
      gone: boolean;
      message: string;
    };

export type PushSender = (device: PushSubscriptionKeys, payload: string, delivery: DeliveryOptions) => Promise<PushOutcome>;

export const pushTimeoutMs = 10_000;

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

export function createWebPushSender(vapid: VapidKeys, timeoutMs = pushTimeoutMs): PushSender {
  return async (device, payload, delivery) => {
    let request: ReturnType<typeof webPush.generateRequestDetails>;
    try {
      request = webPush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: delivery.ttlSeconds,
        urgency: delivery.urgency,
        contentEncoding: 'aes128gcm',
      });
    } catch (error) {
      // Keys the browser gave that cannot encrypt anything: the subscription is unusable.
      return { ok: false, status: null, gone: true, message: clip(`The subscription's keys are unusable: ${String(error)}`, 500) };
    }
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers,
        // A copy typed as a plain Uint8Array: fetch's types (DOM and Node's alike) accept it.
        body: request.body === null ? null : new Uint8Array(request.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await response.text().catch(() => '');
      if (response.ok) return { ok: true, status: response.status };
      const gone = response.status === 404 || response.status === 410;
      return { ok: false, status: response.status, gone, message: clip(`Push service answered ${response.status}${text === '' ? '' : `: ${text}`}`, 500) };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, status: null, gone: false, message: clip(`Push service unreachable: ${reason}`, 500) };
    }
  };
}
