// Placing orders on Kite. Every order carries the intent's tag (at most 20 characters) and every MARKET and
// SL-M order Kite's automatic market protection (-1: Kite refuses API market orders without it). StrikeDesk
// slices at the freeze quantity itself (order-plans.ts), so each slice is a numbered order of its intent:
// one place call, one Kite order, paced with the rest. A 200 means the order reached Kite, nothing more:
// what is answered is what Kite's book says right after, its transient states read as still working.
//
// Never placed twice: each numbered order is written down before its call (sends.ts), and one already in the
// mirror under its intent and number is answered as it is. An answer that never came (KiteOutcomeUnknownError)
// is reconciled at once from Kite's book, where the tag and the written send tell which order it was; when
// none is found the call stops with "outcome unknown", keeping the intent's claim, so its retry reads the
// book again before placing. A refusal (Kite's 4xx, its 429) before anything of the call was placed refuses
// the call; after something was placed it stops the intent (its hedges may be what failed), the refused
// order and the rest of the call in the book as REJECTED.
import { notSent, orderTexts } from '../../texts/order-texts.ts';
import type { Said } from '../../texts/said.ts';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { checkPortfolio } from '../../portfolios/portfolio-check.ts';
import { IntentStopped, killSwitchRefusal, type BrokerOrder, type IntentRef, type NumberedOrder, type OrderIntent, type TradingAccount } from '../broker-trading.ts';
import { readEntryGuards } from '../entry-guards.ts';
import { KiteOutcomeUnknownError } from '../kite/kite-errors.ts';
import { getOrders, ordersTagged, placeOrder, type KitePlaceOrder } from '../kite/kite-orders.ts';
import type { KiteContracts } from './contracts.ts';
import type { KiteHours } from './kite-hours.ts';
import type { KiteCalls } from './kite-calls.ts';
import { domainErrorOf, outcomeUnknown } from './kite-failures.ts';
import type { Attribution, Mirror, PlacedOrder } from './mirror.ts';
import { toBrokerOrder } from './order-mapping.ts';
import type { OrderUpdates } from './order-updates.ts';
import type { KiteRateLimits } from './rate-limits.ts';
import { dropSend, recordSend, type IntentNumber } from './sends.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';

/** Kite's automatic market protection, sent with every MARKET and SL-M order. */
export const autoProtection = -1;

/** An order to place, whose it is, and its number in its intent (null: the kill switch's, a stop-loss's, a target's). */
export type Placement = { intent: OrderIntent; who: Attribution; number?: IntentNumber | null };

type Deps = { db: Database; clock: Clock; calls: KiteCalls; mirror: Mirror; updates: OrderUpdates; limits: KiteRateLimits; contracts: KiteContracts; hours: KiteHours };

const rupees = (paise: number) => paise / 100;

/**
 * The id StrikeDesk gives an order Kite never booked (refused at the door, or not sent after such a refusal):
 * marked "SD" so it cannot be taken for Kite's numeric ids, and unique although a tag may be used again.
 */
export const unsentId = () => `SD${randomBytes(6).toString('hex').toUpperCase()}`;

const whoOf = (order: NumberedOrder): Attribution => ({ portfolioId: order.portfolioId, bot: order.bot, purpose: order.purpose, ocoGroup: null });

