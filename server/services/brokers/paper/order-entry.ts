// The paper broker's order entry: what an entry must respect (kill switch, per-order risk limits), Kite's
// rate limits counted in the database, slicing at the freeze quantity, and one order placed: rejected with
// its reason, filled at once (a MARKET or marketable LIMIT order), or left working.
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { istDate, istOffsetMs } from '../../market/ist.ts';
import { checkPortfolio } from '../../portfolios/portfolio-check.ts';
import { killSwitchRefusal, type OrderIntent, type PlaceOptions, type TradingAccount } from '../broker-trading.ts';
import type { Books } from './books.ts';
import { expired, keyOf, type Contract, type Contracts } from './contracts.ts';
import type { PaperFunds } from './funds.ts';
import type { Matching } from './matching.ts';
import { limitFill, marketFill, orderRefusal, type Quote } from './order-rules.ts';
import { insertOrder, lockAccount, type EntryGuards, type OrderRow } from './order-rows.ts';
import { formatPaise } from './paise.ts';
import type { PriceSource } from './price-source.ts';

export type RateLimits = { perSecond: number; perMinute: number; perDay: number };

/** Kite's limits per account. */
export const kiteRateLimits: RateLimits = { perSecond: 10, perMinute: 400, perDay: 5000 };

type OrderEntryOptions = { clock: Clock; prices: PriceSource; rateLimits: RateLimits; contracts: Contracts; books: Books; funds: PaperFunds; matching: Matching };

