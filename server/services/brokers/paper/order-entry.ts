// The paper broker's order entry: planned orders placed (each rejected with its reason, filled at once — a
// MARKET or marketable LIMIT order — or left working), at most once per intent and number, and planned
// orders that will not be sent put in the book as such. The rate limits are not the broker's to count: the
// order pipeline counts every order sent to any broker (trading/order-rate.ts), and the broker stamps each
// order with the instant its send was admitted there, so its own timestamps hold to the limits. An exit never
// takes a position past flat (exitRoom).
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { clockMinutes, istClock, istDate, istMinutes } from '../../market/ist.ts';
import { checkPortfolio } from '../../portfolios/portfolio-check.ts';
import { killSwitchRefusal, type IntentRef, type NumberedOrder, type OrderIntent, type TradingAccount } from '../broker-trading.ts';
import { expired, keyOf, type Contract, type Contracts } from './contracts.ts';
import type { BookRow, MarginChecks, PaperFunds } from './funds.ts';
import type { Matching } from './matching.ts';
import { limitFill, marketFill, orderRefusal } from './order-rules.ts';
import { insertOrder, lockAccount, orderColumns, sideSign, type OrderRow, type PlaceOptions } from './order-rows.ts';
import type { Books } from './books.ts';
import { afterMarketPlacement } from '../after-market.ts';
import { preOpenPlacement } from './pre-open.ts';
import { notSent, orderTexts } from '../../texts/order-texts.ts';
import { said, type Said } from '../../texts/said.ts';
import { sessionSquareOff } from './session-square-off.ts';
import { paperMarketRefusal } from '../../execution/paper-rules.ts';
import type { PriceSource } from './price-source.ts';

/** Why a fresh MIS order is refused after the session's cut-off (Zerodha: no fresh MIS orders after the auto square-off time). */
export const misCutOffRefusal = (time: string): Said =>
  said(
    'order.mis_cut_off',
    { time },
    `Intraday (MIS) orders are closed for today: from ${time} IST the broker squares MIS positions off and takes no fresh MIS orders until the next session. Place it as NRML (overnight), or as MIS in the next session.`,
  );

type OrderEntryOptions = { clock: Clock; prices: PriceSource; contracts: Contracts; books: Books; funds: PaperFunds; matching: Matching };

