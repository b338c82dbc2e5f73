// Records each minute of the market the server streams into market history (issue 39): every index's minute
// and every option of the watched expiries (the nearest expiry and the nearest monthly of each index market
// history knows), and (issue 63) the watched stocks' minutes: the stock, its near month's options and its three
// futures, for the stocks traders watch (watched-stocks.ts), never the ~200 listed. Runs each market pass on every instance; whichever instance writes a minute first stores it
// and the others' rows meet it with ON CONFLICT (recorded-minutes-store.ts), so the minute is stored once. A
// minute is built in memory from the passes' samples (minute-book.ts): one in progress at a crash is absent.
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { istDate } from '../market/ist.ts';
import type { LastPrice, MarketService } from '../market/market-service.ts';
import { DomainError } from '../domain-error.ts';
import { isHistoryIndex } from './history-files.ts';
import { createMinuteBook, type Sample } from './minute-book.ts';
import {
  compactRecordedDays,
  pruneRecordings,
  storeRecordedMinute,
  type RecordedFuture,
  type RecordedIndex,
  type RecordedOption,
  type RecordingSource,
} from './recorded-minutes-store.ts';

const dayMs = 24 * 60 * 60 * 1000;
const pruneEveryMs = 60 * 60 * 1000;

/**
 * Contracts priced in one call of a sample. A quote call prices all it is given in one go, without the event loop
 * turning (an implied volatility solve each, market-quotes.ts): the four indices' watched expiries are about 2,500
 * contracts, and priced in one call they held every request of the server for 2.5–7 s every 5 s on a loaded machine
 * (docs/testing.md, "session 77"). A slice of 250 holds it a tenth as long; the loop turns between slices.
 */
export const quotesPerSlice = 250;

