// A paper account's prices from a live account's feed (issue 38): the same PriceSource the simulator gives,
// so orders fill under the same rules, margins and charges, at the feed's real bid and ask. Its quotes are
// only the feed's fresh ones (live-feeds.ts answers none from a feed logged out or silent past "prices
// delayed", and none for an instrument before its first tick): a working order then waits, and a new one is
// refused with the reason (`stopped`). The exchange's hours are the real calendar's, never the simulator's
// demo market: the feed ticks only while the exchange trades. Out of hours a feed that goes quiet (Dhan's,
// Noren's: they send the last price on subscribing, then nothing until the open) is not late but shut: an order
// then goes through the after-market rules as on the simulator (held as an AMO in the window, refused with the
// market-closed reason outside it), checked on the feed's last price or close (`lastQuotes`).
//
// What the feed does not carry is modelled, and said so in docs/market-model.md: margin prices each strike at
// the simulator's smile taken at the same moneyness (strike over spot), on the feed's spot (its last one while
// the feed is stopped); the closing value
// that expiring contracts settle at is the feed's last index level (no record of its closing half hour); a
// cut-off the server missed squares off at the feed's prices when it comes back.
import type { Queryable } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { sessionAt } from '../../market/exchange-session.ts';
import { istClock, istDate } from '../../market/ist.ts';
import type { IndexName } from '../../market/index-config.ts';
import type { LastPrice } from '../../market/market-service.ts';
import type { Exchange, TradingCalendar } from '../../market/trading-calendar.ts';
import { paperFeedTexts } from '../../texts/paper-feed-texts.ts';
import type { Said } from '../../texts/said.ts';
import type { FeedRead, LiveFeeds } from '../live-feeds.ts';
import { quotesOf } from './market-prices.ts';
import { toPaise } from './paise.ts';
import type { Quote } from './order-rules.ts';
import type { PriceSource } from './price-source.ts';
import { keptRead } from '../../kept-read.ts';

export type FeedPrices = PriceSource & {
  /**
   * Follows the indices on the feed (margins are priced on their levels); outside a transaction, before a call
   * reads prices: a read inside one never waits for the feed (live-feeds.ts), so an index first asked there
   * would have no level yet.
   */
  ready: (q: Queryable) => Promise<void>;
  /**
   * Why orders on these instruments cannot fill now, or null when the feed has a fresh quote of each. Follows
   * them on the feed first (outside a transaction: a placement's own then finds them followed).
   */
  stopped: (keys: readonly string[], q: Queryable, now: Date) => Promise<Said | null>;
};

/** A quote's last price in paise, else its close (what a quiet feed's subscription may carry alone); null for none. */
function heldPaise(quote: LastPrice | undefined): number | null {
  if (quote === undefined) return null;
  if (quote.last_price > 0) return toPaise(quote.last_price);
  return quote.close !== undefined && quote.close > 0 ? toPaise(quote.close) : null;
}

type FeedPricesOptions = { feeds: LiveFeeds; feedAccountId: number; simulator: PriceSource };

/** The feed as every screen names it: "Kite · AB1234". */
async function feedLabel(q: Queryable, accountId: number): Promise<string> {
  const { rows } = await q.query<{ broker: string; account_number: string }>(
    'SELECT b.display_name AS broker, a.account_number FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id WHERE a.id = $1',
    [accountId],
  );
  const row = rows[0];
  return row === undefined ? '' : `${row.broker} · ${row.account_number}`;
}

