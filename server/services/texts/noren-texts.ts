// What a trader reads when a Noren broker (Shoonya, Flattrade) refuses, fails or cannot be reached, said twice
// like every trader's text (said.ts). Noren answers a refusal with its own words (`emsg`) and no code: they
// travel as they are, inside a sentence that says in the trader's language who refused what. The call named
// ("the order for …") is the same words as Kite's (kiteCalls: kite.call).
import type { KiteCall } from './kite-texts.ts';
import { liveFailureTexts, type LiveLimit } from './live-texts.ts';
import { said, type Said } from './said.ts';

/** A Noren broker's order windows as StrikeDesk counts them before sending (../brokers/live/rate-limits.ts). */
export type NorenLimit = Extract<LiveLimit, 'quotes_second' | 'orders_burst' | 'orders_second' | 'orders_minute'>;

export function norenTexts(slug: 'shoonya' | 'flattrade', broker: string) {
  return {
    /** The broker's refusal in its own words. */
    refused: (what: KiteCall, message: string): Said => said('noren.refused', { broker, what: what.i18n, message }, `${broker} refused ${what.text}: ${message}`),
    /** The NFO scrip master (read once an IST day) could not be fetched or read: no contract can be named. */
    instrumentsUnavailable: (detail: string): Said =>
      said('noren.instruments_unavailable', { broker, detail }, `${broker}'s scrip master could not be fetched (${detail}): without it StrikeDesk cannot name ${broker}'s contracts. Try again in a few seconds.`),
    ...liveFailureTexts<NorenLimit>(slug),
  };
}

export type NorenTexts = ReturnType<typeof norenTexts>;