export function createOrderEntry({ clock, prices, contracts, books, funds, matching }: OrderEntryOptions) {
  /** The MIS cut-off of the session `now` is in: a special session's own, else 15:25 (session-square-off.ts). */
  const squareOffs = sessionSquareOff(prices);

  const { resolve } = contracts;
  const { marginChecks } = funds;
  const { applyDecision } = matching;

  /** The intent's orders already in the book, by their number. */
  async function placedOf(q: Queryable, account: TradingAccount, ref: string): Promise<Map<number, OrderRow>> {
    const { rows } = await q.query<OrderRow>(`SELECT ${orderColumns} FROM paper_orders o WHERE o.broker_account_id = $1 AND o.intent_key = $2`, [account.id, ref]);
    return new Map(rows.map((row) => [Number(row.intent_slice), row]));
  }

  const optionsOf = (intent: IntentRef, order: NumberedOrder, sentAt: Date | null = null): PlaceOptions => ({
    portfolioId: order.portfolioId,
    tag: intent.tag,
    purpose: order.purpose,
    bot: order.bot,
    intent: { ref: intent.ref, slice: order.slice },
    sentAt,
  });

  /**
   * Places planned orders inside `q`, the transaction of this one call (paper-trading.ts), under the
   * account's lock: entries refused while the kill switch is armed (it is read again here, so an entry that
   * waited on an arming sees it), every portfolio held until the orders are in, and an order already placed
   * under its intent and number answered as it is. `sentAt`: when the order pipeline admitted their send,
   * their stamp.
   */
  async function placeOrders(q: Queryable, account: TradingAccount, intent: IntentRef, orders: readonly NumberedOrder[], sentAt?: Date): Promise<OrderRow[]> {
    const guards = await lockAccount(q, account.id);
    if (guards.killedAt !== null && orders.some((order) => order.purpose === 'entry')) throw killSwitchRefusal(account.accountNumber, guards.killedAt);
    for (const portfolioId of new Set(orders.map((order) => order.portfolioId))) await checkPortfolio(q, account.id, portfolioId);
    return placeLocked(q, account, intent, orders, sentAt);
  }

  /**
   * placeOrders inside the order pipeline's pacing step (BrokerTrading.placerInTransaction), whose transaction
   * holds the account's lock and under it refused entries while the kill switch is armed and held the orders'
   * portfolios. `unplaced`: the pipeline knows none of the intent's orders is in the book (its key new).
   * `book`: the account's book, read already in this transaction (funds.ts bookAhead), for the margin checks.
   */
  async function placeLocked(
    q: Queryable,
    account: TradingAccount,
    intent: IntentRef,
    orders: readonly NumberedOrder[],
    sentAt?: Date,
    unplaced = false,
    book?: Promise<BookRow>,
  ): Promise<OrderRow[]> {
    const now = clock();
    const placed = unplaced ? new Map<number, OrderRow>() : await placedOf(q, account, intent.ref);
    const resolved = await resolve(q, orders, now);
    // One read of the book for the margin of every entry below, each placed order folded in (funds.ts).
    const margin = marginChecks(q, account, now, book);
    const answered: OrderRow[] = [];
    for (const [index, order] of orders.entries()) {
      const known = placed.get(order.slice);
      const { contract } = resolved[index]!;
      const row = known ?? (await placeOne(q, account, order, contract, optionsOf(intent, order, sentAt), now, margin));
      if (known === undefined) await margin.placed(row, contract);
      answered.push(row);
    }
    return answered;
  }

  /**
   * Planned orders that will not be sent, in the book as REJECTED with the reason (those already there are
   * answered as they are); one whose portfolio was deleted meanwhile is kept without it.
   */
  async function recordUnsent(q: Queryable, account: TradingAccount, intent: IntentRef, orders: ReadonlyArray<NumberedOrder & { reason: Said }>): Promise<OrderRow[]> {
    const now = clock();
    await lockAccount(q, account.id);
    const placed = await placedOf(q, account, intent.ref);
    const resolved = await resolve(q, orders, now);
    const portfolioIds = [...new Set(orders.flatMap((order) => (order.portfolioId === null ? [] : [order.portfolioId])))];
    const { rows: live } = await q.query<{ id: number }>('SELECT id FROM portfolios WHERE broker_account_id = $1 AND id = ANY($2::int[]) FOR KEY SHARE', [account.id, portfolioIds]);
    const kept = new Set(live.map((row) => Number(row.id)));
    const answered: OrderRow[] = [];
    for (const [index, order] of orders.entries()) {
      const options = { ...optionsOf(intent, order), portfolioId: order.portfolioId !== null && kept.has(order.portfolioId) ? order.portfolioId : null };
      const known = placed.get(order.slice);
      answered.push(known ?? (await insertOrder(q, account, order, resolved[index]!.contract, options, 'REJECTED', notSent(order.reason), now)));
    }
    return answered;
  }

  /**
   * How much an exit may still close of its portfolio's position: the position less the exits already working
   * on it (after-market exits held for the open), 0 when that is flat or on the exit's own side. Two closes of
   * one position (the kill switch's paced exits and a late entry's close, a trader's square-off racing either)
   * thus close it once, never into the other side.
   */
  async function exitRoom(q: Queryable, account: TradingAccount, intent: OrderIntent, contract: Contract, portfolioId: number | null): Promise<number> {
    // The position and the exits working on it in one statement (one round trip, one call into a backtest's book, for each exit).
    const { rows } = await q.query<{ open: string | null; pending: string | null }>(
      `SELECT (SELECT quantity FROM paper_positions
                WHERE broker_account_id = $1 AND portfolio_id IS NOT DISTINCT FROM $2 AND instrument_token = $3 AND product = $4) AS open,
              (SELECT sum(CASE WHEN transaction_type = 'BUY' THEN 1 ELSE -1 END * (quantity - filled_quantity - cancelled_quantity)) FROM paper_orders
                WHERE broker_account_id = $1 AND portfolio_id IS NOT DISTINCT FROM $2 AND instrument_token = $3 AND product = $4
                  AND purpose IN ('squareoff', 'auto_squareoff') AND status IN ('OPEN', 'TRIGGER PENDING')) AS pending`,
      [account.id, portfolioId, contract.instrumentToken, intent.product],
    );
    const left = Number(rows[0]?.open ?? 0) + Number(rows[0]?.pending ?? 0);
    return Math.sign(left) === -sideSign(intent.side) ? Math.abs(left) : 0;
  }

  /** `margin`: the call's margin checks, when it places several orders (placeOrders); else this order's own. */
  async function placeOne(
    q: Queryable,
    account: TradingAccount,
    asked: OrderIntent,
    contract: Contract,
    options: PlaceOptions,
    now: Date,
    margin: MarginChecks = marginChecks(q, account, now),
  ): Promise<OrderRow> {
    const closes = options.purpose === 'squareoff' || options.purpose === 'auto_squareoff';
    const room = closes ? await exitRoom(q, account, asked, contract, options.portfolioId) : asked.quantity;
    const intent = room < asked.quantity && room > 0 ? { ...asked, quantity: room } : asked;
    const reject = (message: Said) => insertOrder(q, account, intent, contract, options, 'REJECTED', message, now);
    if (room === 0) return reject(orderTexts.nothingLeftToClose);
    // A paper account behaving like a limit-only broker refuses MARKET as that broker does (its own square-off aside).
    if (intent.orderType === 'MARKET' && options.purpose !== 'auto_squareoff') {
      const limitOnly = await paperMarketRefusal(q, account, now);
      if (limitOnly !== null) return reject(limitOnly);
    }
    if (expired(contract, now)) return reject(said('order.expired', { tradingsymbol: contract.tradingsymbol, expiry: contract.expiry }, `${contract.tradingsymbol} expired on ${contract.expiry}. Pick a current expiry.`));
    const session = await prices.session(contract.exchange, now, q);
    // Outside market hours the order becomes an after-market order, held until the next open (after-market.ts); in
    // the F&O pre-open's hours only an eligible future's order is taken, queued to the open (pre-open.ts).
    const preOpen = session.open ? null : await preOpenPlacement(q, contract.exchange === 'BFO' ? 'BSE' : 'NSE', intent, now);
    const amo = session.open ? null : (preOpen ?? afterMarketPlacement(session, now));
    if (amo !== null && 'refusal' in amo) return reject(amo.refusal);
    const fresh = (await prices.quotes([keyOf(contract)], q)).get(keyOf(contract));
    // An AMO fills at the open's prices: where there is no price now (a live feed quiet out of hours), it is checked
    // on the last one the feed gave, and says so.
    const last = fresh === undefined && amo !== null ? (await prices.lastQuotes?.([keyOf(contract)], q))?.get(keyOf(contract)) : undefined;
    const quote = fresh ?? last;
    if (quote === undefined) return reject(said('order.no_price', { tradingsymbol: contract.tradingsymbol }, `No price for ${contract.tradingsymbol} right now. Try again in a moment.`));
    // An AMO is for the next session, when MIS is open again.
    if (amo === null && (await freshMisAfterCutOff(q, account, intent, contract, options, now))) return reject(misCutOffRefusal(await squareOffs.at(now, q)));
    // The exchange's own checks (limit price protection) wait for the open, when the AMO reaches it.
    const refusal = orderRefusal({ ...intent, lotSize: contract.lotSize, tickPaise: contract.priceRules.tickPaise, band: contract.priceRules.band }, quote, { exchangeChecks: amo === null });
    if (refusal !== null) return reject(refusal);
    if (options.purpose === 'entry') {
      const refusedForMargin = await margin.refusal({ intent, contract, quote });
      if (refusedForMargin !== null) return reject(refusedForMargin);
    }
    if (amo !== null) {
      const held = { ...options, amoReleaseAt: amo.releaseAt };
      const note = last === undefined ? null : orderTexts.amoHeldOnLastPrice(istClock(amo.releaseAt), istDate(amo.releaseAt), last.lastPaise);
      return insertOrder(q, account, intent, contract, held, intent.orderType === 'SL' ? 'TRIGGER PENDING' : 'OPEN', note, now);
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

  /**
   * Whether this is a fresh intraday (MIS) order after the broker's cut-off: an entry that does not reduce
   * an MIS position of its portfolio. Exits and NRML orders stay allowed. The demo market, open at any hour,
   * takes MIS at any hour too: a position opened after the cut-off is squared off at the next day's
   * (paper-market.ts, missed-cut-offs.ts; docs/market-model.md).
   */
  async function freshMisAfterCutOff(q: Queryable, account: TradingAccount, intent: OrderIntent, contract: Contract, options: PlaceOptions, now: Date): Promise<boolean> {
    if (intent.product !== 'MIS' || options.purpose !== 'entry' || prices.demo || istMinutes(now) < clockMinutes(await squareOffs.at(now, q))) return false;
    const open = await books.positionQuantity(q, account.id, options.portfolioId, contract.instrumentToken, 'MIS');
    const reduces = open !== 0 && Math.sign(open) === -sideSign(intent.side) && intent.quantity <= Math.abs(open);
    return !reduces;
  }

  return { placeOrders, placeLocked, recordUnsent, placeOne };
}

export type OrderEntry = ReturnType<typeof createOrderEntry>;
