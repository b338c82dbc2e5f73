// The simulated market's stored rows (migrations 005 and 021) and how they read as domain values: prices are
// numeric rupees in the database and integer paise in the domain (rounded to the paisa here, once).
import { marketAssumptions } from '../../../quant/market-assumptions.ts';
import type { IndexName } from './index-config.ts';
import type { IndexState, SimulationParams } from './simulator.ts';

export type IndexRow = {
  index_name: IndexName;
  underlying: string;
  start_spot: string;
  volatility: string;
  atm_volatility: string;
  skew: string;
  curvature: string;
};

export type StateRow = {
  index_name: IndexName;
  seq: string;
  spot: string;
  ticked_at: Date;
  traded_at: Date | null;
  session_date: string;
  session_open_seq: string;
  day_open: string;
  day_high: string;
  day_low: string;
  previous_close: string;
  previous_close_at: Date;
};

/** A listed contract: an index's option, a stock's option or any underlying's future (FUT: strike 0, none listed). */
export type ContractRow = {
  instrument_token: number;
  exchange: 'NFO' | 'BFO';
  tradingsymbol: string;
  /** The underlying (underlyings.symbol): one of the five indices or a simulated stock. */
  name: string;
  expiry: string;
  expiry_kind: 'weekly' | 'monthly';
  strike: number;
  instrument_type: 'CE' | 'PE' | 'FUT';
  lot_size: number;
};

/** A listed option (not a future). */
export type OptionRow = ContractRow & { instrument_type: 'CE' | 'PE' };
export const isOptionRow = (row: ContractRow): row is OptionRow => row.instrument_type !== 'FUT';

export type IndexModel = { name: IndexName; underlying: string; startSpotPaise: number; params: SimulationParams; stream: number };

/** The exchange whose calendar an index keeps: the one that computes it (its instrument `BSE:SENSEX`, `NSE:NIFTY 50`). */
export const calendarExchangeOf = (model: Pick<IndexModel, 'underlying'>): 'NSE' | 'BSE' => (model.underlying.startsWith('BSE:') ? 'BSE' : 'NSE');

export type IndexSnapshot = IndexState & {
  name: IndexName;
  sessionDate: string;
  dayOpenPaise: number;
  dayHighPaise: number;
  dayLowPaise: number;
  /** Until when simulated trading (volume, open interest) has been applied; null before the first minute. */
  tradedAtMs: number | null;
};

export const paise = (numeric: string) => Math.round(Number(numeric) * 100);
export const rupees = (value: number) => value / 100;
export const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The last instant written as text: a tick's quotes all carry the same one. */
let lastTimestamp = { ms: Number.NaN, text: '' };
function timestampOf(ms: number): string {
  if (ms !== lastTimestamp.ms) lastTimestamp = { ms, text: new Date(ms).toISOString() };
  return lastTimestamp.text;
}

/** The fields every quote has: last price, its time, the previous close and the change from it (none without a close). */
export function priceFields(lastPaise: number, closePaise: number, tickedAtMs: number) {
  const change = lastPaise - closePaise;
  return {
    last_price: rupees(lastPaise),
    timestamp: timestampOf(tickedAtMs),
    close: rupees(closePaise),
    change: rupees(change),
    change_percent: closePaise === 0 ? 0 : round((change / closePaise) * 100, 2),
  };
}

export function snapshotOf(row: StateRow): IndexSnapshot {
  return {
    name: row.index_name,
    seq: Number(row.seq),
    spotPaise: paise(row.spot),
    tickedAtMs: row.ticked_at.getTime(),
    tradedAtMs: row.traded_at?.getTime() ?? null,
    sessionOpenSeq: Number(row.session_open_seq),
    previousClosePaise: paise(row.previous_close),
    previousCloseAtMs: row.previous_close_at.getTime(),
    sessionDate: row.session_date,
    dayOpenPaise: paise(row.day_open),
    dayHighPaise: paise(row.day_high),
    dayLowPaise: paise(row.day_low),
  };
}

export function modelOf(row: IndexRow, stream: number): IndexModel {
  return {
    name: row.index_name,
    underlying: row.underlying,
    startSpotPaise: paise(row.start_spot),
    stream,
    params: {
      volatility: Number(row.volatility),
      atmVolatility: Number(row.atm_volatility),
      skew: Number(row.skew),
      curvature: Number(row.curvature),
      // One rate for every figure (quant/market-assumptions.ts), not a column of its own.
      rate: marketAssumptions.rate,
    },
  };
}

export const stateColumns = `index_name, seq, spot, ticked_at, traded_at, to_char(session_date, 'YYYY-MM-DD') AS session_date,
  session_open_seq, day_open, day_high, day_low, previous_close, previous_close_at`;
export const contractColumns = `instrument_token, exchange, tradingsymbol, name, to_char(expiry, 'YYYY-MM-DD') AS expiry, expiry_kind,
  coalesce(strike, 0) AS strike, instrument_type, lot_size`;
