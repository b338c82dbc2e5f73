// Orders that reduce risk on the paper broker: closing legs at once (the broker's own MIS square-off), the
// kill switch's first step (every working order cancelled, the exits planned, then paced by the caller) and
// protective stop-loss and target orders (one cancels the other). A trader's square-off is planned
// (order-plans.ts) and paced like any intent. Exits are never refused for the kill switch or the per-order
// risk limits.
import { orderTexts } from '../../texts/order-texts.ts';
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { checkPortfolio } from '../../portfolios/portfolio-check.ts';
import { foProduct, type OrderIntent, type PlannedOrder, type TradingAccount } from '../broker-trading.ts';
import { openLegsByBotSql, type Books, type OpenLeg, type OpenLegRow } from './books.ts';
import type { Contracts } from './contracts.ts';
import type { OrderEntry } from './order-entry.ts';
import { exitOrders } from './order-plans.ts';
import { cancelRow, lockAccount, orderColumns, sideSign, working, type OrderRow } from './order-rows.ts';
import { changeRefusalTexts } from '../../texts/change-refusal-texts.ts';
import type { ProtectShare } from '../protective-shares.ts';

export function createExits({ clock, contracts, books, entry }: { clock: Clock; contracts: Contracts; books: Books; entry: OrderEntry }) {
  const { resolve } = contracts;
  const { legsOf, positionQuantity } = books;
  const { placeOne } = entry;

  /**
   * Closes legs at market at once (the broker's own square-offs, the kill switch's flatten): their working
   * orders cancelled first, then shorts bought back before longs are sold, each sliced at the freeze quantity.
   */
  async function closeLegs(
    q: Queryable,
    account: TradingAccount,
    legs: readonly OpenLeg[],
    options: { tag: string; purpose: 'squareoff' | 'auto_squareoff' },
    now: Date,
  ): Promise<OrderRow[]> {
    for (const leg of legs) {
      const { rows } = await q.query<OrderRow>(
        `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.portfolio_id IS NOT DISTINCT FROM $2
           AND o.instrument_token = $3 AND o.product = $4 AND o.status IN ('OPEN', 'TRIGGER PENDING')`,
        [account.id, leg.portfolioId, leg.contract.instrumentToken, leg.product],
      );
      for (const order of rows) await cancelRow(q, order, orderTexts.cancelledBeforeSquareOff, now);
    }
    const placed: OrderRow[] = [];
    for (const { contract, portfolioId, purpose, bot, ...intent } of exitOrders(legs, options.purpose)) {
      placed.push(await placeOne(q, account, intent, contract, { portfolioId, tag: options.tag, purpose, bot }, now));
    }
    return placed;
  }

  /**
   * The kill switch's first step, once its arming committed (an entry placed after that is refused), under the
   * account's lock: every working order cancelled, and the exits of every open position planned (each share
   * under its bot's name, shorts first, sliced at the freeze quantity), which the caller sends paced at the
   * account's rate limits. Repeating it finds nothing left to do.
   */
  async function beginFlatten(q: Queryable, account: TradingAccount): Promise<{ cancelled: OrderRow[]; orders: PlannedOrder[] }> {
    const now = clock();
    await lockAccount(q, account.id);
    const { rows: workingOrders } = await q.query<OrderRow>(
      `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.status IN ('OPEN', 'TRIGGER PENDING') ORDER BY o.id FOR UPDATE`,
      [account.id],
    );
    const cancelled: OrderRow[] = [];
    for (const order of workingOrders) cancelled.push(await cancelRow(q, order, orderTexts.cancelledByKillSwitch, now));
    const legs = await legsOf(q, (await q.query<OpenLegRow>(openLegsByBotSql, [account.id])).rows, now);
    return { cancelled, orders: exitOrders(legs, 'squareoff').map(({ contract: _contract, ...order }) => order) };
  }

  /**
   * A stop-loss (SL) or target (LIMIT) order on each of the shares planned for it (order-plans.ts
   * planProtect), each paired with its share's other protective order so that one filling cancels the other.
   * Each share is checked again under the account's lock: one no longer open enough refuses the whole call,
   * nothing placed.
   */
  async function protect(
    q: Queryable,
    account: TradingAccount,
    kind: 'stoploss' | 'target',
    intent: OrderIntent,
    shares: readonly ProtectShare[],
    tag: string,
    sentAt?: Date,
  ): Promise<OrderRow[]> {
    const now = clock();
    await lockAccount(q, account.id);
    for (const portfolioId of new Set(shares.map((share) => share.portfolioId))) await checkPortfolio(q, account.id, portfolioId);
    const { contract } = (await resolve(q, [intent], now))[0]!;
    const placed: OrderRow[] = [];
    for (const share of shares) {
      const open = await positionQuantity(q, account.id, share.portfolioId, contract.instrumentToken, foProduct(intent.product));
      // A flat share (sign 0) is reduced by neither side.
      if (Math.sign(open) !== -sideSign(intent.side) || share.quantity > Math.abs(open)) {
        throw DomainError.said('order_not_reducing', changeRefusalTexts.notReducing(kind, open, intent), { field: 'quantity' });
      }
      // A working protective order starts its group when placed (below), so the share's other one, if any,
      // already has the group this one joins.
      const { rows } = await q.query<{ oco_group: string }>(
        `SELECT oco_group FROM paper_orders WHERE broker_account_id = $1 AND portfolio_id IS NOT DISTINCT FROM $2 AND instrument_token = $3
           AND product = $4 AND purpose IN ('stoploss', 'target') AND status IN ('OPEN', 'TRIGGER PENDING') ORDER BY id LIMIT 1`,
        [account.id, share.portfolioId, contract.instrumentToken, intent.product],
      );
      const order = await placeOne(q, account, { ...intent, quantity: share.quantity }, contract, { portfolioId: share.portfolioId, tag, purpose: kind, ocoGroup: rows[0]?.oco_group ?? null, sentAt: sentAt ?? null }, now);
      if (order.oco_group === null && working.includes(order.status)) {
        await q.query('UPDATE paper_orders SET oco_group = id WHERE id = $1', [order.id]);
        order.oco_group = order.id;
      }
      placed.push(order);
    }
    return placed;
  }

  return { closeLegs, beginFlatten, protect };
}

export type Exits = ReturnType<typeof createExits>;
