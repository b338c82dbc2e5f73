// The re-pricing executor's tick (issue 60), on the leader after each market pass (after-market-tick.ts), with
// the injected clock. Each working order due (its interval passed) is leased for 30 s in a statement of its
// own, so two instances never work it side by side; then, outside any transaction:
//   1. the order is read from the broker: filled, or ended by someone else (the kill switch cancels every
//      working order before it flattens), ends it here;
//   2. an entry while the kill switch is armed is cancelled (the switch wins); an entry past the policy's
//      tries or seconds is given up as the trader chose: cancelled, or sent to the protected market;
//   3. otherwise its LIMIT moves to the touch plus the buffer: a MODIFY of the same order at the broker, never
//      a new order. At the broker's modification cap (Kite: 25) it is cancelled and placed again instead: the
//      replacement's number is claimed first (replacing_order_id, committed), the book read by the tag before
//      it is placed under its own intent reference, so a crash or a lost answer never places it twice;
//   4. the step, the row and the trader's alert are written in one transaction.
// An exit never gives up: past its limit it keeps being re-priced, and the trader is told each step.
import type { Database } from '../../db/database.ts';
import type { BrokerRegistry } from '../brokers/broker-adapter.ts';
import type { BrokerOrder, BrokerTrading, TradingAccount } from '../brokers/broker-trading.ts';
import { toPaise } from '../brokers/paper/paise.ts';
import { timerWait, type Clock, type Wait } from '../clock.ts';
import { istDate } from '../market/ist.ts';
import { priceRulesOn } from '../market/price-rules.ts';
import { executionTexts } from '../texts/execution-texts.ts';
import { orderTexts } from '../texts/order-texts.ts';
import { armedAt } from '../trading/intent-gate.ts';
import { reserveSends, secondWindow, type RateLimits } from '../trading/order-rate.ts';
import { modificationCap, rulesInForce } from './execution-policy.ts';
import type { Execution } from './execution.ts';
import { limitPriceFor } from './policy-prices.ts';
import { tell, type Tell } from './reprice-tells.ts';
import { insertSteps, repricingColumns, toRepricing, type RepricingRow, type RepricingState, type StepRecord } from './repricing-store.ts';

/** How long an instance holds an order's step before another may take it over. */
export const repriceLeaseMs = 30_000;
/** Orders worked per tick: exits first, then the longest due. */
const perTick = 200;

export type RepriceReport = { worked: number; errors: unknown[] };

type Options = { db: Database; clock: Clock; brokers: BrokerRegistry; execution: Execution; limits: RateLimits; wait?: Wait | undefined };

const isWorking = (order: BrokerOrder) => order.status === 'OPEN' || order.status === 'TRIGGER PENDING';
const averageOf = (order: BrokerOrder) => (order.filled_quantity === 0 ? Number(order.price_paise) : Math.round(Number(order.filled_value_paise) / order.filled_quantity));

/** How a step ends: the row's new state and price, its steps and what the trader is told. */
type Outcome = { state: RepricingState; orderId: string; pricePaise: number; steps: StepRecord[]; tells: Tell[]; overLimit?: boolean };

