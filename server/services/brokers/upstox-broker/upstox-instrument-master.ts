// Upstox's instrument file (https://upstox.com/developer/api-documentation/instruments) read as F&O entries: the
// fields of one entry (upstoxEntry: what upstox-contracts.ts finds a StrikeDesk contract's key with), and an
// option or future of a known underlying as StrikeDesk's instrument (upstoxDerivatives: the same instrument Kite's
// dump gives, named as ../instrument-master.ts's masterDerivatives names every master's rows). Upstox names a
// contract "RELIANCE FUT 29 DEC 26" under NSE_FO|<token>.
import { istDate } from '../../market/ist.ts';
import type { ContractKind } from '../../market/tradingsymbol.ts';
import { masterDerivatives, type KnownUnderlyings, type MasterDerivative, type MasterEntry } from '../instrument-master.ts';
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
  return derivativesOfEntries(entries.flatMap((raw) => upstoxEntry(raw) ?? []), known);
}

/** upstoxDerivatives of entries already read (upstoxEntry). */
export function derivativesOfEntries(entries: readonly UpstoxEntry[], known: KnownUnderlyings): MasterDerivative[] {
  return masterDerivatives(entries.flatMap((entry): MasterEntry[] => {
    const exchange = segments[entry.segment];
    if (exchange === undefined) return [];
    return [{ brokerKey: entry.key, underlying: entry.name, exchange, kind: entry.kind, strike: entry.strike, expiry: entry.expiry, lotSize: entry.lotSize, weekly: entry.weekly }];
  }), known);
}
