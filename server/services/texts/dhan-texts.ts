// What a trader reads when Dhan refuses, fails or cannot be reached, said twice like every trader's text
// (said.ts). Dhan's own message cannot be translated: it travels as it is, inside a coded sentence that says in
// the trader's language who refused what, with Dhan's error code and the kind of refusal the code names
// (https://dhanhq.co/docs/v2/annexure, "Trading API Error": DH-901 to DH-910). The call named ("the order for
// …") is the same words as Kite's (kiteCalls: kite.call).
import type { KiteCall } from './kite-texts.ts';
import { liveFailureTexts, type LiveLimit, type PostbackRefusal } from './live-texts.ts';
import { said, type Said } from './said.ts';

/** The kinds of Dhan refusal a trader can act on, by Dhan's error code. */
export type DhanRefusalKind = 'access' | 'account' | 'input' | 'order' | 'data' | 'other';

const kinds: Record<string, DhanRefusalKind> = {
  'DH-902': 'access',
  'DH-903': 'account',
  'DH-905': 'input',
  'DH-906': 'order',
  'DH-907': 'data',
};

export const dhanRefusalKind = (code: string): DhanRefusalKind => kinds[code] ?? 'other';

/** Dhan's order windows as StrikeDesk counts them before sending (../brokers/live/rate-limits.ts). */
export type DhanLimit = Extract<LiveLimit, 'quotes_second' | 'orders_burst' | 'orders_second' | 'orders_minute' | 'orders_hour' | 'orders_day'>;

/** Why a postback proves nothing. Dhan reads the answer, not a trader; it is coded like every refusal. */
const postbackRefusals: Record<PostbackRefusal, string> = {
  not_order: 'The postback is not a Dhan order update',
  unconfirmed: 'Dhan does not confirm this order for a logged-in Dhan account',
};

export const dhanTexts = {
  postbackRefused: (reason: PostbackRefusal): Said => said('dhan.postback_refused', { reason }, postbackRefusals[reason]),
  /** Dhan's refusal with its own words and code. */
  refused: (what: KiteCall, code: string, message: string): Said =>
    said('dhan.refused', { what: what.i18n, code, kind: dhanRefusalKind(code), message }, `Dhan refused ${what.text} (${code}): ${message}`),
  /** Dhan's scrip master (read once an IST day) could not be fetched or read: no contract can be named. */
  instrumentsUnavailable: (detail: string): Said =>
    said('dhan.instruments_unavailable', { detail }, `Dhan's scrip master could not be fetched (${detail}): without it StrikeDesk cannot name Dhan's contracts. Try again in a few seconds.`),
  ...liveFailureTexts<DhanLimit>('dhan'),
};
