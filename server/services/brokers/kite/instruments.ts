// The instruments dump (GET /instruments): one CSV row per tradable contract, published daily around
// 08:30 IST. StrikeDesk trades the index options and futures on NFO and BFO, so besides parsing the rows
// this picks out those of the five indices it knows (indexDerivatives), and reads any F&O row of an underlying of
// the table, index or stock, option or future, as the instrument Upstox's file gives too (kiteDerivative).
import { derivativeSegment, parseTradingsymbol } from '../../market/tradingsymbol.ts';
import type { KnownUnderlyings, MasterDerivative } from '../instrument-master.ts';
import { KiteError } from './kite-errors.ts';

export type KiteInstrument = {
  instrument_token: number;
  exchange_token: number;
  tradingsymbol: string;
  /** The underlying for derivatives ("NIFTY"); blank in some dumps, see underlyingOf. */
  name: string;
  last_price: number;
  /** YYYY-MM-DD, or null for instruments that do not expire. */
  expiry: string | null;
  strike: number;
  tick_size: number;
  lot_size: number;
  /** CE, PE, FUT, EQ, ... */
  instrument_type: string;
  /** NFO-OPT, NFO-FUT, BFO-OPT, INDICES, ... */
  segment: string;
  exchange: string;
};

export const instrumentColumns = [
  'instrument_token', 'exchange_token', 'tradingsymbol', 'name', 'last_price', 'expiry', 'strike', 'tick_size',
  'lot_size', 'instrument_type', 'segment', 'exchange',
] as const;

export const indexUnderlyings = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'SENSEX'] as const;
export type IndexUnderlying = (typeof indexUnderlyings)[number];

export function parseInstrumentsCsv(csv: string): KiteInstrument[] {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = splitCsvLine(lines[0] ?? '');
  const at = instrumentColumns.map((column) => {
    const index = header.indexOf(column);
    if (index < 0) throw new KiteError(200, 'DataException', `The instruments CSV has no ${column} column`);
    return index;
  });
  return lines.slice(1).map((line, offset) => {
    const cells = splitCsvLine(line);
    const cell = (column: number) => cells[at[column] ?? -1] ?? '';
    const number = (column: number) => {
      const text = cell(column);
      const value = text === '' ? 0 : Number(text);
      if (!Number.isFinite(value)) throw new KiteError(200, 'DataException', `Instruments CSV line ${offset + 2}: ${instrumentColumns[column]} "${text}"`);
      return value;
    };
    const expiry = cell(5);
    if (expiry !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(expiry)) {
      throw new KiteError(200, 'DataException', `Instruments CSV line ${offset + 2}: expiry "${expiry}"`);
    }
    return {
      instrument_token: number(0),
      exchange_token: number(1),
      tradingsymbol: cell(2),
      name: cell(3),
      last_price: number(4),
      expiry: expiry === '' ? null : expiry,
      strike: number(6),
      tick_size: number(7),
      lot_size: number(8),
      instrument_type: cell(9),
      segment: cell(10),
      exchange: cell(11),
    };
  });
}

/** Splits one CSV line, honouring double quotes (names may hold commas). */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      current += '"';
      i++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ',' && !quoted) {
      cells.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  cells.push(current);
  return cells;
}

/**
 * The index a derivative is on. Kite's `name` says it ("NIFTY"); when a dump leaves it blank (Zerodha's own
 * sample does) the trading symbol's prefix does, provided digits follow, so NIFTYNXT50 is not NIFTY.
 */
export function underlyingOf(row: Pick<KiteInstrument, 'name' | 'tradingsymbol'>): IndexUnderlying | null {
  const name = row.name.trim().toUpperCase();
  if (name !== '') return indexUnderlyings.find((underlying) => underlying === name) ?? null;
  // Longest first: MIDCPNIFTY and BANKNIFTY before NIFTY.
  const byLength = [...indexUnderlyings].sort((a, b) => b.length - a.length);
  return byLength.find((underlying) => new RegExp(`^${underlying}\\d`).test(row.tradingsymbol)) ?? null;
}

export type IndexDerivativeFilter = {
  underlyings?: readonly IndexUnderlying[];
  kinds?: readonly ('option' | 'future')[];
};

/** NFO and BFO options (CE, PE) and futures (FUT) on StrikeDesk's indices. */
export function indexDerivatives(rows: readonly KiteInstrument[], filter: IndexDerivativeFilter = {}): KiteInstrument[] {
  const underlyings = filter.underlyings ?? indexUnderlyings;
  const kinds = filter.kinds ?? ['option', 'future'];
  return rows.filter((row) => {
    if (row.exchange !== 'NFO' && row.exchange !== 'BFO') return false;
    const kind = row.instrument_type === 'FUT' ? 'future' : row.instrument_type === 'CE' || row.instrument_type === 'PE' ? 'option' : null;
    if (kind === null || !kinds.includes(kind)) return false;
    const underlying = underlyingOf(row);
    return underlying !== null && underlyings.includes(underlying);
  });
}

/** "NFO:NIFTY25AUG24400CE": how /quote and /quote/ltp name an instrument. */
export function instrumentKey(row: Pick<KiteInstrument, 'exchange' | 'tradingsymbol'>): string {
  return `${row.exchange}:${row.tradingsymbol}`;
}

/**
 * An NFO/BFO option or future row of a known underlying as StrikeDesk's instrument, or null. The dump's `name` is
 * the underlying's symbol for derivatives ("RELIANCE", "NIFTY"); where it is blank the tradingsymbol says it. The
 * symbol must read back as the row's own contract (kind, strike, the month of its expiry): a row that does not is
 * not taken on trust.
 */
export function kiteDerivative(row: KiteInstrument, known: KnownUnderlyings): MasterDerivative | null {
  if (row.exchange !== 'NFO' && row.exchange !== 'BFO') return null;
  const kind = row.instrument_type;
  if ((kind !== 'CE' && kind !== 'PE' && kind !== 'FUT') || row.expiry === null || !(row.lot_size > 0)) return null;
  const parsed = parseTradingsymbol(row.tradingsymbol, (symbol) => known.has(symbol));
  const name = row.name.trim().toUpperCase();
  const underlying = parsed?.underlying;
  const terms = underlying === undefined ? undefined : known.get(underlying);
  if (parsed === null || underlying === undefined || terms === undefined || (name !== '' && name !== underlying)) return null;
  if (derivativeSegment(terms.exchange) !== row.exchange || parsed.kind !== kind) return null;
  if (kind !== 'FUT' && parsed.strike !== row.strike) return null;
  if (parsed.year !== Number(row.expiry.slice(0, 4)) || parsed.month !== Number(row.expiry.slice(5, 7))) return null;
  return {
    exchange: row.exchange,
    tradingsymbol: row.tradingsymbol,
    underlying,
    kind,
    expiry: row.expiry,
    strike: kind === 'FUT' ? null : row.strike,
    lotSize: row.lot_size,
    brokerKey: String(row.instrument_token),
  };
}
