// What a trader reads when Upstox refuses, fails or cannot be reached, said twice like every trader's text
// (said.ts). Upstox's own message cannot be translated: it travels as it is, inside a coded sentence that
// says in the trader's language who refused what, with Upstox's error code (UDAPI…) and the kind of refusal
// it names (https://upstox.com/developer/api-documentation/error-codes). The call named ("the order for …")
// is the same words as Kite's (kiteCalls: kite.call).
import type { KiteCall } from './kite-texts.ts';
import { said, type Said } from './said.ts';

/** The kinds of Upstox refusal a trader can act on, by Upstox's error code. */
export type UpstoxRefusalKind = 'input' | 'order_type' | 'validity' | 'unknown_order' | 'other';

const kinds: Record<string, UpstoxRefusalKind> = {
  UDAPI100036: 'input',
  UDAPI1056: 'order_type',
  UDAPI1055: 'validity',
  UDAPI100010: 'unknown_order',
};

export const upstoxRefusalKind = (code: string): UpstoxRefusalKind => kinds[code] ?? 'other';

/** Upstox's order windows as StrikeDesk counts them before sending (../brokers/live/rate-limits.ts). */
export type UpstoxLimit = 'quotes_second' | 'orders_burst' | 'orders_second' | 'orders_minute' | 'orders_30_minutes';

const limitWords = (limit: UpstoxLimit, count: number): string =>
  ({
    quotes_second: `${count} quotes a second`,
    orders_burst: `${count} orders a second: send at most ${count} at once`,
    orders_second: `${count} orders a second`,
    orders_minute: `${count} orders a minute`,
    orders_30_minutes: `${count} orders in 30 minutes`,
  })[limit];

/** Why a webhook proves nothing. Upstox reads the answer, not a trader; it is coded like every refusal. */
export type UpstoxWebhookRefusal = 'not_order' | 'unconfirmed';

const webhookRefusals: Record<UpstoxWebhookRefusal, string> = {
  not_order: 'The webhook is not an Upstox order update',
  unconfirmed: 'Upstox does not confirm this order for a logged-in Upstox account',
};

export const upstoxTexts = {
  webhookRefused: (reason: UpstoxWebhookRefusal): Said => said('upstox.webhook_refused', { reason }, webhookRefusals[reason]),
  /** Upstox's refusal with its own words and code. */
  refused: (what: KiteCall, code: string, message: string): Said =>
    said('upstox.refused', { what: what.i18n, code, kind: upstoxRefusalKind(code), message }, `Upstox refused ${what.text} (${code}): ${message}`),
  unavailable: (what: KiteCall, detail: string): Said =>
    said('upstox.unavailable', { what: what.i18n, detail }, `Upstox could not answer ${what.text} right now (${detail}). Try again in a few seconds.`),
  outcomeUnknown: (what: KiteCall): Said =>
    said(
      'upstox.outcome_unknown',
      { what: what.i18n },
      `Upstox did not confirm ${what.text}: it may have happened. Check the order book before doing anything else; sending the same request again (same Idempotency-Key) after 30 seconds finds it by its tag instead of placing it twice.`,
    ),
  rateLimitReached: (detail: string): Said =>
    said('upstox.rate_limit_reached', { detail }, `Upstox's rate limit was reached (${detail}): nothing was sent. Try again in a moment.`),
  rateLimited: (limit: UpstoxLimit, count: number, retryAfterSeconds: number): Said =>
    said(
      'upstox.rate_limited',
      { limit, count, seconds: retryAfterSeconds },
      `Upstox allows ${limitWords(limit, count)} per account: nothing was sent. Try again in ${retryAfterSeconds === 1 ? 'a second' : `${retryAfterSeconds} seconds`}.`,
    ),
};
