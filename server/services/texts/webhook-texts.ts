// What a bot's webhook answers and logs (issue 41), said twice like every trader's text (said.ts): the
// sender reads the English message, the bot's alert log says the code in the trader's language.
import { said, type Said } from './said.ts';

export const webhookTexts = {
  signatureRequired: said(
    'webhook.signature_required',
    {},
    'This bot signs its alerts: send X-StrikeDesk-Timestamp and X-StrikeDesk-Signature (sha256=HMAC of "timestamp.body").',
  ),
  signatureInvalid: said('webhook.signature_invalid', {}, 'The signature does not match this body and timestamp: nothing placed.'),
  stale: (seconds: number): Said =>
    said('webhook.stale', { seconds }, `The alert is dated ${seconds} s away from now; alerts more than 60 s old (or ahead) are refused.`),
  // Alerts refused before issue 60 keep webhook.duplicate_id ("received before"), still worded in the log.
  duplicateToday: (alertId: string): Said =>
    said('webhook.duplicate_today', { alert_id: alertId }, `Alert ${alertId} was placed once today: nothing placed again. The same id places again on the next day (IST).`),
  duplicateWithin: (alertId: string, minutes: number): Said =>
    said(
      'webhook.duplicate_within',
      { alert_id: alertId, minutes },
      `Alert ${alertId} was placed less than ${minutes} min ago (this bot's window for a repeated alert id): nothing placed again.`,
    ),
  duplicateBody: (seconds: number): Said =>
    said('webhook.duplicate_body', { seconds }, `The same alert arrived ${seconds} s ago and was placed once: nothing placed again.`),
  notActive: (status: string): Said => said('webhook.not_active', { status }, `The bot is ${status}: alerts are refused until it is resumed.`),
  outsideHours: (from: string, until: string): Said =>
    said('webhook.outside_hours', { from, until }, `Outside the bot's hours for this action (${from}–${until} IST on a trading day).`),
  overLots: (lots: number, max: number): Said => said('webhook.over_lots', { lots, max }, `${lots} lots asked; this bot takes at most ${max} lots a leg.`),
  tooManyLegs: (legs: number, max: number): Said => said('webhook.too_many_legs', { legs, max }, `${legs} legs asked; an alert may name at most ${max}.`),
  tooManyEntries: (max: number): Said => said('webhook.too_many_entries', { max }, `The bot already made its ${max} entries from alerts today.`),
  inPosition: said('webhook.in_position', {}, 'The bot already holds a position: send an exit first.'),
  nothingToExit: said('webhook.nothing_to_exit', {}, 'The bot holds nothing to exit.'),
  inProgress: said('webhook.in_progress', {}, 'Another action of this bot is on its way: nothing placed.'),
  exitUnderWay: said('webhook.exit_under_way', {}, "The bot's exit is already on its way: this alert joins it, nothing placed twice."),
  interrupted: said('webhook.interrupted', {}, 'The server stopped before this alert was carried out: nothing was placed. The same alert sent again is taken.'),
  legsRequired: said('webhook.legs_required', {}, 'Name the legs to trade: this bot has no strategy of its own to place.'),
  payloadInvalid: (field: string, expected: string): Said => said('webhook.payload_invalid', { field, expected }, `${field}: expected ${expected}.`),
  placed: (orders: number): Said => said('webhook.placed', { orders }, `Placed: ${orders} order${orders === 1 ? '' : 's'}.`),
  proposed: (seconds: number): Said =>
    said('webhook.proposed', { seconds }, `Proposed for approval (approve-first bot): the trader decides within ${seconds} s; nothing placed until then.`),
  proposalPending: said('webhook.proposal_pending', {}, 'The bot\'s last entry awaits the trader\'s approval: nothing proposed again.'),
  // A bot whose underlying is the stock named in the alert (issue 63).
  stocksRequired: said('webhook.stocks_required', {}, 'Name the stocks to trade (ChartInk sends them in "stocks"): this bot trades the stock named in the alert.'),
  tooManyStocks: (stocks: number, max: number): Said =>
    said('webhook.too_many_stocks', { stocks, max }, `${stocks} stocks named; an alert may name at most ${max}: nothing placed.`),
  stockNotFo: (stock: string, day: string): Said =>
    said('webhook.stock_not_fo', { stock, day }, `${stock} is not an F&O stock on ${day}: it has no options or futures to trade.`),
  stockInBan: (stock: string, tradeDate: string): Said =>
    said('webhook.stock_in_ban', { stock, trade_date: tradeDate }, `${stock} is in the F&O ban on ${tradeDate} (over its market-wide position limit): the bot takes no new entry in it.`),
  stockHeld: (stock: string): Said =>
    said('webhook.stock_held', { stock }, `The bot already holds a position in ${stock}: send an exit naming it first. Nothing placed for it.`),
  stockCap: (stock: string, cap: number): Said =>
    said('webhook.stock_cap', { stock, cap }, `The bot holds positions in ${cap} stocks, its limit: nothing placed for ${stock}.`),
  stocksNotHeld: (stocks: readonly string[]): Said =>
    said('webhook.stocks_not_held', { stocks: stocks.join(', ') }, `The bot holds no position in ${stocks.join(', ')}: nothing to exit.`),
  stockNotPriced: (stock: string): Said =>
    said('webhook.stock_not_priced', { stock }, `${stock} has no option chain here (the simulated market prices some stocks only): nothing placed for it.`),
  placedStocks: (orders: number, stocks: readonly string[]): Said =>
    said('webhook.placed_stocks', { orders, stocks: stocks.join(', ') }, `Placed: ${orders} order${orders === 1 ? '' : 's'} on ${stocks.join(', ')}.`),
  /** `refused`: the first stock left out and why; `more`: how many others were left out too. */
  placedStocksSomeRefused: (orders: number, stocks: readonly string[], refused: Said, more: number): Said =>
    said(
      'webhook.placed_stocks_some_refused',
      { orders, stocks: stocks.join(', '), refused: refused.i18n, more },
      `Placed: ${orders} order${orders === 1 ? '' : 's'} on ${stocks.join(', ')}. Not placed: ${refused.text}${more > 0 ? ` (and ${more} more stock${more === 1 ? '' : 's'} not placed)` : ''}`,
    ),
  working: (orders: number): Said => said('webhook.working', { orders }, `Placed: ${orders} order${orders === 1 ? '' : 's'} working at the limit price.`),
};
