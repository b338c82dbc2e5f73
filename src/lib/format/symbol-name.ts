// An order, a trade or a toast carries only the exchange's tradingsymbol (NIFTY26D0126000CE); a trader reads
// the contract as the ticket writes it ("NIFTY 01 Dec 26000 CE", contract-name.ts). Kite's index-option names
// (server/services/market/tradingsymbol.ts) date a weekly contract in full (YY + M + DD, M being 1-9, O, N, D)
// but a monthly one by its month only (YY + MON): its day is the month's last expiry, a market fact the symbol
// does not hold. A monthly is therefore named with its day when the caller knows the expiry (a position
// does) and by its month otherwise ("NIFTY Dec 26000 CE", as Kite names monthlies). A stock's options are
// monthly only (RELIANCE26DEC1300CE, a strike may have paise: IDEA26DEC7.5PE), and a future, index or stock,
// is named by its month ("RELIANCE DEC FUT", RELIANCE26DECFUT); anything else (an equity) is its tradingsymbol.
import { contractName } from '@/lib/format/contract-name';
import { intlLocaleFor, type Locale } from '@/i18n/locale';

const indices = 'MIDCPNIFTY|BANKNIFTY|FINNIFTY|SENSEX|NIFTY';
const weekly = new RegExp(`^(${indices})(\\d{2})([1-9OND])(\\d{2})(\\d+)(CE|PE)$`);
const months = 'JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC';
// Any underlying's symbol (M&M, BAJAJ-AUTO), shortest first: the year's two digits follow it.
const monthly = new RegExp(`^([A-Z0-9&_-]+?)(\\d{2})(${months})(\\d+(?:\\.\\d{1,2})?)(CE|PE)$`);
const future = new RegExp(`^([A-Z0-9&_-]+?)(\\d{2})(${months})FUT$`);
const weeklyMonths = '123456789OND';
const monthNames = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

const isOptionType = (type: string | undefined): type is 'CE' | 'PE' => type === 'CE' || type === 'PE';
const isoDay = (yy: string, month: number, day: string) => `20${yy}-${String(month).padStart(2, '0')}-${day}`;

/** "Dec" in English, "déc." in French: a monthly contract's month when its day is not known. */
function monthOf(yy: string, month: number, locale: Locale): string {
  const date = new Date(Date.UTC(2000 + Number(yy), month - 1, 1));
  return new Intl.DateTimeFormat(intlLocaleFor(locale), { month: 'short', timeZone: 'UTC' }).format(date);
}

/**
 * The contract a tradingsymbol names, in words. `expiry` (YYYY-MM-DD), when the caller has it, dates a
 * monthly contract to the day; it is used only when it falls in the symbol's own month.
 */
export function symbolName(tradingsymbol: string, locale: Locale, expiry?: string | null): string {
  const week = weekly.exec(tradingsymbol);
  if (week !== null) {
    const [, name = '', yy = '', code = '', day = '', strike = '', type] = week;
    if (!isOptionType(type)) return tradingsymbol;
    const date = isoDay(yy, weeklyMonths.indexOf(code) + 1, day);
    return contractName({ name, expiry: date, strike: Number(strike), instrument_type: type }, locale);
  }
  const fut = future.exec(tradingsymbol);
  if (fut !== null) {
    const [, name = '', yy = '', mon = ''] = fut;
    return `${name} ${monthOf(yy, monthNames.indexOf(mon) + 1, locale).toUpperCase()} FUT`;
  }
  const month = monthly.exec(tradingsymbol);
  if (month === null) return tradingsymbol;
  const [, name = '', yy = '', mon = '', strike = '', type] = month;
  if (!isOptionType(type)) return tradingsymbol;
  const number = monthNames.indexOf(mon) + 1;
  if (expiry != null && expiry.startsWith(isoDay(yy, number, '').slice(0, 8))) {
    return contractName({ name, expiry, strike: Number(strike), instrument_type: type }, locale);
  }
  return `${name} ${monthOf(yy, number, locale)} ${strike} ${type}`;
}