export function createOrderPlacing({ db, clock, calls, mirror, updates, limits, contracts, hours }: Deps) {
  async function formOf(intent: OrderIntent, tag: string, variety: KitePlaceOrder['variety']): Promise<{ form: KitePlaceOrder; token: number }> {
    const contract = await contracts.contractOf(intent.exchange, intent.tradingsymbol, clock());
    const protectedType = intent.orderType === 'MARKET' || intent.orderType === 'SL-M';
    const form: KitePlaceOrder = {
      variety,
      exchange: intent.exchange,
      tradingsymbol: intent.tradingsymbol,
      transaction_type: intent.side,
      order_type: intent.orderType,
      quantity: intent.quantity,
      product: intent.product,
      validity: 'DAY',
      tag,
      ...(intent.orderType === 'LIMIT' || intent.orderType === 'SL' ? { price: rupees(intent.pricePaise) } : {}),
      ...(intent.orderType === 'SL' || intent.orderType === 'SL-M' ? { trigger_price: rupees(intent.triggerPaise) } : {}),
      ...(protectedType ? { market_protection: autoProtection } : {}),
    };
    return { form, token: contract?.instrumentToken ?? 0 };
  }

  /** The order a lost answer was for, from Kite's book: a numbered one through its written send, else the first tagged one not yet mirrored. */
  async function findLost(account: TradingAccount, tag: string, { intent, number }: Placement): Promise<string | null> {
    if (number != null) {
      await updates.apply(account, await calls.orders(account));
      return (await mirror.byIntent(account.id, number.ref)).get(number.slice)?.order_id ?? null;
    }
    const book = await calls.withSession(account, (session) => getOrders(session.http));
    const candidates = ordersTagged(book, tag).filter((order) => order.tradingsymbol === intent.tradingsymbol && order.transaction_type === intent.side);
    const mirrored = new Set((await mirror.byIds(account.id, candidates.map((order) => order.order_id))).map((row) => row.order_id));
    return candidates.find((order) => !mirrored.has(order.order_id))?.order_id ?? null;
  }

  /** Places each order in turn; answers the ids recorded (placed or refused) and why the rest was stopped, if it was. */
  async function send(account: TradingAccount, placements: readonly Placement[], tag: string): Promise<{ ids: string[]; stopped: string | null }> {
    const ids: string[] = [];
    for (const [index, placement] of placements.entries()) {
      const { intent, who, number = null } = placement;
      const hour = await hours.placementVariety(intent.exchange, clock());
      if ('refusal' in hour) {
        // Kite takes no order now (between the close and its AMO window, or just before the open): each is in
        // the book as REJECTED with when to place it, never sent.
        for (const later of placements.slice(index)) {
          const contract = await contracts.contractOf(later.intent.exchange, later.intent.tradingsymbol, clock());
          const unsent = { parentOrderId: null, tag, intent: later.intent, marketProtection: null, instrumentToken: contract?.instrumentToken ?? 0, number: later.number ?? null };
          const orderId = unsentId();
          await mirror.recordPlaced(account.id, { ...unsent, orderId, status: 'REJECTED', statusMessage: hour.refusal.text, statusMessageI18n: hour.refusal.i18n }, later.who);
          ids.push(orderId);
        }
        return { ids, stopped: null };
      }
      const { form, token } = await formOf(intent, tag, hour.variety);
      const placed: Omit<PlacedOrder, 'orderId' | 'status' | 'statusMessage'> = { parentOrderId: null, tag, intent, variety: form.variety, marketProtection: form.market_protection ?? null, instrumentToken: token, number };
      if (number !== null) await recordSend(db, account.id, tag, number, intent, who, clock());
      try {
        const answer = await calls.withSession(account, (session) => placeOrder(session.http, form));
        await mirror.recordPlaced(account.id, { ...placed, orderId: answer.order_id, status: 'PUT ORDER REQ RECEIVED', statusMessage: null }, who);
        ids.push(answer.order_id);
      } catch (error) {
        if (error instanceof KiteOutcomeUnknownError) {
          calls.forget(account.id);
          const found = await findLost(account, tag, placement).catch(() => null);
          if (found === null) throw outcomeUnknown(kiteCalls.orderFor(intent.tradingsymbol));
          await mirror.recordPlaced(account.id, { ...placed, orderId: found, status: 'PUT ORDER REQ RECEIVED', statusMessage: null }, who);
          ids.push(found);
          continue;
        }
        const refusal = domainErrorOf(error, 'order', kiteCalls.orderFor(intent.tradingsymbol));
        if (refusal === null) throw error;
        // Refused at the door: Kite booked nothing, so the send may go again.
        if (number !== null) await dropSend(db, account.id, number);
        if (ids.length === 0 || refusal.code === 'broker_session_expired') throw refusal;
        for (const later of placements.slice(index)) {
          // The refused order carries Kite's own words inside a coded sentence; the ones after it, StrikeDesk's.
          const statusMessage = later === placement ? refusal.message : orderTexts.basketRefused.text;
          const statusMessageI18n = later === placement ? (refusal.text?.i18n ?? null) : orderTexts.basketRefused.i18n;
          const unsent = { ...placed, intent: later.intent, number: later.number ?? null, instrumentToken: later === placement ? token : 0, marketProtection: later === placement ? placed.marketProtection : null, variety: later === placement ? placed.variety : 'regular' };
          const orderId = unsentId();
          await mirror.recordPlaced(account.id, { ...unsent, orderId, status: 'REJECTED', statusMessage, statusMessageI18n }, later.who);
          ids.push(orderId);
        }
        return { ids, stopped: refusal.message };
      }
    }
    return { ids, stopped: null };
  }

  /** The recorded orders as Kite's book now has them (the mirror's last word when the book cannot be read). */
  async function refreshed(account: TradingAccount, ids: readonly string[]): Promise<BrokerOrder[]> {
    calls.forget(account.id);
    try {
      await updates.apply(account, await calls.orders(account));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'broker_session_expired') throw error;
      // The orders reached Kite; an unreadable book only delays what they show.
    }
    return (await mirror.byIds(account.id, ids)).map(toBrokerOrder);
  }

  /**
   * Places orders of (possibly) several attributions under one tag. `unpaced` (the kill switch): counted
   * against Kite's limits but never refused by StrikeDesk's count.
   */
  async function placeAll(account: TradingAccount, placements: readonly Placement[], tag: string, { unpaced = false } = {}): Promise<BrokerOrder[]> {
    if (placements.length === 0) return [];
    await calls.sessionFor(account);
    await mirror.rememberTag(account.id, tag, placements[0]!.who);
    if (unpaced) await limits.record(account.id, 'order', placements.length);
    else await limits.reserve(account.id, 'order', placements.length);
    return refreshed(account, (await send(account, placements, tag)).ids);
  }

  /**
   * The order pipeline's planned orders (the interface says how): those already in the mirror under the
   * intent and number answered as they are, the rest placed in order. The pipeline has counted them against
   * the rate limits (trading/order-rate.ts); Kite's own count only records them.
   */
  async function placeOrders(account: TradingAccount, intent: IntentRef, orders: readonly NumberedOrder[]): Promise<BrokerOrder[]> {
    const known = await mirror.byIntent(account.id, intent.ref);
    const todo = orders.filter((order) => !known.has(order.slice));
    let stopped: string | null = null;
    if (todo.length > 0) {
      const { killedAt } = await readEntryGuards(db, account.id, false);
      if (killedAt !== null && todo.some((order) => order.purpose === 'entry')) throw killSwitchRefusal(account.accountNumber, killedAt);
      for (const portfolioId of new Set(todo.map((order) => order.portfolioId))) await checkPortfolio(db, account.id, portfolioId);
      await calls.sessionFor(account);
      await mirror.rememberTag(account.id, intent.tag, whoOf(todo[0]!));
      await limits.record(account.id, 'order', todo.length);
      const placements = todo.map((order) => ({ intent: order, who: whoOf(order), number: { ref: intent.ref, slice: order.slice } }));
      const sent = await send(account, placements, intent.tag);
      stopped = sent.stopped;
      await refreshed(account, sent.ids);
    }
    const mirrored = await mirror.byIntent(account.id, intent.ref);
    const answered = orders.flatMap((order) => (mirrored.has(order.slice) ? [toBrokerOrder(mirrored.get(order.slice)!)] : []));
    if (stopped !== null) throw new IntentStopped(stopped, answered);
    return answered;
  }

  /** Planned orders that will not be sent, in the mirror as REJECTED with the reason (those already there answered as they are). */
  async function recordUnsent(account: TradingAccount, intent: IntentRef, orders: ReadonlyArray<NumberedOrder & { reason: Said }>): Promise<BrokerOrder[]> {
    const known = await mirror.byIntent(account.id, intent.ref);
    const portfolioIds = [...new Set(orders.flatMap((order) => (order.portfolioId === null ? [] : [order.portfolioId])))];
    const { rows } = await db.query<{ id: number }>('SELECT id FROM portfolios WHERE broker_account_id = $1 AND id = ANY($2::int[])', [account.id, portfolioIds]);
    const kept = new Set(rows.map((row) => Number(row.id)));
    for (const order of orders) {
      if (known.has(order.slice)) continue;
      const contract = await contracts.contractOf(order.exchange, order.tradingsymbol, clock());
      const who = { ...whoOf(order), portfolioId: order.portfolioId !== null && kept.has(order.portfolioId) ? order.portfolioId : null };
      await mirror.recordPlaced(
        account.id,
        { orderId: unsentId(), parentOrderId: null, tag: intent.tag, intent: order, marketProtection: null, status: 'REJECTED', statusMessage: notSent(order.reason).text, statusMessageI18n: notSent(order.reason).i18n, instrumentToken: contract?.instrumentToken ?? 0, number: { ref: intent.ref, slice: order.slice } },
        who,
      );
    }
    const mirrored = await mirror.byIntent(account.id, intent.ref);
    return orders.flatMap((order) => (mirrored.has(order.slice) ? [toBrokerOrder(mirrored.get(order.slice)!)] : []));
  }

  return { placeOrders, recordUnsent, placeAll, refreshed };
}

export type OrderPlacing = ReturnType<typeof createOrderPlacing>;
