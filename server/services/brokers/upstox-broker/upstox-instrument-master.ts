// Upstox's instrument file (https://upstox.com/developer/api-documentation/instruments) read as F&O entries: the
// fields of one entry (upstoxEntry: what upstox-contracts.ts finds a StrikeDesk contract's key with), and an
// option or future of a known underlying as StrikeDesk's instrument (upstoxDerivatives: the same instrument Kite's
// dump gives, ../instrument-master.ts). Upstox names a contract "RELIANCE FUT 29 DEC 26" under NSE_FO|<token>;
// StrikeDesk's name is Kite's, formatted from the fields (market/tradingsymbol.ts): futures and stock options in
// the monthly form; an index option in the weekly form unless the file marks it the month's (`weekly` false) or,
// without the mark, it is the month's last expiry the file lists for that underlying.
import { istDate } from '../../market/ist.ts';
import { futureTradingsymbol, optionTradingsymbol, type ContractKind } from '../../market/tradingsymbol.ts';
import type { KnownUnderlyings, MasterDerivative } from '../instrument-master.ts';
import { isObject } from '../upstox/upstox-json.ts';

export type UpstoxEntry = {
  key: string;
  /** The underlying's symbol (`underlying_symbol`, else `name`). */
  name: string;
  segment: string;
  kind: ContractKind;
  /** Rupees (0 for a future). */
  strike: number;
  /** IST date. */
  expiry: string;
  lotSize: number | null;
  /** 0: the file gives none. */
  freeze: number;
  /** The file's own mark of a weekly expiry, where it gives one. */
  weekly: boolean | null;
};

const segments: Record<string, 'NFO' | 'BFO'> = { NSE_FO: 'NFO', BSE_FO: 'BFO' };

/** An F&O entry's fields (options and futures), or null: not one, or a field missing. */
export function upstoxEntry(entry: unknown): UpstoxEntry | null {
  if (!isObject(entry)) return null;
  const { instrument_key: key, underlying_symbol: underlying, name, segment, instrument_type: kind, strike_price: strike, expiry, lot_size: lot, freeze_quantity: freeze, weekly } = entry;
  if (typeof key !== 'string' || typeof segment !== 'string' || typeof kind !== 'string' || typeof expiry !== 'number') return null;
  if (kind !== 'CE' && kind !== 'PE' && kind !== 'FUT') return null;
  const symbol = typeof underlying === 'string' ? underlying : typeof name === 'string' ? name : '';
  return {
    key,
    name: symbol,
    segment,
    kind,
    strike: typeof strike === 'number' ? strike : 0,
    // Upstox's expiry is epoch ms (the day's end, IST).
    expiry: istDate(new Date(expiry)),
    lotSize: typeof lot === 'number' && Number.isSafeInteger(lot) && lot > 0 ? lot : null,
    // No freeze quantity (0): StrikeDesk's table's is used.
    freeze: typeof freeze === 'number' && Number.isInteger(freeze) && freeze > 0 ? freeze : 0,
    weekly: typeof weekly === 'boolean' ? weekly : null,
  };
}

/** The file's F&O entries of known underlyings as StrikeDesk's instruments (entries without a lot are left out). */
export function upstoxDerivatives(entries: readonly unknown[], known: KnownUnderlyings): MasterDerivative[] {
  const read = entries.flatMap((raw) => {
    const entry = upstoxEntry(raw);
    const exchange = entry === null ? undefined : segments[entry.segment];
    const terms = entry === null ? undefined : known.get(entry.name);
    if (entry === null || exchange === undefined || terms === undefined || entry.lotSize === null) return [];
    if (exchange !== (terms.exchange === 'NSE' ? 'NFO' : 'BFO')) return [];
    // An option's strike on its grid: whole rupees for an index, paise for a stock (a row off it is no contract).
    const paise = entry.strike * 100;
    const onGrid = terms.kind === 'index' ? Number.isSafeInteger(entry.strike) : Math.abs(paise - Math.round(paise)) < 1e-6;
    if (entry.kind !== 'FUT' && !(entry.strike > 0 && onGrid)) return [];
    return [{ entry, exchange, index: terms.kind === 'index' }];
  });
  // Each index's last listed option expiry of each month: its monthly contract.
  const monthLast = new Map<string, string>();
  for (const { entry, index } of read) {
    if (!index || entry.kind === 'FUT') continue;
    const month = `${entry.name}:${entry.expiry.slice(0, 7)}`;
    if ((monthLast.get(month) ?? '') < entry.expiry) monthLast.set(month, entry.expiry);
  }
  return read.map(({ entry, exchange, index }): MasterDerivative => {
    const monthly = !index || (entry.weekly !== null ? !entry.weekly : monthLast.get(`${entry.name}:${entry.expiry.slice(0, 7)}`) === entry.expiry);
    const tradingsymbol = entry.kind === 'FUT'
      ? futureTradingsymbol(entry.name, entry.expiry)
      : optionTradingsymbol(entry.name, { date: entry.expiry, kind: monthly ? 'monthly' : 'weekly' }, entry.strike, entry.kind, index ? 'rupee' : 'paise');
    return {
      exchange,
      tradingsymbol,
      underlying: entry.name,
      kind: entry.kind,
      expiry: entry.expiry,
      strike: entry.kind === 'FUT' ? null : entry.strike,
      lotSize: entry.lotSize ?? 0,
      brokerKey: entry.key,
    };
  });
}
