// A live account's feed as the market recorder records it (issue 39): what this instance's Kite tickers and
// Upstox feeds follow (every index, then each contract a trader's streams or a paper account on the feed
// watch), recorded as 'recorded': real prices, which replace a minute the simulator recorded and are never
// replaced by one (recorded-minutes-store.ts). The recorder is the simulator's (market-recorder.ts), so a live
// minute too is stored once across instances and a restart leaves neither a gap another instance saw nor a
// duplicate. A contract is named by the broker's own list (Kite's instruments dump, Upstox's instrument file),
// so its expiry is the exchange's even where a holiday moved it. Only NSE's hours are recorded.
import type { Queryable } from '../../db/database.ts';
import type { LivePrices } from '../brokers/live/live-prices.ts';
import type { LiveContracts } from '../brokers/live/live-wire.ts';
import { sessionAt } from '../market/exchange-session.ts';
import type { MarketService } from '../market/market-service.ts';
import { isHistoryIndex, type HistoryIndex } from './history-files.ts';
import type { MarketRecorderOptions, Watched } from './market-recorder.ts';

/** One live broker's feeds on this instance and the contracts its keys name. */
export type RecordedFeed = { prices: LivePrices; contracts: LiveContracts };

export function liveRecording({ db, market, feeds }: { db: Queryable; market: MarketService; feeds: readonly RecordedFeed[] }): Pick<MarketRecorderOptions, 'isOpen' | 'watched' | 'quotes'> {
  /** Each key's quote, from whichever broker's feed holds it. */
  const held = (keys?: readonly string[]) => {
    const quotes = Object.assign({}, ...feeds.map((feed) => feed.prices.followedQuotes())) as ReturnType<LivePrices['followedQuotes']>;
    return keys === undefined ? quotes : Object.fromEntries(keys.flatMap((key) => (quotes[key] === undefined ? [] : [[key, quotes[key]] as const])));
  };

  return {
    isOpen: async (now) => sessionAt(await market.calendar('NSE'), now).open,
    quotes: async (keys) => held(keys),
    watched: async (now) => {
      const watched: Watched = { indices: new Map<string, HistoryIndex>(), options: new Map() };
      // A server without a live feed (paper only) asks nothing more.
      if (Object.keys(held()).length === 0) return watched;
      // The indices by the key every feed gives them ("NSE:NIFTY 50"), as the market lists them.
      const { rows } = await db.query<{ index_name: string; underlying: string }>('SELECT index_name, underlying FROM market_simulation');
      const indexOf = new Map(rows.flatMap((row) => (isHistoryIndex(row.index_name) ? [[row.underlying, row.index_name] as const] : [])));
      for (const { prices, contracts } of feeds) {
        for (const key of Object.keys(prices.followedQuotes())) {
          const index = indexOf.get(key);
          if (index !== undefined) watched.indices.set(key, index);
          if (index !== undefined || watched.options.has(key)) continue;
          const colon = key.indexOf(':');
          // A key the broker's list does not name as an index option (an equity a watchlist follows) is not recorded.
          const contract = await contracts.contractOf(key.slice(0, colon), key.slice(colon + 1), now).catch(() => null);
          // Futures are not recorded (the recorder keeps index options' minutes).
          if (contract === null || !isHistoryIndex(contract.index) || contract.kind === 'FUT') continue;
          watched.options.set(key, { index: contract.index, expiry: contract.expiry, strikePaise: Math.round(contract.strike * 100), optionType: contract.kind });
        }
      }
      return watched;
    },
  };
}
