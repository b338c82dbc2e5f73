// What a trader reads about a live broker's session whatever the broker, said twice like every trader's text
// (said.ts). The broker's name ("Kite", "Upstox") and its own words travel as they are.
import { said, type Said } from './said.ts';

/** A live broker's order and quote windows as StrikeDesk counts them before sending (../brokers/live/rate-limits.ts). */
export type LiveLimit = 'quotes_second' | 'orders_burst' | 'orders_second' | 'orders_minute' | 'orders_30_minutes' | 'orders_hour' | 'orders_day';

const limitWords = (limit: LiveLimit, count: number): string =>
  ({
    quotes_second: `${count} ${count === 1 ? 'quote' : 'quotes'} a second`,
    orders_burst: `${count} orders a second: send at most ${count} at once`,
    orders_second: `${count} orders a second`,
    orders_minute: `${count} orders a minute`,
    orders_30_minutes: `${count} orders in 30 minutes`,
    orders_hour: `${count} orders an hour`,
    orders_day: `${count} orders a day`,
  })[limit];

/** Why a broker's unsigned order push proves nothing (../brokers/live/order-postbacks.ts): no order update at all, or an order the broker does not confirm for a held account. */
export type PostbackRefusal = 'not_order' | 'unconfirmed';

const brokerNames = { kite: 'Kite', upstox: 'Upstox', dhan: 'Dhan', shoonya: 'Shoonya', flattrade: 'Flattrade' } as const;

/**
 * The failures every live broker's calls share, in one shape: `what` is the call ("the order for …"). Each
 * broker keeps its own codes (kite.unavailable, upstox.unavailable…), so the app's words can name it.
 */
export function liveFailureTexts<Limit extends LiveLimit>(broker: keyof typeof brokerNames) {
  const name = brokerNames[broker];
  return {
    unavailable: (what: Said, detail: string): Said =>
      said(`${broker}.unavailable`, { what: what.i18n, detail }, `${name} could not answer ${what.text} right now (${detail}). Try again in a few seconds.`),
    outcomeUnknown: (what: Said): Said =>
      said(
        `${broker}.outcome_unknown`,
        { what: what.i18n },
        `${name} did not confirm ${what.text}: it may have happened. Check the order book before doing anything else; sending the same request again (same Idempotency-Key) after 30 seconds finds it by its tag instead of placing it twice.`,
      ),
    rateLimitReached: (detail: string): Said =>
      said(`${broker}.rate_limit_reached`, { detail }, `${name}'s rate limit was reached (${detail}): nothing was sent. Try again in a moment.`),
    rateLimited: (limit: Limit, count: number, retryAfterSeconds: number): Said =>
      said(
        `${broker}.rate_limited`,
        { limit, count, seconds: retryAfterSeconds },
        `${name} allows ${limitWords(limit, count)} per account: nothing was sent. Try again in ${retryAfterSeconds === 1 ? 'a second' : `${retryAfterSeconds} seconds`}.`,
      ),
  };
}

export const liveTexts = {
  /** `detail`: the broker's own words on why, when it gave any. */
  sessionEnded: (broker: string, detail: string | null): Said => {
    const why = detail === null || detail === '' ? '' : ` (${broker}: ${detail})`;
    return said(
      'broker.session_ended',
      { broker, said: why === '' ? 'no' : 'yes', detail: detail ?? '' },
      `Your ${broker} session has ended${why}. Log in to the broker again to trade and to see live positions.`,
    );
  },
};
