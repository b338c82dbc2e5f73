// A broker's instrument master row of F&O as StrikeDesk's instrument (issue 63, slice 2): Kite's dump
// (kite/instruments.ts kiteDerivative) and Upstox's file (upstox-broker/upstox-instrument-master.ts) name the same
// contract differently (NIFTY26DECFUT beside "NIFTY FUT 29 DEC 26" under NSE_FO|…); both come out as the same
// exchange and Kite-form tradingsymbol (market/tradingsymbol.ts), underlying, kind, expiry, strike and lot, so one
// contract is one instrument whichever broker listed it. The underlyings are those of the table (migration 110):
// an index or a stock in F&O.
import type { Queryable } from '../../db/database.ts';
import type { Exchange } from '../market/trading-calendar.ts';
import type { ContractKind } from '../market/tradingsymbol.ts';

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
