// The refusals an order ticket can meet before anything reaches the broker (risk limits, order rates, an
// unlisted contract, an ended session, a reused Idempotency-Key), said twice like every trader's text: the
// English message of the Error answer, and a code with its parameters in `details.text` that the app says
// in the trader's language (src/i18n/server-texts.ts, src/i18n/locales/fr/server.json).
import { said, type Said } from './said.ts';

// The screen is named as the menu names it; the app links these words to it (src/i18n/screen-links.ts).
const riskLimitsHint = "Change the account's risk limits on the Kill switch page if you mean it.";

export const refusalTexts = {
  riskLotsPerOrder: (lots: number, tradingsymbol: string, limit: number): Said =>
    said(
      'refusal.risk_lots_per_order',
      { lots, tradingsymbol, limit },
      `${lots} lots of ${tradingsymbol} is more than your limit of ${limit} lots per order. ${riskLimitsHint}`,
    ),
  riskTradesToday: (placed: number, limit: number): Said =>
    said('refusal.risk_trades_today', { placed, limit }, `You have placed ${placed} of your ${limit} trades today. ${riskLimitsHint}`),
  riskOpenPositions: (positions: number, limit: number): Said =>
    said(
      'refusal.risk_open_positions',
      { positions, limit },
      `This would hold ${positions} positions at once; your limit is ${limit}. ${riskLimitsHint}`,
    ),
  ratePerDay: (placed: number, limit: number): Said =>
    said('refusal.rate_per_day', { placed, limit }, `This account has placed ${placed} orders today; the broker allows ${limit} a day.`),
  ratePerSecond: (limit: number): Said =>
    said('refusal.rate_per_second', { limit }, `Too many orders: the broker allows ${limit} a second per account. Try again in a second.`),
  ratePerMinute: (limit: number): Said =>
    said('refusal.rate_per_minute', { limit }, `Too many orders: the broker allows ${limit} a minute per account. Try again shortly.`),
  requestPerSecond: (count: number, limit: number): Said =>
    said(
      'refusal.request_per_second',
      { count, limit },
      `This request makes ${count} orders; the broker takes at most ${limit} a second per account. Send fewer at once.`,
    ),
  requestPerMinute: (count: number, limit: number): Said =>
    said(
      'refusal.request_per_minute',
      { count, limit },
      `This request makes ${count} orders; the broker takes at most ${limit} a minute per account. Send it in parts.`,
    ),
  requestMinuteFull: (count: number, placed: number, limit: number): Said =>
    said(
      'refusal.request_minute_full',
      { count, placed, limit },
      `This request makes ${count} orders and the account placed ${placed} in the last minute; the broker takes ${limit} a minute. Try again shortly.`,
    ),
  tooManySlices: (quantity: number, tradingsymbol: string, orders: number, perOrder: number, maxSlices: number): Said =>
    said(
      'refusal.too_many_slices',
      { quantity, tradingsymbol, orders, per_order: perOrder, max_slices: maxSlices, max_units: perOrder * maxSlices },
      `${quantity} units of ${tradingsymbol} would go out as ${orders} orders of at most ${perOrder} ` +
        `(the exchange's freeze quantity); the broker slices one order into at most ${maxSlices}, that is ${perOrder * maxSlices} units. ` +
        'Place the rest as another order.',
    ),
  notListed: (exchange: string, tradingsymbol: string): Said =>
    said('refusal.not_listed', { exchange, tradingsymbol }, `${exchange}:${tradingsymbol} is not a listed contract. Pick it from the option chain.`),
  noPrice: (tradingsymbol: string): Said => said('order.no_price', { tradingsymbol }, `No price for ${tradingsymbol} right now. Try again in a moment.`),
  brokerSessionExpired: said('refusal.broker_session_expired', {}, 'Your broker session has expired. Log in to the broker again to trade.'),
  idempotencyInProgress: said(
    'refusal.idempotency_in_progress',
    {},
    'A request with this Idempotency-Key is still running. Check the order book for its outcome.',
  ),
  idempotencyKeyReused: said(
    'refusal.idempotency_key_reused',
    {},
    'This Idempotency-Key was already used for a different request. Use a new key for a new intent.',
  ),
};