export function feedPrices({ feeds, feedAccountId, simulator }: FeedPricesOptions): FeedPrices {
  const calendars = new Map<Exchange, Promise<TradingCalendar>>();
  function calendarOf(q: Queryable, exchange: 'NFO' | 'BFO'): Promise<TradingCalendar> {
    const name: Exchange = exchange === 'BFO' ? 'BSE' : 'NSE';
    let known = calendars.get(name);
    if (known === undefined) {
      known = loadTradingCalendar(q, name);
      known.catch(() => calendars.delete(name));
      calendars.set(name, known);
    }
    return known;
  }

  /** The key each index is quoted under: its underlying as the market lists it ("NSE:NIFTY 50"). */
  const indexKeys = keptRead(async (q) => {
    const { rows } = await q.query<{ index_name: string; underlying: string }>('SELECT index_name, underlying FROM market_simulation');
    return new Map(rows.map((row) => [row.index_name, row.underlying]));
  });
  async function indexKey(index: IndexName, q: Queryable): Promise<string> {
    const key = (await indexKeys(q)).get(index);
    if (key === undefined) throw new Error(`market_simulation has no underlying for ${index}`);
    return key;
  }

  /** "NFO:NIFTY26D0126000CE" as a trader reads it: NIFTY26D0126000CE. */
  const symbolOf = (key: string) => key.slice(key.indexOf(':') + 1);

  function refusal(read: FeedRead, feed: string, missing: string | undefined): Said | null {
    if (read.state === 'logged_out') return paperFeedTexts.loggedOut(feed);
    if (read.state === 'delayed') return paperFeedTexts.delayed(feed);
    return missing === undefined ? null : paperFeedTexts.noTick(feed, symbolOf(missing));
  }

  /** Each index's last level the feed gave on this instance: what margins are priced on while it is stopped. */
  const lastLevels = new Map<IndexName, number>();
  async function spotPaise(index: IndexName, q: Queryable): Promise<number> {
    const key = await indexKey(index, q);
    const read = await feeds.read(feedAccountId, [key], q);
    const level = read.quotes[key]?.last_price;
    if (level !== undefined) {
      lastLevels.set(index, toPaise(level));
      return toPaise(level);
    }
    // A quiet feed still holds the level it last gave (out of hours, the close).
    const held = heldPaise(read.last[key]);
    if (held !== null) lastLevels.set(index, held);
    throw DomainError.said('paper_feed_stopped', refusal(read, await feedLabel(q, feedAccountId), key)!);
  }

  /** The last quotes the feed gave of `keys`, fresh or not, each at its last price (its close where it gave none). */
  async function lastQuotes(keys: readonly string[], q: Queryable): Promise<Map<string, Quote>> {
    const { last } = await feeds.read(feedAccountId, keys, q);
    const found = new Map<string, Quote>();
    for (const key of keys) {
      const paise = heldPaise(last[key]);
      const close = last[key]?.close;
      if (paise !== null) found.set(key, { bidPaise: paise, askPaise: paise, lastPaise: paise, closePaise: close !== undefined && close > 0 ? toPaise(close) : paise });
    }
    return found;
  }

  return {
    quotes: async (keys, q) => quotesOf((await feeds.read(feedAccountId, keys, q)).quotes),
    // The feed keeps no past: what is quoted now.
    quotesAt: async (keys, _at, q) => quotesOf((await feeds.read(feedAccountId, keys, q)).quotes),
    lastQuotes,
    spotPaise,
    closingValuePaise: (index, _day, q) => spotPaise(index, q),
    // Margin is an estimate that fills never read: while the feed is stopped it is priced on the index's last
    // level from the feed (none since this instance started: the simulator's pricing), so the account's
    // funds and positions still read; orders are refused meanwhile (`stopped`).
    async pricing(index, q) {
      const modelled = await simulator.pricing(index, q);
      const levelPaise = await spotPaise(index, q).catch((error: unknown) => {
        if (error instanceof DomainError && lastLevels.has(index)) return lastLevels.get(index)!;
        if (error instanceof DomainError) return null;
        throw error;
      });
      if (levelPaise === null) return modelled;
      const spot = levelPaise / 100;
      return { ...modelled, spot, volatility: (strike, expiry) => modelled.volatility((strike * modelled.spot) / spot, expiry) };
    },
    marketOpen: async (exchange, now, q) => sessionAt(await calendarOf(q, exchange), now).open,
    session: async (exchange, now, q) => sessionAt(await calendarOf(q, exchange), now),
    demo: false,
    ready: async (q) => feeds.follow(feedAccountId, [...(await indexKeys(q)).values()]),
    async stopped(keys, q, now) {
      // The indices too: an order's margin is priced on its index's level.
      await feeds.follow(feedAccountId, [...keys, ...(await indexKeys(q)).values()]);
      const read = await feeds.read(feedAccountId, keys, q);
      const held = quotesOf(read.quotes);
      const missing = keys.find((key) => !held.has(key));
      if (read.state === 'live' && missing === undefined) return null;
      const feed = await feedLabel(q, feedAccountId);
      // A contract the broker does not stream (issue 64) is never priced however long one waits, in hours or out:
      // said before a delay, a closed market or a first tick that will not come. Only what the feed decided: a
      // contract it could not look up yet, or that has not ticked yet, keeps the other reasons.
      const unstreamed = keys.find((key) => read.unstreamed.includes(key));
      if (unstreamed !== undefined) return paperFeedTexts.unstreamed(feed, symbolOf(unstreamed));
      // A feed that keeps talking out of hours (Kite's ticker: its heartbeats and the last close) holds AMOs as the
      // simulator does; one that goes quiet when the exchange closes (Dhan's, Noren's) is not late but shut. Its
      // orders then meet the after-market rules (order-entry.ts: held as an AMO, or refused saying when orders
      // are taken), checked on the last price it gave; with none to check them on, the market is said closed.
      if (read.state !== 'logged_out') {
        const session = sessionAt(await calendarOf(q, keys.some((key) => key.startsWith('BFO:')) ? 'BFO' : 'NFO'), now);
        if (!session.open && session.nextOpen !== null) {
          if (keys.every((key) => heldPaise(read.last[key]) !== null)) return null;
          return paperFeedTexts.marketClosed(feed, istClock(session.nextOpen), istDate(session.nextOpen));
        }
      }
      return refusal(read, feed, missing);
    },
  };
}
