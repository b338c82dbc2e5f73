// Kite's instrument-dump names for F&O contracts (NSE/BSE contract naming, as Zerodha publishes it), for every
// underlying, index or stock:
//   monthly option  NAME + YY + MON + STRIKE + CE|PE      NIFTY26DEC24000CE, RELIANCE26DEC1300CE
//   weekly option   NAME + YY + M + DD + STRIKE + CE|PE    NIFTY26D0124000CE  (1 December 2026; indices only)
//   future          NAME + YY + MON + FUT                  NIFTY26DECFUT, RELIANCE26DECFUT, SENSEX26DECFUT
// where M is the month's number for January to September and O, N, D for October to December. A weekly
// expiry that is also the month's last (monthly) expiry is listed only once, in the monthly form. An index's strike
// is whole rupees; a stock's may have paise (₹7.50 …), written as the dump's strike column writes it, without
// trailing zeros (IDEA26DEC7.5PE: inferred from that column, no such dump row read). The
// exchange prefix of a quote key ("NFO:", "BFO:") is the underlying's exchange's F&O segment (derivativeSegment).
import type { Expiry } from './expiries.ts';

export type OptionType = 'CE' | 'PE';
export type ContractKind = OptionType | 'FUT';

const monthNames = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const weeklyMonthCodes = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'O', 'N', 'D'];

/**
 * Index strikes sit on whole rupees (index_config.strike_step is an integer): anything else is refused. A stock's
 * may have paise (`grid` 'paise').
 */
function strikeText(strike: number, grid: StrikeGrid): string {
  const paise = Math.round(strike * 100);
  const onGrid = grid === 'rupee' ? Number.isSafeInteger(strike) : Math.abs(strike * 100 - paise) < 1e-6 && Number.isSafeInteger(paise);
  if (!Number.isFinite(strike) || strike <= 0 || !onGrid) throw new RangeError(`not a${grid === 'rupee' ? 'n index' : ''} strike: ${strike}`);
  return String(paise / 100);
}

/** Whole rupees (an index's strikes) or paise (a stock's). */
export type StrikeGrid = 'rupee' | 'paise';

/** The grid an underlying's strikes sit on: a stock's may have paise (NTPC's ₹2.50 steps), an index's never. */
export const strikeGridOf = (kind: 'index' | 'stock'): StrikeGrid => (kind === 'stock' ? 'paise' : 'rupee');

const monthlyText = (date: string) => `${date.slice(2, 4)}${monthNames[Number(date.slice(5, 7)) - 1]}`;

export function optionTradingsymbol(underlying: string, expiry: Pick<Expiry, 'date' | 'kind'>, strike: number, type: OptionType, grid: StrikeGrid = 'rupee'): string {
  const [year = '', month = '', day = ''] = expiry.date.split('-');
  const dated = expiry.kind === 'monthly' ? monthlyText(expiry.date) : `${year.slice(2)}${weeklyMonthCodes[Number(month) - 1]}${day}`;
  return `${underlying}${dated}${strikeText(strike, grid)}${type}`;
}

/** A future's name: its month's (futures are monthly only, on an index or a stock). */
export function futureTradingsymbol(underlying: string, expiry: string): string {
  return `${underlying}${monthlyText(expiry)}FUT`;
}

/** The F&O segment an underlying's contracts trade in, as Kite prefixes their quote keys. */
export const derivativeSegment = (exchange: 'NSE' | 'BSE'): 'NFO' | 'BFO' => (exchange === 'NSE' ? 'NFO' : 'BFO');

/** Which of `expiries` an index option's tradingsymbol names (its dated or monthly form), or null: none of them. */
export function expiryOfSymbol(index: string, tradingsymbol: string, expiries: readonly Expiry[]): Expiry | null {
  return expiries.find((expiry) => {
    const prefix = optionTradingsymbol(index, expiry, 1, 'CE').slice(0, -3);
    return tradingsymbol.startsWith(prefix) && /^\d+(CE|PE)$/.test(tradingsymbol.slice(prefix.length));
  }) ?? null;
}

/** What a tradingsymbol says: the month's contract (`day` null) or a weekly one's date, and its strike for an option. */
export type ParsedTradingsymbol = {
  underlying: string;
  year: number;
  /** 1–12. */
  month: number;
  day: number | null;
  kind: ContractKind;
  strike: number | null;
};

const optionTail = /^(\d{2})(?:(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)|([1-9OND])(\d{2}))(\d+(?:\.\d{1,2})?)(CE|PE)$/;
const futureTail = /^(\d{2})(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)FUT$/;

function parseTail(underlying: string, tail: string): ParsedTradingsymbol | null {
  const future = futureTail.exec(tail);
  if (future !== null) {
    return { underlying, year: 2000 + Number(future[1]), month: monthNames.indexOf(future[2] ?? '') + 1, day: null, kind: 'FUT', strike: null };
  }
  const option = optionTail.exec(tail);
  if (option === null) return null;
  const [, yy, monthName, weekMonth, dd, strike, kind] = option;
  const month = (monthName !== undefined ? monthNames.indexOf(monthName) : weeklyMonthCodes.indexOf(weekMonth ?? '')) + 1;
  const day = dd === undefined ? null : Number(dd);
  if (month < 1 || Number(strike) <= 0 || (day !== null && (day < 1 || day > 31))) return null;
  return { underlying, year: 2000 + Number(yy), month, day, kind: kind as OptionType, strike: Number(strike) };
}

/**
 * Reads a tradingsymbol of any underlying `isUnderlying` knows. The name is not delimited (M&M, 360ONE, NIFTYNXT50,
 * BAJAJ-AUTO), so each known prefix is tried, shortest first, until the rest reads as a contract: NIFTYNXT5026DECFUT
 * is not NIFTY's, its rest not starting with the year's digits. Null: not a known underlying's contract.
 */
export function parseTradingsymbol(tradingsymbol: string, isUnderlying: (symbol: string) => boolean): ParsedTradingsymbol | null {
  for (let end = 1; end <= tradingsymbol.length - 6; end += 1) {
    const underlying = tradingsymbol.slice(0, end);
    if (!isUnderlying(underlying)) continue;
    const parsed = parseTail(underlying, tradingsymbol.slice(end));
    if (parsed !== null) return parsed;
  }
  return null;
}
