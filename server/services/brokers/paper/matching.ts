// The paper broker's matching: an order's fill decision applied (filled whole at its price, triggered, or
// cancelled with the reason), one-cancels-the-other between a position's stop-loss and target, protective
// orders refitted to the position they protect, and the fill engine's pass over working orders on a tick.
//
// Fills: MARKET at the other side of the simulated bid/ask within the exchange's market protection, else
// cancelled with the reason; LIMIT when the market reaches it, at the limit or better; SL triggers on the
// last price and then works as a LIMIT. Fills are whole (the simulator has no depth to fill partially).
import { cancelledOco, orderTexts } from '../../texts/order-texts.ts';
import { said, type Said } from '../../texts/said.ts';
import type { Database, Queryable, Read } from '../../../db/database.ts';
import { istDate } from '../../market/ist.ts';
import type { Product } from '../broker-trading.ts';
import { orderFillCharges } from './charges.ts';
import { expired, keyOf, type Contract, type Contracts } from './contracts.ts';
import type { ProtectionBand } from '../../market/price-rules.ts';
import type { Books } from './books.ts';
import { limitFill, lppRefusal, marketFill, orderRefusal, stopTriggered, type FillDecision, type Quote } from './order-rules.ts';
import { cancelRow, lockAccount, orderColumns, pendingOf, sideSign, tradeInsertSql, tradeValues, working, type OrderRow } from './order-rows.ts';
import type { PriceSource } from './price-source.ts';
import type { PaperFunds } from './funds.ts';
import { inScope, type MarketScope } from './market-scope.ts';
import { toPaise } from './paise.ts';

export type FillCounts = { filled: number; triggered: number; cancelled: number };

/** `band`: the exchange's limit price protection in force on the day (the contract's priceRules). */
export function decide(order: OrderRow, quote: Quote, band: ProtectionBand): FillDecision {
  if (order.status === 'TRIGGER PENDING') {
    if (!stopTriggered(order.transaction_type, Number(order.trigger_price_paise), quote)) return { action: 'none' };
    // The exchange checks a triggered stop-loss's limit against its protection band as it enters the book.
    const beyond = lppRefusal(band, order.transaction_type, Number(order.price_paise), quote.lastPaise);
    return beyond === null
      ? { action: 'trigger' }
      : { action: 'cancel', message: said('order.stop_triggered_rejected', { reason: beyond.i18n }, `Stop-loss triggered, then rejected. ${beyond.text}`) };
  }
  if (order.order_type === 'MARKET') return marketFill(order.transaction_type, quote);
  return limitFill(order.transaction_type, Number(order.price_paise), quote);
}

/** `scope`: the accounts whose working orders this market's pass fills (all of them when absent: exits priced at a cut-off). */
type MatchingOptions = { db: Database; prices: PriceSource; contracts: Contracts; books: Books; funds: PaperFunds; scope?: MarketScope };

