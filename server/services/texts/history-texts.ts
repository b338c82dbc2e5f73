// Why an imported history file (an NSE bhavcopy, an index minute CSV) or one of its lines was refused,
// said twice like every trader's text: the English `reason` of the import answer, and a code with its
// parameters (`reason_i18n`) the app says in the trader's language. A value read from the file travels as
// words (code `text`), so it is shown exactly as the file has it, never reformatted (an invalid
// "2024-07-32" is not a date to format); the dates the parser did read travel as ISO days.
import { said, words, type Said } from './said.ts';

const indexList = 'NIFTY, BANKNIFTY, FINNIFTY or MIDCPNIFTY';

export const historyTexts = {
  headerLacks: (columns: readonly string[]): Said =>
    said('history.header_lacks', { columns: columns.join(', ') }, `the header lacks ${columns.join(', ')}`),
  notANumber: (column: string, value: string): Said =>
    said('history.not_a_number', { column, value: words(value).i18n }, `${column} "${value}" is not a number`),
  notAWholeNumber: (column: string, value: string): Said =>
    said('history.not_a_whole_number', { column, value: words(value).i18n }, `${column} "${value}" is not a whole number`),
  tooLarge: (column: string, value: string): Said =>
    said('history.too_large', { column, value: words(value).i18n }, `${column} "${value}" is too large`),
  negative: (column: string, value: string): Said =>
    said('history.negative', { column, value: words(value).i18n }, `${column} "${value}" is negative`),
  notACalendarDate: (column: string, value: string): Said =>
    said('history.not_a_calendar_date', { column, value: words(value).i18n }, `${column} "${value}" is not a calendar date`),
  notAnIsoDate: (column: string, value: string): Said =>
    said('history.not_an_iso_date', { column, value: words(value).i18n }, `${column} "${value}" is not a date like 2024-07-08`),
  notADayMonthYearDate: (column: string, value: string): Said =>
    said('history.not_a_day_month_year_date', { column, value: words(value).i18n }, `${column} "${value}" is not a date like 25-JUL-2024`),
  notCallOrPut: (column: string, value: string): Said =>
    said('history.not_call_or_put', { column, value: words(value).i18n }, `${column} "${value}" is not CE or PE`),
  highBelowLow: said('history.high_below_low', {}, 'the high is below the low'),
  openOrCloseAboveHigh: said('history.open_or_close_above_high', {}, 'open or close above the high'),
  expiryBeforeTradeDate: (expiry: string, tradeDate: string): Said =>
    said('history.expiry_before_trade_date', { expiry, trade_date: tradeDate }, `the expiry ${expiry} is before the trade date ${tradeDate}`),
  strikeNotPositive: said('history.strike_not_positive', {}, 'the strike is not positive'),
  zero: (column: string): Said => said('history.zero', { column }, `${column} is zero`),
  contractTwice: (index: string, expiry: string, strike: number, optionType: string, tradeDate: string): Said =>
    said(
      'history.contract_twice',
      { index, expiry, strike, option_type: optionType, trade_date: tradeDate },
      `${index} ${expiry} ${strike} ${optionType} appears twice for ${tradeDate}`,
    ),
  bhavcopyHeader: said(
    'history.bhavcopy_header',
    {},
    'the header is neither NSE bhavcopy layout (UDiFF TckrSymb/FinInstrmTp, or INSTRUMENT/EXPIRY_DT)',
  ),
  noIndexOptionRows: said('history.no_index_option_rows', {}, `the file has no ${indexList} option rows`),
  timestampShape: (value: string): Said =>
    said(
      'history.timestamp_shape',
      { value: words(value).i18n },
      `timestamp "${value}" is not like 2024-07-08 09:15:00 (IST) or 2024-07-08T09:15:00+05:30`,
    ),
  timestampNotWholeMinute: (value: string): Said =>
    said('history.timestamp_not_whole_minute', { value: words(value).i18n }, `timestamp "${value}" is not on a whole minute`),
  timestampNotReal: (value: string): Said =>
    said('history.timestamp_not_real', { value: words(value).i18n }, `timestamp "${value}" is not a real date and time`),
  unknownSymbol: (symbol: string): Said =>
    said('history.unknown_symbol', { symbol: words(symbol).i18n }, `symbol "${symbol}" is not ${indexList}`),
  symbolDiffers: (symbol: string, index: string): Said =>
    said('history.symbol_differs', { symbol, index }, `symbol ${symbol} differs from ${index}: one index per file`),
  pricesNotPositive: said('history.prices_not_positive', {}, 'prices must be positive'),
  candleHighBelow: said('history.candle_high_below', {}, 'the high is below the open, close or low'),
  candleLowAbove: said('history.candle_low_above', {}, 'the low is above the open or close'),
  candleTwice: (value: string): Said =>
    said('history.candle_twice', { value: words(value).i18n }, `the candle of ${value} appears twice`),
  minuteHeader: said('history.minute_header', {}, 'the header needs timestamp, open, high, low and close columns'),
  minuteIndexUnknown: said(
    'history.minute_index_unknown',
    {},
    'say which index these candles are (a symbol column, the index field, or the index in the file name)',
  ),
  noCandles: said('history.no_candles', {}, 'the file has no candles'),
  moreLines: (count: number): Said => said('history.more_lines', { count }, `${count} more lines do not parse`),
  fileTooLarge: (megabytes: number): Said => said('history.file_too_large', { megabytes }, `the file is larger than ${megabytes} MB`),
  notText: said('history.not_text', {}, 'the file is not text: upload the CSV or the ZIP NSE publishes'),
  unknownFile: said(
    'history.unknown_file',
    {},
    'not an NSE F&O bhavcopy (UDiFF or the older layout), an NSE index close file (ind_close_all) nor a minute-candle CSV (timestamp, open, high, low, close)',
  ),
  notADayMonthNumberDate: (column: string, value: string): Said =>
    said('history.not_a_day_month_number_date', { column, value: words(value).i18n }, `${column} "${value}" is not a date like 08-07-2024`),
  indexDayTwice: (index: string, tradeDate: string): Said =>
    said('history.index_day_twice', { index, trade_date: tradeDate }, `${index} appears twice for ${tradeDate}`),
  indexNameOutsideDates: (name: string, index: string, from: string | null, until: string | null, tradeDate: string): Said =>
    said(
      'history.index_name_outside_dates',
      { name, index, from: from ?? '…', until: until ?? '…', trade_date: tradeDate },
      `"${name}" names ${index} in NSE's files from ${from ?? '…'} to ${until ?? '…'}, not on ${tradeDate}: a file of another day, or a name NSE did not use then`,
    ),
  // Issue 61: days history may not hold, and a file whose name and rows disagree.
  dayInFuture: (tradeDate: string, today: string): Said =>
    said('history.day_in_future', { trade_date: tradeDate, today }, `the file holds ${tradeDate}, after today (${today}, IST): a day that has not traded yet`),
  dayBeforeExchange: (tradeDate: string, firstDay: string, exchange: string): Said =>
    said(
      'history.day_before_exchange',
      { trade_date: tradeDate, first_day: firstDay, exchange },
      `the file holds ${tradeDate}, before ${exchange}'s F&O segment opened (${firstDay}): no such market existed`,
    ),
  nameDayMismatch: (nameDay: string, tradeDate: string): Said =>
    said('history.name_day_mismatch', { name_day: nameDay, trade_date: tradeDate }, `the file's name is dated ${nameDay} but it holds ${tradeDate}: a renamed or altered file`),
  noIndexCloseRows: said('history.no_index_close_rows', {}, 'the file has no Nifty 50, Nifty Bank, Nifty Financial Services or Nifty Midcap Select rows'),
  zipWithoutCsv: said('history.zip_without_csv', {}, 'the ZIP holds no CSV file'),
};
