// What an F&O tradingsymbol of any underlying is (issue 63, slice 2): its underlying, kind (CE, PE, FUT), expiry,
// strike and the lot the contract carries on a day, read from Kite's naming (market/tradingsymbol.ts, the one
// parser and formatter) and the dated tables: a monthly symbol's expiry is its month's last expiry weekday of the
// underlying (contract-months.ts), moved before a holiday; the lot is the contract's (contract-lots.ts), so a
// stock's December and January contracts carry their own lots across a revision. Weekly forms exist for index
// options only. A symbol the exchange does not list on the day is null: a stock's weekly form, a future or stock
// option outside the near, next and far months (an expired one, one months away, one after the stock's exclusion).
import type { Queryable } from '../../../db/database.ts';
import { loadTradingCalendar } from '../calendar-data.ts';
import { contractLot } from '../contract-lots.ts';
import { monthlyExpiryOf } from '../expiries.ts';
import { expiryDayOnOrBefore, type TradingCalendar } from '../trading-calendar.ts';
import { derivativeSegment, futureTradingsymbol, optionTradingsymbol, parseTradingsymbol, type ContractKind, type StrikeGrid } from '../tradingsymbol.ts';
import { monthlyContracts, underlyingSymbols, underlyingTerms, type UnderlyingTerms } from './contract-months.ts';

export type DerivativeContract = {
  underlying: string;
  /** Kite's exchange of the contract: NFO for NSE's underlyings, BFO for BSE's. */
  exchange: 'NFO' | 'BFO';
  tradingsymbol: string;
  kind: ContractKind;
  /** The IST date it expires. */
  expiry: string;
  /** Rupees; null for a future. */
  strike: number | null;
  /** Its lot on the day asked, with where it was read; null where no source knows the stock's lot. */
  lot: { size: number; source: string; effectiveFrom: string | null } | null;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The expiry a parsed symbol names for `terms` (null: a weekly form of a stock, or a date that is no expiry). */
function expiryOf(terms: UnderlyingTerms, calendar: TradingCalendar, year: number, month: number, day: number | null): string | null {
  if (day === null) return expiryDayOnOrBefore(calendar, monthlyExpiryOf(terms.expiryWeekdays, year, month));
  if (terms.kind !== 'index') return null;
  const date = `${year}-${pad(month)}-${pad(day)}`;
  return Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).getUTCDate() !== day ? null : date;
}

/** The contract `exchange:tradingsymbol` names on `day`, or null (not a listed underlying's F&O symbol). */
export async function derivativeContractOf(q: Queryable, exchange: string, tradingsymbol: string, day: string): Promise<DerivativeContract | null> {
  const symbols = await underlyingSymbols(q);
  const parsed = parseTradingsymbol(tradingsymbol, (symbol) => symbols.has(symbol));
  const underlying = parsed === null ? undefined : (await underlyingTerms(q, [parsed.underlying])).get(parsed.underlying);
  if (parsed === null || underlying === undefined || derivativeSegment(underlying.exchange) !== exchange) return null;
  if ((parsed.kind === 'FUT' && parsed.day !== null) || (underlying.kind === 'index' && parsed.strike !== null && !Number.isInteger(parsed.strike))) return null;
  const calendar = await loadTradingCalendar(q, underlying.exchange);
  const expiry = expiryOf(underlying, calendar, parsed.year, parsed.month, parsed.day);
  if (expiry === null) return null;
  // Futures and stock options trade in the months listed on the day (near, next, far; none of a stock outside its
  // F&O membership); an index's options have their own series, long-dated ones included.
  const monthly = parsed.kind === 'FUT' || underlying.kind === 'stock';
  if (monthly && !monthlyContracts(underlying, calendar, day).some((listed) => listed.date === expiry)) return null;
  const lot = await contractLot(q, underlying.symbol, expiry, day);
  return {
    underlying: underlying.symbol,
    exchange,
    tradingsymbol,
    kind: parsed.kind,
    expiry,
    strike: parsed.strike,
    lot: lot === null ? null : { size: lot.lotSize, source: lot.source, effectiveFrom: lot.effectiveFrom },
  };
}

/**
 * A contract's name in Kite's form: what derivativeContractOf reads back (`monthly`: the month's contract of an index
 * option; `grid` 'paise' for a stock's strike, which may have a fraction).
 */
export function derivativeTradingsymbol(contract: Pick<DerivativeContract, 'underlying' | 'kind' | 'expiry' | 'strike'>, monthly = true, grid: StrikeGrid = 'paise'): string {
  if (contract.kind === 'FUT') return futureTradingsymbol(contract.underlying, contract.expiry);
  if (contract.strike === null) throw new RangeError(`an option of ${contract.underlying} without a strike`);
  return optionTradingsymbol(contract.underlying, { date: contract.expiry, kind: monthly ? 'monthly' : 'weekly' }, contract.strike, contract.kind, grid);
}
