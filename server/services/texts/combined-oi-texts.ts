// Why NSE's combined open interest file (combineoi_DDMMYYYY.csv) or one of its lines was refused, said in English and
// as a coded text like every history file's reason (history-texts.ts).
import { said, words, type Said } from './said.ts';

export const combinedOiTexts = {
  noRows: said('history.combined_oi_no_rows', {}, 'the file lists no stock under its header'),
  datesDiffer: (first: string, other: string): Said =>
    said('history.combined_oi_dates_differ', { first, other }, `the file mixes days: ${first} and ${other} (NSE's file is of one day)`),
  twice: (symbol: string): Said => said('history.combined_oi_twice', { symbol }, `${symbol} appears twice`),
  noLimit: (symbol: string): Said => said('history.combined_oi_no_limit', { symbol }, `${symbol}: its MWPL is 0 (a limit is never nothing)`),
  badLimitNextDay: (value: string): Said =>
    said('history.combined_oi_bad_limit', { value: words(value).i18n }, `Limit for Next Day "${value}" is neither a number of shares nor "No Fresh Positions"`),
  notShares: (column: string, value: string): Said =>
    said('history.combined_oi_not_shares', { column, value: words(value).i18n }, `${column} "${value}" is not a number of shares`),
};
