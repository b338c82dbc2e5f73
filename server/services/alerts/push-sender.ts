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
import { pushFailures } from '../texts/alert-refusal-texts.ts';
import type { Said } from '../texts/said.ts';

export type PushSubscriptionKeys = { endpoint: string; p256dh: string; auth: string };

export type PushOutcome =
  | { ok: true; status: number }
  | {
      ok: false;
      /** The push service's status, or null when nothing was sent or it could not be reached. */
      status: number | null;
      /** The subscription expired or was withdrawn (404, 410): the device should be forgotten. */
      gone: boolean;
      /** Why, coded (kept as the device's last error, said in the trader's language); `message` is its English. */
      reason: Said;
      message: string;
    };

export type PushSender = (device: PushSubscriptionKeys, payload: string, delivery: DeliveryOptions) => Promise<PushOutcome>;

export const pushTimeoutMs = 10_000;

export const pushFailureMessages = {
  unreachable: pushFailures.unreachable.text,
  unusableKeys: pushFailures.unusableKeys.text,
  notPushService: pushFailures.notPushService.text,
  privateAddress: pushFailures.privateAddress.text,
};

const refusalReasons: Record<PushRefusal, Said> = {
  not_https: pushFailures.notPushService,
  port: pushFailures.notPushService,
  host: pushFailures.notPushService,
  address: pushFailures.privateAddress,
  unresolved: pushFailures.unreachable,
};

const failed = (reason: Said, status: number | null, gone: boolean): PushOutcome => ({ ok: false, status, gone, reason, message: reason.text });

/** The fixed text of a status that is not a success. */
export function answeredMessage(status: number): string {
  return pushFailures.answered(status).text;
}

export function createWebPushSender(vapid: VapidKeys, targets: PushTargets, timeoutMs = pushTimeoutMs): PushSender {
  return async (device, payload, delivery) => {
    const checked = await targets.check(device.endpoint);
    if (!checked.ok) return failed(refusalReasons[checked.refusal], null, false);
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
      return failed(pushFailures.unusableKeys, null, true);
    }
    try {
      const status = await postToTarget(checked.target, request, AbortSignal.timeout(timeoutMs));
      if (status >= 200 && status < 300) return { ok: true, status };
      return failed(pushFailures.answered(status), status, status === 404 || status === 410);
    } catch {
      return failed(pushFailures.unreachable, null, false);
    }
  };
}
