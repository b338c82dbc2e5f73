// A live account's demat holdings (issue 63): the shares its deliveries at expiry left at the broker, and any other
// stock it holds there, read from the broker for the position book, and sold as equity delivery (CNC) orders through
// the live order path like every order (its Idempotency-Key claimed first, its tag on the order, found again by that
// tag after a lost answer: paced-intent.ts, live/order-placing.ts). While the broker session is over the holdings
// are UNKNOWN, never an empty list a trader would read as "holds nothing".
import type { components } from '../../../openapi/main.d.ts';
import type { BrokerHolding, IntentPlan, PlannedOrder } from '../brokers/broker-trading.ts';
import { toPaise, toRupees } from '../brokers/paper/paise.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import type { Execution } from '../execution/execution.ts';
import { holdingTexts } from '../texts/holding-texts.ts';
import { validationTexts } from '../texts/validation-texts.ts';
import type { FoundAccount } from './trading-accounts.ts';

type Schemas = components['schemas'];

function toBrokerHolding(holding: BrokerHolding): Schemas['BrokerHolding'] {
  const last = holding.lastPaise;
  return {
    exchange: holding.exchange === 'BSE' ? 'BSE' : 'NSE',
    tradingsymbol: holding.tradingsymbol,
    isin: holding.isin,
    shares: holding.shares,
    sellable: holding.sellable,
    average_price: toRupees(holding.averagePaise),
    last_price: last === null ? null : toRupees(last),
    value: last === null ? null : toRupees(holding.shares * last),
    pnl: last === null ? null : toRupees(holding.shares * (last - holding.averagePaise)),
  };
}

/** The position book's `broker_holdings`: absent for a broker without them (the paper broker has its own `holdings`). */
export async function brokerHoldingsOf(found: FoundAccount, clock: Clock): Promise<Schemas['BrokerHoldings'] | undefined> {
  const read = found.broker.brokerHoldings;
  if (read === undefined) return undefined;
  const unknown = (asOf: Date | null): Schemas['BrokerHoldings'] => ({ status: 'UNKNOWN', as_of: asOf === null ? null : asOf.toISOString(), holdings: null });
  if (!found.sessionOpen) return unknown(found.sessionEndedAt);
  try {
    const holdings = await read(found.account);
    // Only stocks on NSE or BSE (a broker may list others: mutual funds, bonds) the contract can name.
    const shown = holdings.filter((holding) => (holding.exchange === 'NSE' || holding.exchange === 'BSE') && /^[A-Z0-9][A-Z0-9&_-]{0,39}$/.test(holding.tradingsymbol));
    return { status: 'OK', as_of: clock().toISOString(), holdings: shown.map(toBrokerHolding) };
  } catch (error) {
    // The session ended under the read, or the broker did not answer: what it holds is not known now.
    if (error instanceof DomainError) return unknown(null);
    throw error;
  }
}

/** The stock's holding at the broker: its NSE line first (the symbol is NSE's), else another exchange's. */
const holdingOf = (holdings: readonly BrokerHolding[], symbol: string) =>
  holdings.find((holding) => holding.tradingsymbol === symbol && holding.exchange === 'NSE') ?? holdings.find((holding) => holding.tradingsymbol === symbol);

/**
 * What a sale of a live holding goes out as: one CNC order of at most the holding's sellable shares, a MARKET turned
 * LIMIT at the holding's last price (the broker's) by a `limit_reprice` execution policy. A buy-back is refused: a
 * live account's short delivery is settled by the exchange's auction at its broker, not bought back here.
 */
export async function holdingSalePlan(found: FoundAccount, body: Schemas['HoldingOrderRequest'], execution: Execution | undefined, clock: Clock): Promise<IntentPlan> {
  const limitPaise = body.order_type === 'LIMIT' ? (body.price === undefined ? null : toPaise(body.price)) : 0;
  if (limitPaise === null) throw DomainError.said('validation_failed', validationTexts.required('price'), { field: 'price' });
  if (body.side === 'BUY') throw DomainError.said('order_refused', holdingTexts.nothingTo('BUY', body.symbol), { field: 'side' });
  const holdings = (await found.broker.brokerHoldings?.(found.account)) ?? [];
  const holding = holdingOf(holdings, body.symbol);
  if (holding === undefined || holding.sellable === 0) throw DomainError.said('order_refused', holdingTexts.nothingTo('SELL', body.symbol), { field: 'symbol' });
  if (body.quantity > holding.sellable) throw DomainError.said('order_refused', holdingTexts.moreThan('SELL', body.symbol, body.quantity, holding.sellable), { field: 'quantity' });
  const order: PlannedOrder = {
    exchange: holding.exchange,
    tradingsymbol: holding.tradingsymbol,
    side: 'SELL',
    orderType: body.order_type,
    product: 'CNC',
    quantity: body.quantity,
    pricePaise: limitPaise,
    triggerPaise: 0,
    portfolioId: null,
    // It closes what is held: an exit, allowed while the kill switch is armed.
    purpose: 'squareoff',
    bot: null,
  };
  if (execution === undefined) return { orders: [order], cancel: [] };
  const last = holding.lastPaise;
  const known = last === null ? undefined : new Map([[`${order.exchange}:${order.tradingsymbol}`, { bidPaise: last, askPaise: last, lastPaise: last, closePaise: last }]]);
  const { orders } = await execution.price(found.broker, found.account, [order], clock(), known);
  return { orders, cancel: [] };
}
