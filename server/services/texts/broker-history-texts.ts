// The refusals of fetching an index's candles from a Dhan, Shoonya or Flattrade account into market history,
// said twice like every trader's text (said.ts). The broker's own words travel as they are.
import { said, type Said } from './said.ts';

export const brokerHistoryTexts = {
  brokerWithoutCandles: (name: string, broker: string): Said =>
    said(
      'broker_history.no_candles_from_broker',
      { name, broker },
      `broker_account_id: ${name} is a ${broker} account: candles are fetched here from a Dhan, Shoonya or Flattrade account (Kite and Upstox have their own fetch)`,
    ),
  indexNotServed: (broker: string, index: string, served: readonly string[]): Said =>
    said('broker_history.index_not_served', { broker, index, served: served.join(', ') }, `index: ${broker}'s candles of ${index} are not known here (only ${served.join(', ')})`),
  toInFuture: said('broker_history.to_future', {}, 'to: must not be after today: the broker has no candles of days to come'),
  noCandles: (broker: string, index: string, from: string, to: string): Said =>
    said('broker_history.no_candles', { broker, index, from, to }, `${broker} has no candles of ${index} from ${from} to ${to} (weekends and holidays have none).`),
  optionsNeedMinutes: said('broker_history.options_need_minutes', {}, 'options: option candles are fetched as one-minute candles only (interval: minute)'),
  expiryBeforeFrom: (expiry: string): Said => said('broker_history.expiry_before_from', { expiry }, `options.expiries: ${expiry} is before the first day: its contracts had expired`),
  expiryNotListed: (broker: string, index: string, expiry: string): Said =>
    said(
      'broker_history.expiry_not_listed',
      { broker, index, expiry },
      `options.expiries: ${broker}'s scrip master today lists no ${index} option of the chosen strikes expiring ${expiry} (its candles are asked by the contract's id, which only a listed contract has)`,
    ),
  /** `dhan`: Dhan's own message with its DH-902. */
  dhanDataPlan: (dhan: string): Said =>
    said(
      'broker_history.dhan_data_plan',
      { dhan },
      `Dhan refused historical candles (${dhan}): this account has no Data API plan. Subscribe to it on web.dhan.co, or import minute candles from CSV instead.`,
    ),
};
