// Closing everything on an account (the kill switch, and an entry it armed against on its way: late-kill.ts),
// the same for every broker. The broker cancels every working order and plans the exits (beginFlatten); the
// exits then go out paced at the account's per-second limit, on the broker's own timestamps: each batch
// reserves the account's next free instant in order_sends (a short transaction under the account's row lock,
// order-rate.ts reserveSends), waits for it outside any transaction, and is placed stamped with it. Never
// refused for want of a free second: twenty exits go out as ten, then ten a second later. Each account goes
// at its own pace, so several accounts flatten side by side. Each batch is numbered in an intent of its own,
// so an exit goes out at most once, and the broker never takes a position past flat, so two flattens of one
// account (an arming and a late entry's close) close it once.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { BrokerOrder, BrokerTrading, TradingAccount } from '../brokers/broker-trading.ts';
import type { Clock, Wait } from '../clock.ts';
import type { Execution } from '../execution/execution.ts';
import { armedAt } from './intent-gate.ts';
import { reserveSends, secondWindow, type RateLimits } from './order-rate.ts';

/** `execution`: the account's execution policy, which prices the exits (a limit-only broker refuses MARKET). */
export type PacingDeps = { db: Database; clock: Clock; limits: RateLimits; wait: Wait; execution?: Execution | undefined };

/** Cancels every working order of the account and closes every position at market, paced; `tag` goes on every exit. */
export async function flattenPaced(
  { db, clock, limits, wait, execution }: PacingDeps,
  broker: BrokerTrading,
  account: TradingAccount,
  tag: string,
): Promise<{ cancelled: BrokerOrder[]; exits: BrokerOrder[] }> {
  const { cancelled, orders } = await broker.beginFlatten(account);
  const window = secondWindow(limits, broker.rateMarginMs);
  const intent = { ref: `${tag}:${randomUUID()}`, tag };
  const planned = orders.map((order, slice) => ({ ...order, slice }));
  // Under `limit_reprice` the exits go out as LIMIT at the touch plus the buffer, followed by the re-pricer
  // until they fill: the kill switch never gives an exit up.
  // Nothing to close reads no policy (the arm of a flat account is on the safety path: issue 61).
  const priced = execution === undefined || planned.length === 0 ? null : await execution.price(broker, account, planned, clock());
  const numbered = priced?.orders ?? planned;
  const exits: BrokerOrder[] = [];
  for (let next = 0; next < numbered.length; ) {
    const wanted = Math.min(window.limit, numbered.length - next);
    const { at, count } = await db.transaction(async (tx) => {
      await armedAt(tx, account.id, true);
      return reserveSends(tx, account.id, wanted, clock(), window, { whole: false });
    });
    const delay = at.getTime() - clock().getTime();
    if (delay > 0) await wait(delay);
    const placed = await broker.placeOrders(account, intent, numbered.slice(next, next + count), at);
    if (priced !== null) await execution!.follow(account, priced, placed, clock());
    exits.push(...placed);
    next += count;
  }
  return { cancelled, exits };
}
