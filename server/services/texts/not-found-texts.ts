// "Not found" answers (404), said twice like every trader's text (said.ts): what is missing travels as a
// kind the app words in the trader's language, an order or an account by its number.
import { said, type Said } from './said.ts';

/** What a trader may ask for that is missing, or someone else's (the two answer the same on purpose). */
export const missingThings = {
  broker_account: 'Broker account',
  portfolio: 'Portfolio',
  daily_bot: 'Daily bot',
  trading_bot: 'Trading bot',
  backtest: 'Backtest',
  push_device: 'Push device',
  price_alert: 'Price alert',
  replay: 'Replay',
  replay_bot: 'Replay bot',
  bot_proposal: 'Proposal',
} as const;
export type MissingThing = keyof typeof missingThings;

export const notFoundTexts = {
  thing: (thing: MissingThing): Said => said('not_found.thing', { thing }, `${missingThings[thing]} not found`),
  account: (account: string): Said => said('not_found.account', { account }, `Broker account ${account} not found`),
  /** `book`: the account's own order book, or (a live account) today's order book at Kite. */
  order: (orderId: string, book: 'account' | 'kite'): Said =>
    said(
      'not_found.order',
      { order_id: orderId, book },
      book === 'kite' ? `Order ${orderId} is not in today's Kite order book` : `Order ${orderId} not found in this account's order book`,
    ),
  index: (index: string): Said => said('not_found.index', { index }, `The market has no index ${index}`),
  /** A symbol that is no index or stock with F&O (the underlyings table). */
  underlying: (symbol: string): Said => said('not_found.underlying', { symbol }, `No index or stock with F&O is called ${symbol}`),
  expiry: (index: string, expiry: string): Said =>
    said('not_found.expiry', { index, expiry }, `${index} has no expiry on ${expiry}: choose one of its expiries`),
};
