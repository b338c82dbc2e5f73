// What a trader reads when Kite refuses, fails or cannot be reached, said twice like every trader's text
// (said.ts). Kite's own message cannot be translated: it travels as it is, inside a coded sentence that says
// in the trader's language who refused what and which kind of refusal Kite's error_type names ("Kite a
// refusé l'ordre pour … (marge) : « Insufficient funds. »").
import { liveFailureTexts, type LiveLimit } from './live-texts.ts';
import { said, type Said } from './said.ts';

/** The Kite call that failed, in words: "the order for NIFTY…", "the order book". */
export type KiteCall = Said;

const call = (name: string, english: string, params: Record<string, string> = {}): KiteCall => said('kite.call', { call: name, ...params }, english);

export const kiteCalls = {
  orderFor: (tradingsymbol: string) => call('order', `the order for ${tradingsymbol}`, { tradingsymbol }),
  modification: (orderId: string) => call('modification', `the modification of order ${orderId}`, { order_id: orderId }),
  cancellation: (orderId: string) => call('cancellation', `the cancellation of order ${orderId}`, { order_id: orderId }),
  orderHistory: (orderId: string) => call('order_history', `the history of order ${orderId}`, { order_id: orderId }),
  orderBook: call('order_book', 'the order book'),
  trades: call('trades', 'the trades'),
  positions: call('positions', 'the positions'),
  holdings: call('holdings', 'the holdings'),
  funds: call('funds', 'the funds'),
  brokerKillSwitch: call('broker_kill_switch', 'its own kill switch'),
  charges: call('charges', 'the charges'),
  lastPrices: call('last_prices', 'the last prices'),
  orderCharges: call('order_charges', 'the charges of these orders'),
  orderMargins: call('order_margins', 'the margin of these orders'),
  portfolioMargin: call('portfolio_margin', "the portfolio's margin"),
  candles: call('candles', 'the historical candles'),
};

/** Kite's rate limits as StrikeDesk counts them before sending (rate-limits.ts). */
export type KiteLimit = Extract<LiveLimit, 'quotes_second' | 'orders_burst' | 'orders_second' | 'orders_minute' | 'orders_day'>;

export const kiteTexts = {
  /** Kite's refusal with its own words; `errorType` (InputException, MarginException…) says what kind. */
  refused: (what: KiteCall, errorType: string, message: string): Said =>
    said('kite.refused', { what: what.i18n, error_type: errorType, message }, `Kite refused ${what.text}: ${message}`),
  ...liveFailureTexts<KiteLimit>('kite'),
};