export function createRepricer({ db, clock, brokers, execution, limits, wait = timerWait }: Options) {
  async function accountOf(accountId: number): Promise<{ account: TradingAccount; broker: BrokerTrading; slug: string; killedAt: Date | null } | null> {
    const { rows } = await db.query<{ account_number: string; capital: string; market_account_id: number | null; paper_rules_of: string | null; kill_switch_armed_at: Date | null; slug: string }>(
      `SELECT a.account_number, a.capital, a.market_account_id, a.paper_rules_of, a.kill_switch_armed_at, b.slug FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id WHERE a.id = $1`,
      [accountId],
    );
    const row = rows[0];
    const broker = row === undefined ? undefined : brokers.get(row.slug)?.trading;
    if (row === undefined || broker === undefined) return null;
    const account = { id: accountId, accountNumber: row.account_number, capitalPaise: toPaise(Number(row.capital)), marketAccountId: row.market_account_id, paperRulesOf: row.paper_rules_of };
    return { account, broker, slug: row.slug, killedAt: row.kill_switch_armed_at === null ? null : new Date(row.kill_switch_armed_at) };
  }

  const ended = (state: RepricingState, order: BrokerOrder, reason: StepRecord['reason'], tells: Tell[] = []): Outcome => ({
    state,
    orderId: order.order_id,
    pricePaise: Number(order.price_paise),
    steps: [{ reason, orderId: order.order_id, oldPaise: Number(order.price_paise), newPaise: state === 'filled' ? averageOf(order) : null, quote: null }],
    tells,
  });

  /** Cancels the order and places what is left of it again at `pricePaise`, once (see the header). */
  async function replace(row: RepricingRow, account: TradingAccount, broker: BrokerTrading, pricePaise: number): Promise<BrokerOrder> {
    const from = row.replacingOrderId ?? row.orderId;
    const number = row.replacingOrderId === null ? row.replacements + 1 : row.replacements;
    if (row.replacingOrderId === null) {
      await db.query('UPDATE repricing_orders SET replacing_order_id = $2, replacements = $3 WHERE id = $1', [row.id, from, number]);
    }
    const ref = `${row.intentRef}~r${number}`;
    const known = row.tag === null ? [] : (await broker.ordersByTag(account, row.tag)).filter((order) => order.intent_ref === ref);
    if (known[0] !== undefined) return known[0];
    await broker.cancelOrders(account, [from], orderTexts.cancelledReplaced);
    const old = await broker.order(account, from);
    const left = old.quantity - old.filled_quantity;
    if (left <= 0 || old.status === 'COMPLETE') return old;
    const { at } = await db.transaction(async (tx) => {
      await armedAt(tx, account.id, true);
      return reserveSends(tx, account.id, 1, clock(), secondWindow(limits, broker.rateMarginMs), { whole: true });
    });
    const delay = at.getTime() - clock().getTime();
    if (delay > 0) await wait(delay);
    const intent = { exchange: row.exchange, tradingsymbol: row.tradingsymbol, side: row.side, orderType: 'LIMIT' as const, product: row.product as 'MIS' | 'NRML', quantity: left, pricePaise, triggerPaise: 0 };
    const numbered = { ...intent, portfolioId: row.portfolioId, purpose: row.purpose as BrokerOrder['purpose'], bot: row.bot, slice: row.intentSlice };
    const [placed] = await broker.placeOrders(account, { ref, tag: row.tag ?? ref }, [numbered], at);
    return placed ?? old;
  }

  /** One step of one order (the header's 1-3); the broker is called here, nothing is written. */
  async function step(row: RepricingRow, now: Date): Promise<Outcome | null> {
    const found = await accountOf(row.accountId);
    if (found === null) return null;
    const { account, broker, slug, killedAt } = found;
    const key = `${row.exchange}:${row.tradingsymbol}`;
    if (row.replacingOrderId !== null) {
      // A replacement claimed and not recorded (a crash, a lost answer): finish it at the same price.
      const placed = await replace(row, account, broker, row.pricePaise);
      return { state: isWorking(placed) ? 'working' : placed.status === 'COMPLETE' ? 'filled' : 'cancelled', orderId: placed.order_id, pricePaise: Number(placed.price_paise), steps: [{ reason: 'replaced', orderId: placed.order_id, oldPaise: row.pricePaise, newPaise: Number(placed.price_paise), quote: null }], tells: [] };
    }
    const order = await broker.order(account, row.orderId);
    if (order.status === 'COMPLETE') return ended('filled', order, 'filled', row.exit && row.tries > 1 ? [{ kind: 'filled', pricePaise: averageOf(order) }] : []);
    if (!isWorking(order)) return ended('ended', order, 'cancelled', row.exit && order.filled_quantity < order.quantity ? [{ kind: 'ended', status: order.status }] : []);
    if (!row.exit && killedAt !== null) {
      const [cancelled] = await broker.cancelOrders(account, [order.order_id], orderTexts.cancelledByKillSwitch);
      return ended(cancelled?.status === 'COMPLETE' ? 'filled' : 'cancelled', cancelled ?? order, 'cancelled');
    }
    const over = row.tries >= row.policy.maxTries || now.getTime() - row.startedAt.getTime() >= row.policy.maxSeconds * 1000;
    if (over && !row.exit) {
      if (row.policy.entryFallback === 'market') {
        const sent = await broker.modifyOrder(account, order.order_id, { orderType: 'MARKET' });
        return ended(sent.status === 'COMPLETE' ? 'filled' : 'market', sent, 'market', [{ kind: 'gave_up' }]);
      }
      const seconds = Math.round((now.getTime() - row.startedAt.getTime()) / 1000);
      const [cancelled] = await broker.cancelOrders(account, [order.order_id], executionTexts.entryCancelled(row.tries, seconds));
      const final = cancelled ?? order;
      return final.status === 'COMPLETE' ? ended('filled', final, 'filled') : ended('cancelled', final, 'cancelled', [{ kind: 'gave_up' }]);
    }
    const quote = (await execution.quotesFor(broker, account, [key])).get(key) ?? null;
    const oldPaise = Number(order.price_paise);
    const newPaise = quote === null ? oldPaise : limitPriceFor(row.side, quote, row.policy, await priceRulesOn(db, row.exchange === 'BFO' ? 'BFO' : 'NFO', istDate(now)));
    const overLimit = over && row.exit && row.overLimitAt === null;
    const tells: Tell[] = overLimit ? [{ kind: 'over' }] : [];
    const steps: StepRecord[] = overLimit ? [{ reason: 'over_limit', orderId: order.order_id, oldPaise, newPaise: null, quote }] : [];
    let current = order;
    let reason: StepRecord['reason'] = 'held';
    if (newPaise !== oldPaise) {
      const cap = modificationCap(await rulesInForce(db, slug, istDate(now)));
      if (cap !== null && order.modifications >= cap) {
        current = await replace(row, account, broker, newPaise);
        reason = 'replaced';
      } else {
        current = await broker.modifyOrder(account, order.order_id, { pricePaise: newPaise });
        reason = 'repriced';
      }
    }
    const moved: StepRecord = { reason, orderId: current.order_id, oldPaise, newPaise, quote };
    steps.push(moved);
    if (row.exit) tells.push({ kind: 'step', step: moved });
    if (current.status === 'COMPLETE') {
      steps.push({ reason: 'filled', orderId: current.order_id, oldPaise: newPaise, newPaise: averageOf(current), quote });
      if (row.exit) tells.push({ kind: 'filled', pricePaise: averageOf(current) });
    }
    const state: RepricingState = current.status === 'COMPLETE' ? 'filled' : isWorking(current) ? 'working' : 'ended';
    return { state, orderId: current.order_id, pricePaise: newPaise, steps, tells, overLimit };
  }

  /** Writes a step's outcome, its alerts with it, and frees the lease. */
  async function record(row: RepricingRow, outcome: Outcome, now: Date): Promise<void> {
    const tries = row.tries + (outcome.steps.some((step) => step.reason === 'repriced' || step.reason === 'held' || step.reason === 'replaced') ? 1 : 0);
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE repricing_orders SET state = $2, order_id = $3, price_paise = $4, tries = $5, next_at = $6, leased_until = NULL, replacing_order_id = NULL,
           over_limit_at = CASE WHEN $7 THEN $8 ELSE over_limit_at END, ended_at = CASE WHEN $2 = 'working' THEN NULL ELSE $8 END
         WHERE id = $1`,
        [row.id, outcome.state, outcome.orderId, outcome.pricePaise, tries, new Date(now.getTime() + row.policy.intervalSeconds * 1000), outcome.overLimit === true, now],
      );
      await insertSteps(tx, row.id, tries, outcome.steps, now);
      for (const what of outcome.tells) await tell(tx, row, tries, what, now);
    });
  }

  async function tick(now: Date = clock()): Promise<RepriceReport> {
    const { rows } = await db.query<Parameters<typeof toRepricing>[0]>(
      `UPDATE repricing_orders SET leased_until = $2 WHERE id IN (
         SELECT id FROM repricing_orders WHERE state = 'working' AND next_at <= $1 AND (leased_until IS NULL OR leased_until < $1)
         ORDER BY exit DESC, next_at LIMIT ${perTick} FOR UPDATE SKIP LOCKED)
       RETURNING ${repricingColumns}`,
      [now, new Date(now.getTime() + repriceLeaseMs)],
    );
    const errors: unknown[] = [];
    let worked = 0;
    for (const row of rows.map(toRepricing).sort((a, b) => Number(b.exit) - Number(a.exit))) {
      try {
        const outcome = await step(row, now);
        if (outcome === null) continue;
        await record(row, outcome, now);
        worked += 1;
      } catch (error) {
        // The lease runs out and a later tick reads the order afresh from the broker before anything else.
        errors.push(error);
      }
    }
    return { worked, errors };
  }

  return { tick };
}

export type Repricer = ReturnType<typeof createRepricer>;