export function createOrderEntry({ clock, prices, rateLimits, contracts, books, funds, matching }: OrderEntryOptions) {
  const { resolve } = contracts;
  const { entriesOn, openLegs } = books;
  const { requiredFor } = funds;
  const { applyDecision } = matching;

  /** Refuses entries while the kill switch is armed, and entries that would go past a per-order risk limit. */
  async function guardEntries(q: Queryable, account: TradingAccount, guards: EntryGuards, resolved: ReadonlyArray<{ intent: OrderIntent; contract: Contract }>, now: Date) {
    if (guards.killedAt !== null) throw killSwitchRefusal(account.accountNumber, guards.killedAt);
    const refuse = (message: string, field?: string) => {
      throw new DomainError('risk_limit_exceeded', `${message} Change your risk limits in settings if you mean it.`, { field });
    };
    if (guards.maxLotsPerOrder !== null) {
      resolved.forEach(({ intent, contract }, index) => {
        const lots = intent.quantity / contract.lotSize;
        if (lots > guards.maxLotsPerOrder!) {
          refuse(`${lots} lots of ${contract.tradingsymbol} is more than your limit of ${guards.maxLotsPerOrder} lots per order.`, resolved.length === 1 ? 'quantity' : `orders.${index}.quantity`);
        }
      });
    }
    if (guards.maxTradesToday !== null) {
      const today = await entriesOn(q, account.id, istDate(now));
      if (today + resolved.length > guards.maxTradesToday) {
        refuse(`You have placed ${today} of your ${guards.maxTradesToday} trades today.`);
      }
    }
    if (guards.maxOpenPositions !== null) {
      const open = await openLegs(q, account.id, now);
      const held = new Set(open.map((leg) => `${leg.contract.instrumentToken}:${leg.product}`));
      const adding = new Set(resolved.map(({ intent, contract }) => `${contract.instrumentToken}:${intent.product}`).filter((key) => !held.has(key)));
      if (held.size + adding.size > guards.maxOpenPositions) {
        refuse(`This would hold ${held.size + adding.size} positions at once; your limit is ${guards.maxOpenPositions}.`);
      }
    }
  }

  /** Kite's 10 orders a second, 400 a minute and 5,000 a day, counted in the database (every instance shares them). */
  async function checkRateLimits(q: Queryable, accountId: number, count: number, now: Date): Promise<void> {
    const { rows } = await q.query<{ second: string; minute: string; day: string; oldest_in_minute: Date | null }>(
      `SELECT count(*) FILTER (WHERE placed_at > $2::timestamptz - interval '1 second') AS second,
              count(*) FILTER (WHERE placed_at > $2::timestamptz - interval '1 minute') AS minute,
              count(*) FILTER (WHERE trading_day = $3::date) AS day,
              min(placed_at) FILTER (WHERE placed_at > $2::timestamptz - interval '1 minute') AS oldest_in_minute
       FROM paper_orders WHERE broker_account_id = $1 AND placed_at > $2::timestamptz - interval '1 day'`,
      [accountId, now, istDate(now)],
    );
    const row = rows[0];
    const second = Number(row?.second ?? 0);
    const minute = Number(row?.minute ?? 0);
    const day = Number(row?.day ?? 0);
    if (day + count > rateLimits.perDay) {
      throw new DomainError('order_rate_limited', `This account has placed ${day} orders today; the broker allows ${rateLimits.perDay} a day.`, {
        retryAfterSeconds: secondsToNextIstDay(now),
      });
    }
    if (minute + count > rateLimits.perMinute) {
      const oldest = row?.oldest_in_minute === null || row?.oldest_in_minute === undefined ? now : new Date(row.oldest_in_minute);
      throw new DomainError('order_rate_limited', `Too many orders: the broker allows ${rateLimits.perMinute} a minute per account. Try again shortly.`, {
        retryAfterSeconds: Math.max(1, Math.ceil((oldest.getTime() + 60_000 - now.getTime()) / 1000)),
      });
    }
    if (second + count > rateLimits.perSecond) {
      const message = count > rateLimits.perSecond
        ? `This request makes ${count} orders; the broker takes at most ${rateLimits.perSecond} a second per account. Send fewer at once.`
        : `Too many orders: the broker allows ${rateLimits.perSecond} a second per account. Try again in a second.`;
      throw new DomainError('order_rate_limited', message, { retryAfterSeconds: 1 });
    }
  }

  function secondsToNextIstDay(now: Date): number {
    const shifted = now.getTime() + istOffsetMs;
    const dayMs = 24 * 60 * 60 * 1000;
    return Math.max(1, Math.ceil((dayMs - (shifted % dayMs)) / 1000));
  }

  /** Splits a quantity into orders no larger than the freeze quantity (whole lots each). */
  function slices(quantity: number, contract: Contract): number[] {
    const maxPerOrder = Math.max(contract.lotSize, Math.floor(contract.freezeQuantity / contract.lotSize) * contract.lotSize);
    if (quantity <= maxPerOrder || quantity % contract.lotSize !== 0) return [quantity];
    const parts: number[] = [];
    for (let left = quantity; left > 0; left -= maxPerOrder) parts.push(Math.min(left, maxPerOrder));
    return parts;
  }

  /**
   * Places orders for an account inside `q`, the transaction of this one call (paper-trading.ts): each one
   * is rejected with its reason, filled at once, or left working. Sliced above the freeze quantity. Rate
   * limits count every slice.
   */
  async function placeOrders(q: Queryable, account: TradingAccount, intents: readonly OrderIntent[], options: PlaceOptions): Promise<OrderRow[]> {
    const now = clock();
    const guards = await lockAccount(q, account.id);
    const resolved = await resolve(q, intents, now);
    if (options.purpose === 'entry') await guardEntries(q, account, guards, resolved, now);
    const planned = resolved.flatMap(({ intent, contract }) => slices(intent.quantity, contract).map((quantity) => ({ intent: { ...intent, quantity }, contract })));
    await checkRateLimits(q, account.id, planned.length, now);
    await checkPortfolio(q, account.id, options.portfolioId);
    const placed: OrderRow[] = [];
    for (const { intent, contract } of planned) placed.push(await placeOne(q, account, intent, contract, options, now));
    return placed;
  }

  async function placeOne(q: Queryable, account: TradingAccount, intent: OrderIntent, contract: Contract, options: PlaceOptions, now: Date): Promise<OrderRow> {
    const reject = (message: string) => insertOrder(q, account, intent, contract, options, 'REJECTED', message, now);
    if (expired(contract, now)) return reject(`${contract.tradingsymbol} expired on ${contract.expiry}. Pick a current expiry.`);
    if (!(await prices.marketOpen(contract.exchange, now, q))) {
      return reject('Markets are closed. Orders are accepted from 09:15 to 15:30 IST on trading days.');
    }
    const quote = (await prices.quotes([keyOf(contract)], q)).get(keyOf(contract));
    if (quote === undefined) return reject(`No price for ${contract.tradingsymbol} right now. Try again in a moment.`);
    const refusal = orderRefusal({ ...intent, lotSize: contract.lotSize, tickPaise: 5 }, quote);
    if (refusal !== null) return reject(refusal);
    if (options.purpose === 'entry') {
      const refusedForMargin = await marginRefusal(q, account, intent, contract, quote, now);
      if (refusedForMargin !== null) return reject(refusedForMargin);
    }
    if (intent.orderType === 'MARKET') {
      const decision = marketFill(intent.side, quote);
      const order = await insertOrder(q, account, intent, contract, options, 'OPEN', null, now);
      return applyDecision(q, order, contract, decision, now);
    }
    if (intent.orderType === 'LIMIT') {
      const order = await insertOrder(q, account, intent, contract, options, 'OPEN', null, now);
      return applyDecision(q, order, contract, limitFill(intent.side, intent.pricePaise, quote), now);
    }
    return insertOrder(q, account, intent, contract, options, 'TRIGGER PENDING', null, now);
  }

  /** What an entry order needs (margin change + premium for a buy + charges) against what is available. */
  async function marginRefusal(q: Queryable, account: TradingAccount, intent: OrderIntent, contract: Contract, quote: Quote, now: Date): Promise<string | null> {
    const required = await requiredFor(q, account, [{ intent, contract, quote }], now);
    if (required.requiredPaise <= required.availablePaise) return null;
    return `Insufficient funds. Required margin is ${formatPaise(required.requiredPaise)} but available margin is ${formatPaise(required.availablePaise)}.`;
  }

  return { placeOrders, placeOne, slices, checkRateLimits };
}

export type OrderEntry = ReturnType<typeof createOrderEntry>;
