// A broker's instrument master row of F&O as StrikeDesk's instrument (issue 63, slice 2): Kite's dump
// (kite/instruments.ts kiteDerivative) and Upstox's file (upstox-broker/upstox-instrument-master.ts) name the same
// contract differently (NIFTY26DECFUT beside "NIFTY FUT 29 DEC 26" under NSE_FO|…); both come out as the same
// exchange and Kite-form tradingsymbol (market/tradingsymbol.ts), underlying, kind, expiry, strike and lot, so one
// contract is one instrument whichever broker listed it. The underlyings are those of the table (migration 110):
// an index or a stock in F&O.
import type { Queryable } from '../../db/database.ts';
import type { Exchange } from '../market/trading-calendar.ts';
import { futureTradingsymbol, optionTradingsymbol, type ContractKind } from '../market/tradingsymbol.ts';

export type KnownUnderlying = { kind: 'index' | 'stock'; exchange: Exchange };
export type KnownUnderlyings = ReadonlyMap<string, KnownUnderlying>;

export type MasterDerivative = {
  /** NFO or BFO, as Kite prefixes a quote key. */
  exchange: 'NFO' | 'BFO';
  /** Kite's name of the contract (StrikeDesk's): NIFTY26DECFUT, RELIANCE26DEC1300CE. */
  tradingsymbol: string;
  underlying: string;
  kind: ContractKind;
  /** The IST date it expires. */
  expiry: string;
  /** Rupees; null for a future. */
  strike: number | null;
  lotSize: number;
  /** The broker's own key: Kite's instrument token, Upstox's instrument_key. */
  brokerKey: string;
};

/** The underlyings of the table, by symbol. */
export async function knownUnderlyings(q: Queryable): Promise<Map<string, KnownUnderlying>> {
  const { rows } = await q.query<{ symbol: string; kind: KnownUnderlying['kind']; exchange: Exchange }>('SELECT symbol, kind, exchange FROM underlyings');
  return new Map(rows.map((row) => [row.symbol, { kind: row.kind, exchange: row.exchange }]));
}

/** One instrument, whichever broker listed it. */
export const instrumentIdentity = (row: Pick<MasterDerivative, 'exchange' | 'tradingsymbol'>) => `${row.exchange}:${row.tradingsymbol}`;

/**
 * One F&O row of a broker's master in broker-neutral fields (Upstox's file entry, Dhan's scrip master row):
 * `weekly` is the master's own mark of a weekly expiry where it gives one.
 */
export type MasterEntry = {
  brokerKey: string;
  underlying: string;
  exchange: 'NFO' | 'BFO';
  kind: ContractKind;
  /** Rupees (0 for a future). */
  strike: number;
  /** IST date. */
  expiry: string;
  lotSize: number | null;
  weekly: boolean | null;
};

/**
 * A master's rows of known underlyings as StrikeDesk's instruments (rows without a lot, on another exchange than
 * the underlying's, or off the strike grid are left out). StrikeDesk's name is Kite's, formatted from the fields
 * (market/tradingsymbol.ts): futures and stock options in the monthly form; an index option in the weekly form
 * unless the master marks it the month's (`weekly` false) or, without the mark, it is the month's last expiry
 * the master lists for that underlying.
 */
export function masterDerivatives(entries: readonly MasterEntry[], known: KnownUnderlyings): MasterDerivative[] {
  const read = entries.flatMap((entry) => {
    const terms = known.get(entry.underlying);
    if (terms === undefined || entry.lotSize === null) return [];
    if (entry.exchange !== (terms.exchange === 'NSE' ? 'NFO' : 'BFO')) return [];
    // An option's strike on its grid: whole rupees for an index, paise for a stock (a row off it is no contract).
    const paise = entry.strike * 100;
    const onGrid = terms.kind === 'index' ? Number.isSafeInteger(entry.strike) : Math.abs(paise - Math.round(paise)) < 1e-6;
    if (entry.kind !== 'FUT' && !(entry.strike > 0 && onGrid)) return [];
    return [{ entry, index: terms.kind === 'index' }];
  });
  // Each index's last listed option expiry of each month: its monthly contract.
  const monthLast = new Map<string, string>();
  for (const { entry, index } of read) {
    if (!index || entry.kind === 'FUT') continue;
    const month = `${entry.underlying}:${entry.expiry.slice(0, 7)}`;
    if ((monthLast.get(month) ?? '') < entry.expiry) monthLast.set(month, entry.expiry);
  }
  return read.map(({ entry, index }): MasterDerivative => {
    const monthly = !index || (entry.weekly !== null ? !entry.weekly : monthLast.get(`${entry.underlying}:${entry.expiry.slice(0, 7)}`) === entry.expiry);
    const tradingsymbol = entry.kind === 'FUT'
      ? futureTradingsymbol(entry.underlying, entry.expiry)
      : optionTradingsymbol(entry.underlying, { date: entry.expiry, kind: monthly ? 'monthly' : 'weekly' }, entry.strike, entry.kind, index ? 'rupee' : 'paise');
    return {
      exchange: entry.exchange,
      tradingsymbol,
      underlying: entry.underlying,
      kind: entry.kind,
      expiry: entry.expiry,
      strike: entry.kind === 'FUT' ? null : entry.strike,
      lotSize: entry.lotSize ?? 0,
      brokerKey: entry.brokerKey,
    };
  });
}

/**
 * The listed row of a contract among the rows of its underlying, kind and strike: the one of its expiry, else (a
 * monthly contract read from its symbol) the month's last listed expiry before it: a holiday may move it a day
 * earlier.
 */
export function listedOn<Row extends { expiry: string }>(same: readonly Row[], expiry: string): Row | undefined {
  const month = expiry.slice(0, 7);
  return same.find((row) => row.expiry === expiry) ?? same.filter((row) => row.expiry.startsWith(month) && row.expiry <= expiry).sort((a, b) => b.expiry.localeCompare(a.expiry))[0];
}
