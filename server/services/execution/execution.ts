// The execution policy applied where StrikeDesk makes orders itself (bots' entries and exits, their stop-loss
// and target legs, webhook alerts, square-offs and portfolio protection, the kill switch's flatten): `price`
// turns a plan's MARKET orders into LIMIT orders at the touch plus the policy's buffer when the account's
// policy is `limit_reprice`, before they are placed; `follow` records those placed, so the re-pricer
// (repricer.ts) works them on the leader's tick until they fill. Under `market` nothing changes: MARKET goes
// out, with the broker's protection (the paper broker's band, Kite's market_protection). Neither calls the
// broker inside a transaction; prices are read before, records written after.
import type { Database } from '../../db/database.ts';
import type { AccountPrices } from '../brokers/account-prices.ts';
import type { BrokerOrder, BrokerTrading, NumberedOrder, PlannedOrder, TradingAccount } from '../brokers/broker-trading.ts';
import type { Quote } from '../brokers/paper/order-rules.ts';
import { istDate } from '../market/ist.ts';
import { priceRulesOn, type PriceRules } from '../market/price-rules.ts';
import { readPolicy, type AccountPolicy, type Policy } from './execution-policy.ts';
import { limitPriceFor } from './policy-prices.ts';
import { insertFollowed, workingOf, type Followed } from './repricing-store.ts';

/** A plan as the policy sends it: `quotes` holds the touch each priced order (by its index in the plan) was priced at. */
export type PricedPlan<T extends PlannedOrder> = { orders: T[]; quotes: Map<number, Quote>; policy: Policy };

const keyOf = (order: { exchange: string; tradingsymbol: string }) => `${order.exchange}:${order.tradingsymbol}`;

export function createExecution({ db, prices }: { db: Database; prices: AccountPrices }) {
  /** The touch of each instrument for the account, where its prices come from (a live broker's last price stands for both sides). */
  async function quotesFor(broker: BrokerTrading, account: TradingAccount, keys: readonly string[]): Promise<Map<string, Quote>> {
    if (keys.length === 0) return new Map();
    const source = await prices.of(account, broker.mode === 'live');
    if (source.from !== 'broker') return source.prices.quotes(keys, db);
    const last = (await broker.lastPrices?.(account, keys)) ?? new Map<string, number>();
    return new Map([...last].map(([key, paise]) => [key, { bidPaise: paise, askPaise: paise, lastPaise: paise, closePaise: paise }]));
  }

  async function policyOf(account: TradingAccount, now: Date): Promise<AccountPolicy> {
    return readPolicy(db, account.id, istDate(now));
  }

  /**
   * The plan's MARKET orders as LIMIT at the touch plus the buffer (limit_reprice), each on its own quote; an
   * order without a price stays MARKET, for the broker to refuse with its reason (never a blind price).
   */
  /** `known`: quotes the caller holds already, by `EXCHANGE:TRADINGSYMBOL` (a live holding's last price from the broker's holdings read). */
  async function price<T extends PlannedOrder>(broker: BrokerTrading, account: TradingAccount, orders: readonly T[], now: Date, known?: ReadonlyMap<string, Quote>): Promise<PricedPlan<T>> {
    const { policy } = await policyOf(account, now);
    const quotes = new Map<number, Quote>();
    if (policy.mode !== 'limit_reprice' || !orders.some((order) => order.orderType === 'MARKET')) return { orders: [...orders], quotes, policy };
    const keys = [...new Set(orders.filter((order) => order.orderType === 'MARKET').map(keyOf))];
    const touch = new Map(known ?? []);
    for (const [key, quote] of await quotesFor(broker, account, keys.filter((key) => !touch.has(key)))) touch.set(key, quote);
    const segmentOf = (order: T) => (order.exchange === 'BFO' ? 'BFO' : 'NFO');
    // The tick and band in force today on each segment the plan trades.
    const rules = new Map<'NFO' | 'BFO', PriceRules>();
    for (const segment of new Set(orders.map(segmentOf))) rules.set(segment, await priceRulesOn(db, segment, istDate(now)));
    const priced = orders.map((order, index) => {
      const quote = touch.get(keyOf(order));
      if (order.orderType !== 'MARKET' || quote === undefined) return order;
      quotes.set(index, quote);
      return { ...order, orderType: 'LIMIT' as const, pricePaise: limitPriceFor(order.side, quote, policy, rules.get(segmentOf(order))!) };
    });
    return { orders: priced, quotes, policy };
  }

  /** Records the orders `price` priced, as placed: each working one is re-priced from now on. */
  async function follow(account: TradingAccount, plan: PricedPlan<NumberedOrder>, placed: readonly BrokerOrder[], now: Date): Promise<void> {
    if (plan.quotes.size === 0) return;
    const bySlice = new Map(plan.orders.map((order, index) => [order.slice, index]));
    const followed: Followed[] = [];
    for (const order of placed) {
      const index = order.intent_slice === null ? undefined : bySlice.get(order.intent_slice);
      const quote = index === undefined ? undefined : plan.quotes.get(index);
      if (index === undefined || quote === undefined || order.order_type !== 'LIMIT') continue;
      const planned = plan.orders[index]!;
      followed.push({ order, exit: planned.purpose !== 'entry', bot: planned.bot, quote, policy: plan.policy });
    }
    await insertFollowed(db, account.id, followed, now);
  }

  /**
   * Orders a square-off placed through the order pipeline (trading-service.ts), read back by their tag: the
   * plan was priced before it went out, so every LIMIT order of it is the policy's.
   */
  async function followTagged(broker: BrokerTrading, account: TradingAccount, tag: string, policy: Policy, since: Date, now: Date): Promise<void> {
    if (policy.mode !== 'limit_reprice') return;
    const orders = (await broker.ordersByTag(account, tag, since)).filter((order) => order.order_type === 'LIMIT' && order.purpose !== 'entry');
    const touch = await quotesFor(broker, account, [...new Set(orders.map(keyOf))]);
    const followed: Followed[] = orders.flatMap((order) => {
      const quote = touch.get(keyOf(order));
      return quote === undefined ? [] : [{ order, exit: true, bot: null, quote, policy }];
    });
    await insertFollowed(db, account.id, followed, now);
  }

  /** Which of these orders the re-pricer works: the bot engine waits for them instead of cancelling them. */
  const working = (account: TradingAccount, orderIds: readonly string[]) => workingOf(db, account.id, orderIds);

  return { price, follow, followTagged, working, policyOf, quotesFor };
}

export type Execution = ReturnType<typeof createExecution>;
