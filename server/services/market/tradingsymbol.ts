// Kite's instrument-dump names for index options (NSE/BSE contract naming, as Zerodha publishes it):
//   monthly  NAME + YY + MON + STRIKE + CE|PE      NIFTY26DEC24000CE
//   weekly   NAME + YY + M + DD + STRIKE + CE|PE    NIFTY26D0124000CE  (1 December 2026)
// where M is the month's number for January to September and O, N, D for October to December. A weekly
// expiry that is also the month's last (monthly) expiry is listed only once, in the monthly form.
import type { Expiry } from './expiries.ts';

export type OptionType = 'CE' | 'PE';

const monthNames = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const weeklyMonthCodes = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'O', 'N', 'D'];

/** Index strikes sit on whole-rupee steps (index_config.strike_step is an integer). */
function strikeText(strike: number): string {
  if (!Number.isSafeInteger(strike) || strike <= 0) throw new RangeError(`not an index strike: ${strike}`);
  return String(strike);
}

export function optionTradingsymbol(index: string, expiry: Pick<Expiry, 'date' | 'kind'>, strike: number, type: OptionType): string {
  const [year = '', month = '', day = ''] = expiry.date.split('-');
  const monthIndex = Number(month) - 1;
  const yy = year.slice(2);
  const dated = expiry.kind === 'monthly' ? `${yy}${monthNames[monthIndex]}` : `${yy}${weeklyMonthCodes[monthIndex]}${day}`;
  return `${index}${dated}${strikeText(strike)}${type}`;
}

/** Which of `expiries` an index option's tradingsymbol names (its dated or monthly form), or null: none of them. */
export function expiryOfSymbol(index: string, tradingsymbol: string, expiries: readonly Expiry[]): Expiry | null {
  return expiries.find((expiry) => {
    const prefix = optionTradingsymbol(index, expiry, 1, 'CE').slice(0, -3);
    return tradingsymbol.startsWith(prefix) && /^\d+(CE|PE)$/.test(tradingsymbol.slice(prefix.length));
  }) ?? null;
}