/** The quotes of `keys`, `quotesPerSlice` at a time, the event loop turning between two slices. */
async function quotesInSlices(quotes: MarketRecorderOptions['quotes'], keys: readonly string[]): Promise<Record<string, LastPrice>> {
  const found: Record<string, LastPrice> = {};
  for (let from = 0; from < keys.length; from += quotesPerSlice) {
    if (from > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    Object.assign(found, await quotes(keys.slice(from, from + quotesPerSlice)));
  }
  return found;
}

/** `index` names the underlying: a history index or (issue 63) a watched stock. */
type Contract = { index: string; expiry: string; strikePaise: number; optionType: 'CE' | 'PE' };
type FutureContract = { index: string; expiry: string };
/**
 * What a market streams now, by quote key: its indices' and watched stocks' own instruments (`indices`), the watched
 * options, and the watched stocks' futures (absent where none is watched).
 */
export type Watched = { indices: Map<string, string>; options: Map<string, Contract>; futures?: Map<string, FutureContract> };

export type MarketRecorderOptions = {
  db: Database;
  clock: Clock;
  source: RecordingSource;
  /** Recorded days kept (MARKET_RECORDING_DAYS): older recorded and simulated minutes are pruned. */
  retentionDays: number;
  /** Whether the exchange trades at `now` (closed passes record nothing yet keep the next open minute whole). */
  isOpen: (now: Date) => Promise<boolean>;
  watched: (now: Date) => Promise<Watched>;
  quotes: (keys: readonly string[]) => Promise<Record<string, LastPrice>>;
  /** Least time between two samples within a minute (5 s): a minute's first pass always samples. */
  sampleEveryMs?: number;
};

const paise = (rupees: number | null | undefined) => (rupees === null || rupees === undefined ? null : Math.round(rupees * 100));

/** The largest IV iv_bp (smallint) holds: 327.67 %. */
const maxIvBp = 32_767;

/**
 * A quote's IV in basis points, or null where it has none or it does not fit the column: NSE's convention gives a
 * deep in-the-money put near expiry hundreds of percent (455 % was seen), and one such contract failed the whole
 * minute's insert. Its IV is then solved again from its close when read (history/volatility/iv-measures.ts).
 */
function ivBpOf(iv: number | null | undefined): number | null {
  if (iv === null || iv === undefined) return null;
  const bp = Math.round(iv * 100);
  return bp >= 0 && bp <= maxIvBp ? bp : null;
}

function sampleOf(quote: LastPrice): Sample {
  return {
    pricePaise: Math.round(quote.last_price * 100),
    dayVolume: quote.volume ?? 0,
    openInterest: quote.oi ?? 0,
    ivBp: ivBpOf(quote.iv),
    bidPaise: paise(quote.bid),
    askPaise: paise(quote.ask),
  };
}

export function createMarketRecorder({ db, clock, source, retentionDays, isOpen, watched, quotes, sampleEveryMs = 5000 }: MarketRecorderOptions) {
  // A restart back within a sampling interval of a minute's start records that minute (minute-book.ts).
  const book = createMinuteBook(sampleEveryMs);
  let watching: { minute: number; keys: Watched } | null = null;
  let lastPruneMs = 0;
  let lastSampleMs = Number.NEGATIVE_INFINITY;

  /** One pass: samples the watched keys, stores the minutes this closes; returns how many rows it added. */
  async function pass(now = clock()): Promise<number> {
    // Pricing every watched contract each one-second tick would cost each instance a third of its market
    // pass: sampled at each minute's first pass and then every `sampleEveryMs` (the OHLC of those samples).
    const minuteStart = now.getTime() - (now.getTime() % 60_000);
    if (lastSampleMs >= minuteStart && now.getTime() - lastSampleMs < sampleEveryMs) return 0;
    lastSampleMs = now.getTime();
    let samples = new Map<string, Sample>();
    if (await isOpen(now)) {
      // The watched contracts are listed again each minute (strikes follow the index), not each pass.
      const minute = Math.floor(now.getTime() / 60_000);
      if (watching?.minute !== minute) watching = { minute, keys: await watched(now) };
      const { indices, options, futures } = watching.keys;
      // A sample's slices may straddle a tick: each contract's price is still one of the minute's (its OHLC's).
      const found = await quotesInSlices(quotes, [...indices.keys(), ...options.keys(), ...(futures?.keys() ?? [])]);
      samples = new Map(Object.entries(found).filter(([, quote]) => quote.last_price > 0).map(([key, quote]) => [key, sampleOf(quote)]));
    }
    let added = 0;
    const closed = book.add(now, samples);
    if (closed.length > 0 && watching !== null) {
      const { indices, options, futures } = watching.keys;
      const indexRows: RecordedIndex[] = [];
      const optionRows: RecordedOption[] = [];
      const futureRows: RecordedFuture[] = [];
      for (const row of closed) {
        const index = indices.get(row.key);
        const contract = options.get(row.key);
        const future = futures?.get(row.key);
        if (index !== undefined) indexRows.push({ ...row, index });
        else if (contract !== undefined) optionRows.push({ ...row, ...contract });
        else if (future !== undefined) futureRows.push({ ...row, ...future });
      }
      const day = istDate(closed[0]!.minute);
      added = await db.transaction((tx) => storeRecordedMinute(tx, source, day, indexRows, optionRows, now, futureRows));
    }
    // Hourly (and at start): past days move to a row per contract-day, then days past the retention go.
    if (now.getTime() - lastPruneMs > pruneEveryMs) {
      lastPruneMs = now.getTime();
      const compacted = await db.transaction((tx) => compactRecordedDays(tx, istDate(now)));
      // The moved rows' space is reused by the next day's minutes once vacuumed (PGlite runs no autovacuum).
      if (compacted > 0) await db.query('VACUUM history_option_minutes');
      await db.transaction((tx) => pruneRecordings(tx, istDate(new Date(now.getTime() - retentionDays * dayMs))));
    }
    return added;
  }

  return { pass };
}

export type MarketRecorder = ReturnType<typeof createMarketRecorder>;

/**
 * The simulator's market as the recorder watches it: each history index, its nearest expiry and nearest monthly;
 * and each stock `stocks` names (watched-stocks.ts): the stock, its near month's listed strikes and its futures.
 * Recorded whenever the simulator trades (issue 62): on the exchange's clock (`MARKET_DEMO=off`) NSE's session of
 * the day, and in demo mode at any hour, so today's charts fill in at 21:00 as the header says the market is open.
 * Those minutes are `simulated`, never read as real (a backtest reads none of them; a chart says so), pruned by
 * the retention like every recorded day; the charts read a day that holds real minutes without them.
 */
export function simulatorRecording(
  market: MarketService,
  stocks: (now: Date) => Promise<readonly string[]> = async () => [],
  /** Tests only: false records the stocks alone (a whole NIFTY chain costs each pass seconds). */
  { indices: withIndices = true }: { indices?: boolean } = {},
): Pick<MarketRecorderOptions, 'isOpen' | 'watched' | 'quotes'> {
  return {
    isOpen: async (now) => (await market.sessionState('NSE', now)).open,
    quotes: (keys) => market.quotes(keys),
    watched: async (now) => {
      const indices = new Map<string, string>();
      const options = new Map<string, Contract>();
      const futures = new Map<string, FutureContract>();
      for (const state of withIndices ? (await market.states()).values() : []) {
        const index = state.name;
        if (!isHistoryIndex(index)) continue;
        const { underlying, expiries } = await market.expiries(index, now);
        indices.set(underlying, index);
        const chosen = new Set([expiries[0]?.date, expiries.find((expiry) => expiry.kind === 'monthly')?.date]);
        for (const expiry of chosen) {
          if (expiry === undefined) continue;
          for (const row of (await market.instruments(index, expiry, now)).instruments) {
            options.set(row.instrument, { index, expiry, strikePaise: Math.round(row.strike * 100), optionType: row.instrument_type as 'CE' | 'PE' });
          }
        }
      }
      for (const symbol of await stocks(now)) {
        // A watched stock the simulator does not price (a live account's, beyond migration 116's) has no minute here.
        const listed = await market.expiries(symbol, now).catch((error: unknown) => {
          if (error instanceof DomainError && error.code === 'not_found') return null;
          throw error;
        });
        if (listed === null) continue;
        indices.set(listed.underlying, symbol);
        const near = listed.expiries[0]?.date;
        if (near !== undefined) {
          for (const row of (await market.instruments(symbol, near, now)).instruments) {
            options.set(row.instrument, { index: symbol, expiry: near, strikePaise: Math.round(row.strike * 100), optionType: row.instrument_type as 'CE' | 'PE' });
          }
        }
        for (const future of listed.futures ?? []) futures.set(future.instrument, { index: symbol, expiry: future.expiry });
      }
      return { indices, options, futures };
    },
  };
}
