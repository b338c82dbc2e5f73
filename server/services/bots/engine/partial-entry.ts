// What the engine closes after an entry the broker refused in part (bot-engine.ts settle): what that entry filled.
// A bot holds nothing else then as a rule (its entry waits for it to be flat), so it exits everything it holds,
// as it always did. A bot trading the stock named in the alert (issue 63) may already hold other stocks when an
// alert enters one more: a refusal on that stock must not close the others, so only the contracts this entry's
// orders filled are closed, at the quantities they filled and never more than is held, as an adjustment (phase
// 'adjust', action 'exit', the contracts as its leg) that leaves the rest of the position, and the position's own
// exit of the day (the same sequence, no leg), to come.
import type { BrokerOrder } from '../../brokers/broker-trading.ts';
import { keyOf } from '../../brokers/paper/contracts.ts';
import type { ActionRow, HeldLeg, StoppedLeg } from './engine-types.ts';

/** What of an order tells what it filled of which holding. */
type Fill = Pick<BrokerOrder, 'exchange' | 'tradingsymbol' | 'product' | 'transaction_type' | 'filled_quantity'>;

const holdingKey = (leg: { exchange: string; tradingsymbol: string; product: string }) => `${keyOf(leg)}:${leg.product}`;

/**
 * The part of each holding an entry's orders opened: what they filled of it (bought positive, sold negative, every
 * slice, a cancelled order's fills too), no more than is held, and nothing of a holding they reduced.
 */
export function openedBy(held: readonly HeldLeg[], orders: readonly Fill[]): HeldLeg[] {
  const filled = new Map<string, number>();
  for (const order of orders) {
    if (order.filled_quantity <= 0) continue;
    const key = holdingKey(order);
    filled.set(key, (filled.get(key) ?? 0) + (order.transaction_type === 'BUY' ? 1 : -1) * order.filled_quantity);
  }
  return held.flatMap((leg) => {
    const opened = filled.get(holdingKey(leg)) ?? 0;
    if (opened === 0 || Math.sign(opened) !== Math.sign(leg.quantity)) return [];
    return [{ ...leg, quantity: Math.sign(leg.quantity) * Math.min(Math.abs(opened), Math.abs(leg.quantity)) }];
  });
}

/** What is held beyond `opened` (a part of `held`, openedBy): the other holdings, and what is left of the same ones. */
function heldBeyond(held: readonly HeldLeg[], opened: readonly HeldLeg[]): HeldLeg[] {
  const taken = new Map(opened.map((leg) => [holdingKey(leg), leg.quantity]));
  return held.flatMap((leg) => {
    const left = leg.quantity - (taken.get(holdingKey(leg)) ?? 0);
    return left === 0 ? [] : [{ ...leg, quantity: left }];
  });
}

/**
 * What a partly refused entry's exit closes: `legs`, and `part` the adjustment's leg when that leaves other holdings
 * (null: the legs are all the bot holds, the whole position's exit). Null when nothing is to be closed. Only a
 * stock-alert bot keeps what else it holds; any other bot holding more than its entry's fills (it never should)
 * exits everything, as before.
 */
export function partialEntryExit(bot: { stockFromAlert?: boolean }, held: readonly HeldLeg[], orders: readonly Fill[]): { legs: HeldLeg[]; part: StoppedLeg | null } | null {
  if (held.length === 0) return null;
  const opened = openedBy(held, orders);
  if (heldBeyond(held, opened).length === 0 || bot.stockFromAlert !== true) return { legs: [...held], part: null };
  if (opened.length === 0) return null;
  // One such exit per entry: the entry's sequence keeps it apart from every other adjustment of the day.
  return { legs: opened, part: { index: 0, tradingsymbol: opened.map((leg) => leg.tradingsymbol).join(',') } };
}

/** Whether an action is a partly refused entry's exit of what it filled, leaving the bot's other holdings (partialEntryExit). */
export const isPartialEntryExit = (action: Pick<ActionRow, 'phase' | 'action'>) => action.phase === 'adjust' && action.action === 'exit';
