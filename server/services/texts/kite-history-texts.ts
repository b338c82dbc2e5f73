// The refusals of fetching an index's minute candles from Kite (the historical-data add-on missing, a range
// Kite has no candle in, a range asked the wrong way), said twice like every trader's text (said.ts). Kite's
// own words travel as they are inside the sentence.
import { said, type Said } from './said.ts';

export const kiteHistoryTexts = {
  /** `kite`: Kite's own message with its 403. */
  notEnabled: (kite: string): Said =>
    said(
      'kite.historical_not_enabled',
      { kite },
      `Kite refused historical candles (${kite}): this account's Kite Connect app has no historical-data add-on. Subscribe to it on developers.kite.trade, or import minute candles from CSV instead.`,
    ),
  /** `from`, `to`: ISO days, which the app writes as dates. */
  noCandles: (index: string, from: string, to: string): Said =>
    said('kite.no_minute_candles', { index, from, to }, `Kite has no minute candles of ${index} from ${from} to ${to} (weekends and holidays have none).`),
  fromAfterTo: said('history.from_after_to', {}, 'from: must not be after to'),
  toInFuture: said('kite.history_to_future', {}, 'to: must not be after today: Kite has no candles of days to come'),
  rangeTooLong: (limit: number, days: number): Said =>
    said('kite.history_range_too_long', { limit, days }, `to: at most ${limit} days a request (asked ${days}): fetch a longer history a year at a time`),
  notKiteAccount: (name: string, broker: string): Said =>
    said(
      'kite.history_not_kite_account',
      { name, broker },
      `broker_account_id: ${name} is a ${broker} account: only a Kite account with historical data can fetch candles`,
    ),
};
