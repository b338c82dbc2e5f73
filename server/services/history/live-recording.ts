// A live account's feed as the market recorder records it (issue 39): what this instance's Kite tickers and
// Upstox feeds follow (every index, then each contract a trader's streams or a paper account on the feed
// watch), recorded as 'recorded': real prices, which replace a minute the simulator recorded and are never
// replaced by one (recorded-minutes-store.ts). The recorder is the simulator's (market-recorder.ts), so a live
// minute too is stored once across instances and a restart leaves neither a gap another instance saw nor a
// duplicate. A contract is named by the broker's own list (Kite's instruments dump, Upstox's instrument file),
// so its expiry is the exchange's even where a holiday moved it. Only NSE's hours are recorded. Since session 80
// (issue 63) a followed stock's contracts are recorded too, as the simulator's recorder records them: the stock's own
// quote, its options and its futures, for the stocks watched-stocks.ts picks (a stock the feed follows, or one of
// whose contracts it follows), bounded and ranked as there (maxRecordedStocks); an index's futures still are not.
import type { Queryable } from '../../db/database.ts';
import type { LivePrices } from '../brokers/live/live-prices.ts';
import type { LiveContract, LiveContracts } from '../brokers/live/live-wire.ts';
import { sessionAt } from '../market/exchange-session.ts';
import type { MarketService } from '../market/market-service.ts';
import { isHistoryIndex } from './history-files.ts';
import type { MarketRecorderOptions, Watched } from './market-recorder.ts';
import { maxRecordedStocks, watchedStocks } from './watched-stocks.ts';

/** One live broker's feeds on this instance and the contracts its keys name. */
export type RecordedFeed = { prices: LivePrices; contracts: LiveContracts };

type Followed = { key: string; contract: LiveContract | null };

export function liveRecording({
  db,
  market,
  feeds,
  maxStocks = maxRecordedStocks,
}: {
  db: Queryable;
  market: MarketService;
  feeds: readonly RecordedFeed[];
  /** The most stocks recorded at once (watched-stocks.ts); tests lower it. */
  maxStocks?: number;
}): Pick<MarketRecorderOptions, 'isOpen' | 'watched' | 'quotes'> {
  /** Each key's quote, from whichever broker's feed holds it. */
  const held = (keys?: readonly string[]) => {
    const quotes = Object.assign({}, ...feeds.map((feed) => feed.prices.followedQuotes())) as ReturnType<LivePrices['followedQuotes']>;
    return keys === undefined ? quotes : Object.fromEntries(keys.flatMap((key) => (quotes[key] === undefined ? [] : [[key, quotes[key]] as const])));
  };

  return {
    isOpen: async (now) => sessionAt(await market.calendar('NSE'), now).open,
    quotes: async (keys) => held(keys),
    watched: async (now) => {
      const watched: Required<Watched> = { indices: new Map<string, string>(), options: new Map(), futures: new Map() };
      // A server without a live feed (paper only) asks nothing more.
      if (Object.keys(held()).length === 0) return watched;
      // The indices by the key every feed gives them ("NSE:NIFTY 50"), as the market lists them.
      const { rows } = await db.query<{ index_name: string; underlying: string }>('SELECT index_name, underlying FROM market_simulation');
      const indexOf = new Map(rows.flatMap((row) => (isHistoryIndex(row.index_name) ? [[row.underlying, row.index_name] as const] : [])));
      const followed: Followed[] = [];
      const seen = new Set<string>();
      for (const { prices, contracts } of feeds) {
        for (const key of Object.keys(prices.followedQuotes())) {
          if (seen.has(key)) continue;
          seen.add(key);
          const index = indexOf.get(key);
          if (index !== undefined) {
            watched.indices.set(key, index);
            continue;
          }
          const colon = key.indexOf(':');
          const exchange = key.slice(0, colon);
          // An equity's own quote (a stock's spot, when it is a watched F&O stock) is no contract.
          if (exchange === 'NSE' || exchange === 'BSE') {
            followed.push({ key, contract: null });
            continue;
          }
          // A key the broker's list does not name as a contract is not recorded.
          const contract = await contracts.contractOf(exchange, key.slice(colon + 1), now).catch(() => null);
          if (contract !== null) followed.push({ key, contract });
        }
      }
      // The stocks recorded: those the feed follows (the stock or a contract of it), ranked and bounded as the
      // simulator's recorder bounds them; an equity that is no F&O stock is none of them.
      const stockKeys = followed.flatMap(({ key, contract }) => (contract === null ? [key] : isHistoryIndex(contract.index) ? [] : [`NSE:${contract.index}`]));
      const stocks = new Set(stockKeys.length === 0 ? [] : await watchedStocks({ db, followed: () => stockKeys, limit: maxStocks })());
      for (const { key, contract } of followed) {
        if (contract === null) {
          const symbol = key.slice(key.indexOf(':') + 1);
          if (key.startsWith('NSE:') && stocks.has(symbol)) watched.indices.set(key, symbol);
        } else if (contract.kind === 'FUT') {
          // A stock's futures (its hedge and rollover); an index's futures are not recorded.
          if (stocks.has(contract.index)) watched.futures.set(key, { index: contract.index, expiry: contract.expiry });
        } else if (isHistoryIndex(contract.index) || stocks.has(contract.index)) {
          watched.options.set(key, { index: contract.index, expiry: contract.expiry, strikePaise: Math.round(contract.strike * 100), optionType: contract.kind });
        }
      }
      return watched;
    },
  };
}
