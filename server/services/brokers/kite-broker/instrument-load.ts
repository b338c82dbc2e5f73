// The daily load of Kite's instruments dump. Zerodha publishes it around 08:30 IST; a load is due once per IST
// day from then on (and at once on a server that never loaded one: a first login before 08:30 is recorded as
// the previous day's, so the morning's dump still comes). Any logged-in Kite account's session fetches it
// (the dump is the same for every app). Kite is never called inside a transaction: the dump is fetched first,
// then the day's row is claimed in the same transaction as the rows, so one instance writes it and logs
// its differences from index_config once.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { revisedLots } from '../../market/contract-lots.ts';
import { indexFacts, type IndexName } from '../../market/index-config.ts';
import { priceRulesOn } from '../../market/price-rules.ts';
import { clockMinutes, istDate, istMinutes } from '../../market/ist.ts';
import { addDays } from '../../market/trading-calendar.ts';
import { knownUnderlyings, type KnownUnderlyings, type MasterDerivative } from '../instrument-master.ts';
import { indexDerivatives, instrumentKey, kiteDerivative, underlyingOf, type KiteInstrument } from '../kite/instruments.ts';
import type { KiteHttp } from '../kite/kite-http.ts';
import { getInstruments } from '../kite/kite-market.ts';
import { dumpFacts, factDifferences, type FactDifference, type LoadedInstrument } from './instrument-facts.ts';
import { writeInstruments } from './instrument-store.ts';

export const dumpPublishedAt = '08:30';

export type InstrumentLoadReport = { loadedOn: string; instruments: number; differences: FactDifference[] };
export type Warn = (details: Record<string, unknown>, message: string) => void;

/** The day a load made at `now` stands for: before 08:30 IST the dump is still the previous day's. */
export function dumpDay(now: Date): string {
  const today = istDate(now);
  return istMinutes(now) < clockMinutes(dumpPublishedAt) ? addDays(today, -1) : today;
}

/**
 * The indices and their live derivatives, and the live options and futures of the stocks the underlyings table lists
 * (`known`; issue 63: NFO's OPTSTK and FUTSTK rows, each read back from its symbol as the instrument masters read it,
 * instrument-master.ts), and those stocks' own NSE rows. A dump may still list a contract that expired.
 */
function kept(rows: readonly KiteInstrument[], indexOfUnderlying: Map<string, IndexName>, day: string, known: KnownUnderlyings): LoadedInstrument[] {
  const loaded = (row: KiteInstrument, index: string): LoadedInstrument => ({
    exchange: row.exchange,
    tradingsymbol: row.tradingsymbol,
    instrumentToken: row.instrument_token,
    index,
    segment: row.segment,
    instrumentType: row.instrument_type,
    expiry: row.expiry,
    strike: row.strike,
    lotSize: row.lot_size,
    tickPaise: Math.round(row.tick_size * 100),
  });
  const indices = rows.flatMap((row) => {
    const index = row.segment === 'INDICES' ? indexOfUnderlying.get(instrumentKey(row)) : undefined;
    return index === undefined ? [] : [loaded(row, index)];
  });
  // underlyingOf names the index as the dump does; StrikeDesk's index names are the same five words.
  const derivatives = indexDerivatives(rows).filter((row) => row.expiry === null || row.expiry >= day).map((row) => loaded(row, underlyingOf(row) as IndexName));
  const stocks = rows.filter((row) => {
    if (row.expiry === null || row.expiry < day) return false;
    const derivative = kiteDerivative(row, known);
    return derivative !== null && known.get(derivative.underlying)?.kind === 'stock';
  });
  // A listed stock's own NSE row (issue 63, session 82): its token lets a ticker follow the stock's spot, which the
  // live recorder stores beside its options and futures (live-recording.ts).
  const equities = rows.filter((row) => row.exchange === 'NSE' && row.instrument_type === 'EQ' && row.segment === 'NSE' && known.get(row.tradingsymbol)?.kind === 'stock');
  return [
    ...indices,
    ...derivatives,
    ...stocks.map((row) => loaded(row, (kiteDerivative(row, known) as MasterDerivative).underlying)),
    ...equities.map((row) => loaded(row, row.tradingsymbol)),
  ];
}

export function createKiteInstrumentLoad({ db, clock }: { db: Database; clock: Clock }) {
  /** The last day known loaded: spares the database a read on every pass. */
  let knownDay: string | null = null;

  async function loadedFor(day: string): Promise<boolean> {
    if (knownDay === day) return true;
    const { rows } = await db.query('SELECT 1 FROM kite_instrument_loads WHERE loaded_on = $1::date', [day]);
    if (rows.length > 0) knownDay = day;
    return rows.length > 0;
  }

  /** Loads the dump through `http` unless today's is loaded; answers what this call loaded (null: nothing). */
  async function ensureLoaded(http: KiteHttp, warn: Warn): Promise<InstrumentLoadReport | null> {
    const now = clock();
    const day = dumpDay(now);
    if (await loadedFor(day)) return null;
    const dump = await getInstruments(http);
    const { rows: models } = await db.query<{ index_name: IndexName; underlying: string }>('SELECT index_name, underlying FROM market_simulation');
    const rows = kept(dump, new Map(models.map((model) => [model.underlying, model.index_name])), day, await knownUnderlyings(db));
    const differences: FactDifference[] = [];
    for (const { index_name: index } of models) {
      const facts = dumpFacts(index, rows);
      if (facts === null) continue;
      const lots = await revisedLots(db, index, istDate(now), facts.expiries);
      const config = await indexFacts(db, index, now);
      // StrikeDesk's tick of the day (tick_sizes, read as the paper broker reads it).
      const { tickPaise } = await priceRulesOn(db, config.exchange, istDate(now));
      differences.push(...factDifferences(facts, { ...config, tickPaise }, new Map([...lots].map(([expiry, lot]) => [expiry, lot.lotSize]))));
    }
    const report = await db.transaction(async (tx) => {
      const claimed = await tx.query(
        'INSERT INTO kite_instrument_loads (loaded_on, loaded_at, instruments, differences) VALUES ($1::date, $2, 0, $3::jsonb) ON CONFLICT DO NOTHING RETURNING 1',
        [day, now, JSON.stringify(differences)],
      );
      if (claimed.rows.length === 0) return null;
      const instruments = await writeInstruments(tx, rows, day);
      await tx.query('UPDATE kite_instrument_loads SET instruments = $2 WHERE loaded_on = $1::date', [day, instruments]);
      return { loadedOn: day, instruments, differences };
    });
    knownDay = day;
    if (report !== null && differences.length > 0) {
      warn({ loadedOn: day, differences }, "Kite's instruments differ from index_config: live accounts trade on Kite's; add an index_config row");
    }
    return report;
  }

  return { ensureLoaded, loadedFor, dumpDay: () => dumpDay(clock()) };
}

export type KiteInstrumentLoad = ReturnType<typeof createKiteInstrumentLoad>;
