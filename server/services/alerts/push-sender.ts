// Sends one web push message. The endpoint is checked first, every time (push-targets.ts: a known push
// service, at a public address); web-push then encrypts the payload (aes128gcm, RFC 8291) and signs the
// request (VAPID, RFC 8292), and push-request.ts posts it to the checked addresses under a timeout, so a slow
// push service costs the dispatcher seconds, not the tick. Push services answer 201; 404 and 410 mean the
// subscription is gone. What a push service says beyond its status is never kept: the outcome's message is
// one of the fixed texts below, which the trader sees and the device keeps as its last error.
import type { DeliveryOptions } from './push-payload.ts';
import { postToTarget } from './push-request.ts';
import type { PushRefusal, PushTargets } from './push-targets.ts';
import { webPush, type VapidKeys } from './vapid-keys.ts';

export type PushSubscriptionKeys = { endpoint: string; p256dh: string; auth: string };

export type PushOutcome =
  | { ok: true; status: number }
  | {
      ok: false;
      /** The push service's status, or null when nothing was sent or it could not be reached. */
      status: number | null;
      /** The subscription expired or was withdrawn (404, 410): the device should be forgotten. */
      gone: boolean;
      message: string;
    };

export type PushSender = (device: PushSubscriptionKeys, payload: string, delivery: DeliveryOptions) => Promise<PushOutcome>;

export const pushTimeoutMs = 10_000;

export const pushFailureMessages = {
  unreachable: 'Push service unreachable.',
  unusableKeys: "The subscription's keys are unusable.",
  notPushService: "The endpoint is not on one of the browsers' push services.",
  privateAddress: "The push service's address is private or local.",
};

const refusalMessages: Record<PushRefusal, string> = {
  not_https: pushFailureMessages.notPushService,
  port: pushFailureMessages.notPushService,
  host: pushFailureMessages.notPushService,
  address: pushFailureMessages.privateAddress,
  unresolved: pushFailureMessages.unreachable,
};

/** The fixed text of a status that is not a success. */
export function answeredMessage(status: number): string {
  return status >= 300 && status < 400 ? `Push service answered ${status}, a redirect: not followed.` : `Push service answered ${status}.`;
}

export function createWebPushSender(vapid: VapidKeys, targets: PushTargets, timeoutMs = pushTimeoutMs): PushSender {
  return async (device, payload, delivery) => {
    const checked = await targets.check(device.endpoint);
    if (!checked.ok) return { ok: false, status: null, gone: false, message: refusalMessages[checked.refusal] };
    let request: ReturnType<typeof webPush.generateRequestDetails>;
    try {
      request = webPush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: delivery.ttlSeconds,
        urgency: delivery.urgency,
        contentEncoding: 'aes128gcm',
      });
    } catch {
      // Keys the browser gave that cannot encrypt anything: the subscription is unusable.
      return { ok: false, status: null, gone: true, message: pushFailureMessages.unusableKeys };
    }
    try {
      const status = await postToTarget(checked.target, request, AbortSignal.timeout(timeoutMs));
      if (status >= 200 && status < 300) return { ok: true, status };
      return { ok: false, status, gone: status === 404 || status === 410, message: answeredMessage(status) };
    } catch {
      return { ok: false, status: null, gone: false, message: pushFailureMessages.unreachable };
    }
  };
}