export function createMatching({ db, prices, contracts, books, funds, scope = { feedAccountId: null } }: MatchingOptions) {
  const { contractsByToken, ratesFor } = contracts;
  const { positionQuantity } = books;

  async function applyDecision(q: Queryable, order: OrderRow, contract: Contract, decision: FillDecision, now: Date): Promise<OrderRow> {
    if (decision.action === 'none') return order;
    if (decision.action === 'cancel') return cancelRow(q, order, decision.message, now);
    if (decision.action === 'trigger') {
      const { rows } = await q.query<OrderRow>(
        `UPDATE paper_orders o SET status = 'OPEN', order_type = 'SL', updated_at = $2 WHERE id = $1 RETURNING ${orderColumns}`,
        [order.id, now],
      );
      return rows[0]!;
    }
    return fill(q, order, contract, decision.pricePaise, now);
  }

  async function fill(q: Queryable, order: OrderRow, contract: Contract, pricePaise: number, now: Date): Promise<OrderRow> {
    const quantity = pendingOf(order);
    const rates = await ratesFor(q, contract.exchange, istDate(now), contract.tradingsymbol);
    const charges = orderFillCharges(rates, order.purpose, order.transaction_type, quantity, pricePaise);
    // The trade and the order's fill in one statement, which also says whether the position has a stop-loss or
    // target working besides this order (fitProtection's orders): most fills have none, and nothing to refit.
    const { rows } = await q.query<OrderRow & { protection_working: boolean }>(
      `WITH trade AS (${tradeInsertSql(5)})
       UPDATE paper_orders o SET filled_quantity = filled_quantity + $2, filled_value_paise = filled_value_paise + $3, status = 'COMPLETE',
         updated_at = $4 WHERE id = $1
       RETURNING ${orderColumns}, EXISTS (SELECT 1 FROM paper_orders p WHERE p.broker_account_id = o.broker_account_id
         AND p.portfolio_id IS NOT DISTINCT FROM o.portfolio_id AND p.instrument_token = o.instrument_token AND p.product = o.product
         AND p.purpose IN ('stoploss', 'target') AND p.status IN ('OPEN', 'TRIGGER PENDING') AND p.id <> o.id) AS protection_working`,
      [order.id, quantity, quantity * pricePaise, now, ...tradeValues(order, contract, order.transaction_type, quantity, pricePaise, charges, 'fill', now)],
    );
    const { protection_working: protectionWorking, ...filled } = rows[0]!;
    // Only a stop-loss or a target is ever placed in an OCO group (exits.ts protect).
    if (filled.oco_group !== null) await cancelGroup(q, filled, cancelledOco(filled.purpose === 'target' ? 'target' : 'stoploss'), now);
    if (protectionWorking) await fitProtection(q, filled.broker_account_id, filled.portfolio_id, contract, filled.product, now);
    return filled;
  }

  async function cancelGroup(q: Queryable, filled: OrderRow, message: Said, now: Date): Promise<void> {
    const { rows } = await q.query<OrderRow>(
      `SELECT ${orderColumns} FROM paper_orders o WHERE o.oco_group = $1 AND o.id <> $2 AND o.status IN ('OPEN', 'TRIGGER PENDING')`,
      [filled.oco_group, filled.id],
    );
    for (const sibling of rows) await cancelRow(q, sibling, message, now);
  }

  /**
   * Keeps a position's stop-loss and target orders no larger than the position: reduced by hand, they
   * shrink with it (Kite's GTT OCO); closed or flipped, they are cancelled.
   */
  async function fitProtection(q: Queryable, accountId: number, portfolioId: number | null, contract: Contract, product: Product, now: Date): Promise<void> {
    const { rows } = await q.query<OrderRow>(
      `SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.portfolio_id IS NOT DISTINCT FROM $2
         AND o.instrument_token = $3 AND o.product = $4 AND o.purpose IN ('stoploss', 'target') AND o.status IN ('OPEN', 'TRIGGER PENDING')
       ORDER BY o.id`,
      [accountId, portfolioId, contract.instrumentToken, product],
    );
    for (const order of rows) {
      // Read per protective order (most fills have none, a protected position one or two).
      const open = await positionQuantity(q, accountId, portfolioId, contract.instrumentToken, product);
      if (Math.sign(open) !== -sideSign(order.transaction_type)) {
        await cancelRow(q, order, orderTexts.cancelledPositionClosed, now);
        continue;
      }
      const pending = pendingOf(order);
      if (pending > Math.abs(open)) {
        await q.query(`UPDATE paper_orders SET quantity = filled_quantity + cancelled_quantity + $2, updated_at = $3 WHERE id = $1`, [
          order.id,
          Math.abs(open),
          now,
        ]);
      }
    }
  }

  /** Working orders whose price the market reached fill, and stop-losses trigger: each in its own transaction under the account's lock. */
  /** The pass's reads of the book (paper-market.ts asks them ahead): the working orders, the after-market orders due. */
  const workingRead = (): Read => [
    `SELECT ${orderColumns} FROM paper_orders o WHERE o.status IN ('OPEN', 'TRIGGER PENDING') AND o.amo_release_at IS NULL
         AND ${inScope('o.broker_account_id', 1)} ORDER BY o.id`,
    [scope.feedAccountId],
  ];
  const afterMarketRead = (now: Date): Read => [
    `SELECT ${orderColumns} FROM paper_orders o WHERE o.amo_release_at <= $1 AND o.status IN ('OPEN', 'TRIGGER PENDING')
         AND ${inScope('o.broker_account_id', 2)} ORDER BY o.id`,
    [now, scope.feedAccountId],
  ];

  async function fillWorking(now: Date, counts: FillCounts): Promise<void> {
    const { rows } = await db.query<OrderRow>(...workingRead());
    if (rows.length === 0) return;
    const contracts = await contractsByToken(db, [...new Set(rows.map((row) => row.instrument_token))], now);
    const quotes = await prices.quotes([...contracts.values()].map(keyOf), db);
    for (const candidate of rows) {
      const contract = contracts.get(candidate.instrument_token);
      const quote = contract === undefined ? undefined : quotes.get(keyOf(contract));
      if (contract === undefined || quote === undefined || expired(contract, now)) continue;
      if (decide(candidate, quote, contract.priceRules.band).action === 'none') continue;
      const outcome = await db.transaction(async (tx) => {
        await lockAccount(tx, candidate.broker_account_id);
        const { rows: current } = await tx.query<OrderRow>(`SELECT ${orderColumns} FROM paper_orders o WHERE o.id = $1`, [candidate.id]);
        let order = current[0];
        if (order === undefined || !working.includes(order.status)) return null;
        let decision = decide(order, quote, contract.priceRules.band);
        if (decision.action === 'trigger') {
          order = await applyDecision(tx, order, contract, decision, now);
          counts.triggered += 1;
          decision = decide(order, quote, contract.priceRules.band);
        }
        const after = await applyDecision(tx, order, contract, decision, now);
        return after.status;
      });
      if (outcome === 'COMPLETE') counts.filled += 1;
      if (outcome === 'CANCELLED') counts.cancelled += 1;
    }
  }

  /**
   * After-market orders whose open has come go to the exchange: checked as the exchange checks a new order
   * (its limit price protection around the opening price; a stop-loss whose trigger the open already passed)
   * and, for an entry, as the broker's RMS checks one (the funds at the open: an opening gap may have raised
   * the margin of what the account holds, and the AMOs released before it are working orders by then), then
   * rejected with the reason, or working like any order placed at the open (fillWorking fills what the
   * market reaches). One at a time in the order they were placed, each in its own transaction under the
   * account's lock.
   */
  /** The RMS check of an AMO's entry at the open, against the account's funds then (its capital read again under the lock). */
  async function fundsRefusal(q: Queryable, order: OrderRow, contract: Contract, quote: Quote, now: Date): Promise<Said | null> {
    const { rows } = await q.query<{ account_number: string; capital: string }>('SELECT account_number, capital FROM broker_accounts WHERE id = $1', [
      order.broker_account_id,
    ]);
    const held = rows[0];
    if (held === undefined) return null;
    const account = { id: order.broker_account_id, accountNumber: held.account_number, capitalPaise: toPaise(Number(held.capital)) };
    const intent = {
      exchange: order.exchange,
      tradingsymbol: order.tradingsymbol,
      side: order.transaction_type,
      orderType: order.order_type,
      product: order.product,
      quantity: pendingOf(order),
      pricePaise: Number(order.price_paise),
      triggerPaise: Number(order.trigger_price_paise),
    };
    return funds.marginRefusal(q, account, { intent, contract, quote }, now, { heldAmos: false });
  }

  async function releaseAfterMarket(now: Date): Promise<void> {
    const { rows } = await db.query<OrderRow>(...afterMarketRead(now));
    for (const candidate of rows) {
      const contract = (await contractsByToken(db, [candidate.instrument_token], now)).get(candidate.instrument_token);
      if (contract === undefined || !(await prices.marketOpen(contract.exchange, now, db))) continue;
      const quote = (await prices.quotes([keyOf(contract)], db)).get(keyOf(contract));
      if (quote === undefined) continue;
      await db.transaction(async (tx) => {
        await lockAccount(tx, candidate.broker_account_id);
        const { rows: current } = await tx.query<OrderRow>(`SELECT ${orderColumns} FROM paper_orders o WHERE o.id = $1 FOR UPDATE`, [candidate.id]);
        const order = current[0];
        if (order === undefined || order.amo_release_at === null || !working.includes(order.status)) return;
        const shape = {
          side: order.transaction_type,
          orderType: order.order_type,
          quantity: order.quantity,
          pricePaise: Number(order.price_paise),
          triggerPaise: Number(order.trigger_price_paise),
          lotSize: contract.lotSize,
          tickPaise: contract.priceRules.tickPaise,
          band: contract.priceRules.band,
        };
        const refusal = orderRefusal(shape, quote) ?? (order.purpose === 'entry' ? await fundsRefusal(tx, order, contract, quote, now) : null);
        if (refusal !== null) {
          const rejected = said('order.amo_rejected_at_open', { reason: refusal.i18n }, `After-market order rejected at the open: ${refusal.text}`);
          await tx.query(
            `UPDATE paper_orders SET status = 'REJECTED', status_message = $2, status_message_i18n = $5::jsonb, cancelled_quantity = quantity - filled_quantity,
               amo_release_at = NULL, trading_day = $4::date, updated_at = $3 WHERE id = $1`,
            [order.id, rejected.text, now, istDate(now), JSON.stringify(rejected.i18n)],
          );
          return;
        }
        // At the exchange from the open: an exchange order id, and the day it trades on (what it said while held is over).
        await tx.query(
          `UPDATE paper_orders SET amo_release_at = NULL, exchange_order_id = (1100000000000000 + nextval('paper_order_seq'))::text, exchange_at = $2,
             trading_day = $3::date, updated_at = $2, status_message = NULL, status_message_i18n = NULL WHERE id = $1`,
          [order.id, now, istDate(now)],
        );
      });
    }
  }

  return { applyDecision, fillWorking, releaseAfterMarket, passReads: (now: Date): Read[] => [afterMarketRead(now), workingRead()] };
}

export type Matching = ReturnType<typeof createMatching>;
