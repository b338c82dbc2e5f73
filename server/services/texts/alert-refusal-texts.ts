// The refusals of the price-alert form and of a device saved for web push, and the test notification's words, said twice like every trader's
// text (said.ts): the Error answer's English, and a code in `details.text` the app says in the trader's language.
import type { PushRefusal } from '../alerts/push-targets.ts';
import { said, type Said } from './said.ts';

/** Why an endpoint is refused when a device is saved (push-targets.ts checks it again before every send). */
const endpointRefusals: Record<PushRefusal, string> = {
  not_https: 'A push endpoint must be an https URL, as browsers give it in their PushSubscription.',
  port: "A push endpoint must use its push service's usual https port.",
  host: "Notifications go only to the browsers' push services (Google, Mozilla, Apple, Microsoft), and this endpoint is not one of them.",
  address: 'This push endpoint leads to a private or local network address, where notifications are never sent.',
  unresolved: 'The push service of this endpoint could not be found. Try again in a moment.',
};

export const priceAlertTexts = {
  levelNotPositive: said('price_alert.level_not_positive', {}, 'The level must be above 0.'),
  unknownSymbol: (symbol: string, indices: readonly string[]): Said =>
    said(
      'price_alert.unknown_symbol',
      { symbol, indices: indices.join(', ') },
      `${symbol} is neither an index (${indices.join(', ')}) nor a listed option's tradingsymbol.`,
    ),
  /** `expiry`: an ISO day, which the app writes as a date in the trader's language. */
  expired: (symbol: string, expiry: string): Said =>
    said('price_alert.expired', { symbol, expiry }, `${symbol} expired on ${expiry}. Pick a current expiry.`),
  tooMany: (limit: number): Said =>
    said('price_alert.too_many', { limit }, `You have ${limit} price alerts, the most one may keep: delete one first.`),
};

export const pushDeviceTexts = {
  badPublicKey: said('push_device.bad_public_key', {}, "keys.p256dh must be the subscription's P-256 public key (65 bytes, base64url)."),
  badAuthSecret: said('push_device.bad_auth_secret', {}, "keys.auth must be the subscription's 16-byte auth secret (base64url)."),
  labelRequired: said('push_device.label_required', {}, 'Give the device a name, e.g. "Pixel 8, Chrome".'),
  endpointRefused: (refusal: PushRefusal): Said => said('push_device.endpoint_refused', { refusal }, endpointRefusals[refusal]),
  tooMany: (limit: number): Said =>
    said('push_device.too_many', { limit }, `You already receive notifications on ${limit} devices, the most one may: remove one first.`),
};

/** Why a push to a device failed: fixed words, never what the push service answered (push-sender.ts). */
export const pushFailures = {
  unreachable: said('push.failure', { reason: 'unreachable' }, 'Push service unreachable.'),
  unusableKeys: said('push.failure', { reason: 'unusable_keys' }, "The subscription's keys are unusable."),
  notPushService: said('push.failure', { reason: 'not_push_service' }, "The endpoint is not on one of the browsers' push services."),
  privateAddress: said('push.failure', { reason: 'private_address' }, "The push service's address is private or local."),
  answered: (status: number): Said =>
    status >= 300 && status < 400
      ? said('push.answered', { status, redirect: 'yes' }, `Push service answered ${status}, a redirect: not followed.`)
      : said('push.answered', { status, redirect: 'no' }, `Push service answered ${status}.`),
};

/** The test notification a trader sends from Settings, and what the answer says of it. */
export const pushTestTexts = {
  title: said('push.test_title', {}, 'StrikeDesk test notification'),
  body: said('push.test_body', {}, 'Notifications reach this device.'),
  sent: said('push.test_sent', {}, 'Test notification sent.'),
  gone: said(
    'push.test_gone',
    {},
    'The push service says this subscription has ended, so the device was removed: turn notifications on again.',
  ),
  /** `reason`: the push sender's fixed words, coded (never what the push service answered). */
  notDelivered: (reason: Said): Said => said('push.test_not_delivered', { reason: reason.i18n }, `The test notification was not delivered: ${reason.text}`),
};
