// What a trader reads when Upstox refuses, fails or cannot be reached, said twice like every trader's text
// (said.ts). Upstox's own message cannot be translated: it travels as it is, inside a coded sentence that
// says in the trader's language who refused what, with Upstox's error code (UDAPI…) and the kind of refusal
// it names (https://upstox.com/developer/api-documentation/error-codes). The call named ("the order for …")
// is the same words as Kite's (kiteCalls: kite.call).
import type { KiteCall } from './kite-texts.ts';
import { liveFailureTexts, type LiveLimit, type PostbackRefusal } from './live-texts.ts';
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
export type UpstoxLimit = Extract<LiveLimit, 'quotes_second' | 'orders_burst' | 'orders_second' | 'orders_minute' | 'orders_30_minutes'>;

/** Why a webhook proves nothing. Upstox reads the answer, not a trader; it is coded like every refusal. */
const webhookRefusals: Record<PostbackRefusal, string> = {
  not_order: 'The webhook is not an Upstox order update',
  unconfirmed: 'Upstox does not confirm this order for a logged-in Upstox account',
};

export const upstoxTexts = {
  webhookRefused: (reason: PostbackRefusal): Said => said('upstox.webhook_refused', { reason }, webhookRefusals[reason]),
  /** Upstox's refusal with its own words and code. */
  refused: (what: KiteCall, code: string, message: string): Said =>
    said('upstox.refused', { what: what.i18n, code, kind: upstoxRefusalKind(code), message }, `Upstox refused ${what.text} (${code}): ${message}`),
  /** Upstox's instrument file (read once an IST day) could not be fetched or read: no contract can be named. */
  instrumentsUnavailable: (detail: string): Said =>
    said('upstox.instruments_unavailable', { detail }, `Upstox's instrument file could not be fetched (${detail}): without it StrikeDesk cannot name Upstox's contracts. Try again in a few seconds.`),
  ...liveFailureTexts<UpstoxLimit>('upstox'),
};
