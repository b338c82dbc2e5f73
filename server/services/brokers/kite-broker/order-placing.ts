// Placing orders on Kite. Every order carries the intent's tag (at most 20 characters), every MARKET and SL-M
// order Kite's automatic market protection (-1: Kite refuses API market orders without it), and a quantity
// above the index's freeze limit goes with autoslice, each child reported as an order of its own (a child
// Kite refused as a REJECTED order with Kite's message). A 200 means the order reached Kite, nothing more:
// what is answered is what Kite's book says right after, its transient states read as still working.
//
// Never placed twice: an answer that never came (KiteOutcomeUnknownError) is reconciled at once by the tag
// in Kite's book; an order found there is taken as placed, and when none is found the call stops with
// "outcome unknown", keeping the intent's claim so its retry looks the tag up again before placing. A
// refusal (Kite's 4xx, its 429) before anything was placed refuses the whole call; after something was
// placed it stops the basket (its hedges may be what failed), the rest reported as not sent.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { checkPortfolio } from '../../portfolios/portfolio-check.ts';
import type { Clock } from '../../clock.ts';
import type { BrokerOrder, OrderIntent, PlaceOptions, TradingAccount } from '../broker-trading.ts';
import { KiteOutcomeUnknownError } from '../kite/kite-errors.ts';
import { getOrders, ordersTagged, placeOrder, type KitePlaceOrder } from '../kite/kite-orders.ts';
import type { KiteOrder } from '../kite/kite-order-types.ts';
import type { KiteContracts } from './contracts.ts';
import type { KiteCalls } from './kite-calls.ts';
import { domainErrorOf, outcomeUnknown } from './kite-failures.ts';
import type { Attribution, Mirror } from './mirror.ts';
import { toBrokerOrder } from './order-mapping.ts';
import type { OrderUpdates } from './order-updates.ts';
import type { KiteRateLimits } from './rate-limits.ts';

/** Kite's automatic market protection, sent with every MARKET and SL-M order. */
export const autoProtection = -1;

export type Placement = { intent: OrderIntent; who: Attribution };

type Deps = { db: Database; clock: Clock; calls: KiteCalls; mirror: Mirror; updates: OrderUpdates; limits: KiteRateLimits; contracts: KiteContracts };

const rupees = (paise: number) => paise / 100;

/**
 * The id StrikeDesk gives an order Kite never booked (refused at the door, or not sent after such a refusal):
 * marked "SD" so it cannot be taken for Kite's numeric ids, and unique although a tag may be used again.
 */
const unsentId = () => `SD${randomBytes(6).toString('hex').toUpperCase()}`;

/** How Kite's autoslice cuts a quantity: whole lots up to the freeze quantity, the rest last. */
export function slicesOf(quantity: number, freezeQuantity: number, lotSize: number): number[] {
  const size = freezeQuantity - (freezeQuantity % Math.max(1, lotSize));
  if (size <= 0 || quantity <= freezeQuantity) return [quantity];
  const slices: number[] = [];
  for (let left = quantity; left > 0; left -= Math.min(left, size)) slices.push(Math.min(left, size));
  return slices;
}

export function createOrderPlacing({ db, clock, calls, mirror, updates, limits, contracts }: Deps) {
  async function formOf(intent: OrderIntent, tag: string): Promise<{ form: KitePlaceOrder; token: number; slices: number[] }> {
    const contract = await contracts.contractOf(intent.exchange, intent.tradingsymbol, clock());
    const protectedType = intent.orderType === 'MARKET' || intent.orderType === 'SL-M';
    const form: KitePlaceOrder = {
      variety: 'regular',
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
      // Unknown to StrikeDesk's instruments: let Kite slice if it must.
      ...(contract === null || intent.quantity > contract.freezeQuantity ? { autoslice: true } : {}),
    };
    return { form, token: contract?.instrumentToken ?? 0, slices: contract === null ? [] : slicesOf(intent.quantity, contract.freezeQuantity, contract.lotSize) };
  }

  /** Orders of Kite's book carrying `tag` that match the intent and are not yet taken: a lost answer's order. */
  async function findLost(account: TradingAccount, tag: string, intent: OrderIntent, taken: ReadonlySet<string>): Promise<KiteOrder[]> {
    const book = await calls.withSession(account, (session) => getOrders(session.http));
    return ordersTagged(book, tag).filter(
      (order) => !taken.has(order.order_id) && order.tradingsymbol === intent.tradingsymbol && order.transaction_type === intent.side && order.exchange === intent.exchange,
    );
  }

  /** Places each intent in turn; answers the ids of the orders recorded (placed, sliced or refused). */
  async function send(account: TradingAccount, placements: readonly Placement[], tag: string): Promise<string[]> {
    const ids: string[] = [];
    const taken = new Set<string>();
    const recorded = (orderId: string) => {
      ids.push(orderId);
      taken.add(orderId);
    };
    for (const [index, { intent, who }] of placements.entries()) {
      const { form, token, slices } = await formOf(intent, tag);
      const placed = { parentOrderId: null, tag, intent, marketProtection: form.market_protection ?? null, instrumentToken: token };
      try {
        const answer = await calls.withSession(account, (session) => placeOrder(session.http, form));
        if (answer.children.length === 0) {
          await mirror.recordPlaced(account.id, { ...placed, orderId: answer.order_id, status: 'PUT ORDER REQ RECEIVED', statusMessage: null }, who);
          recorded(answer.order_id);
          continue;
        }
        for (const [slice, child] of answer.children.entries()) {
          // A refused slice's quantity is Kite's cut of the order (the answer names none); Kite's book has the others'.
          const sliceQuantity = slices.length === answer.children.length ? slices[slice]! : intent.quantity;
          const sliced = { ...placed, parentOrderId: answer.order_id, intent: { ...intent, quantity: sliceQuantity } };
          const orderId = 'order_id' in child ? child.order_id : `${answer.order_id}-${slice + 1}`;
          const refused = 'error' in child ? child.error : null;
          await mirror.recordPlaced(
            account.id,
            { ...sliced, orderId, status: refused === null ? 'PUT ORDER REQ RECEIVED' : 'REJECTED', statusMessage: refused === null ? null : `Slice ${slice + 1} refused by Kite: ${refused.message}` },
            who,
          );
          recorded(orderId);
        }
      } catch (error) {
        if (error instanceof KiteOutcomeUnknownError) {
          calls.forget(account.id);
          const found = await findLost(account, tag, intent, taken).catch(() => []);
          if (found.length === 0) throw outcomeUnknown(`the order for ${intent.tradingsymbol}`);
          for (const order of found) {
            await mirror.recordPlaced(account.id, { ...placed, parentOrderId: null, orderId: order.order_id, status: 'PUT ORDER REQ RECEIVED', statusMessage: null }, who);
            recorded(order.order_id);
          }
          continue;
        }
        const refusal = domainErrorOf(error, 'order', `the order for ${intent.tradingsymbol}`);
        if (refusal === null) throw error;
        if (ids.length === 0 || refusal.code === 'broker_session_expired') throw refusal;
        for (const [rest, later] of placements.entries()) {
          if (rest < index) continue;
          const statusMessage = rest === index ? refusal.message : 'Not sent: an earlier order of this basket was refused.';
          const orderId = unsentId();
          const unsent = { ...placed, intent: later.intent, instrumentToken: rest === index ? token : 0, marketProtection: rest === index ? placed.marketProtection : null };
          await mirror.recordPlaced(account.id, { ...unsent, orderId, status: 'REJECTED', statusMessage }, later.who);
          recorded(orderId);
        }
        break;
      }
    }
    return ids;
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
   * Places orders of (possibly) several attributions under one tag. `unpaced`: counted against Kite's limits
   * but never refused by StrikeDesk's count (the kill switch).
   */
  async function placeAll(account: TradingAccount, placements: readonly Placement[], tag: string, { unpaced = false } = {}): Promise<BrokerOrder[]> {
    if (placements.length === 0) return [];
    await calls.sessionFor(account);
    const first = placements[0]!.who;
    await mirror.rememberTag(account.id, tag, first);
    if (unpaced) await limits.record(account.id, 'order', placements.length);
    else await limits.reserve(account.id, 'order', placements.length);
    const ids = await send(account, placements, tag);
    return refreshed(account, ids);
  }

  async function placeOrders(account: TradingAccount, intents: readonly OrderIntent[], options: PlaceOptions): Promise<BrokerOrder[]> {
    await checkPortfolio(db, account.id, options.portfolioId);
    const who: Attribution = { portfolioId: options.portfolioId, bot: options.bot ?? null, purpose: options.purpose, ocoGroup: options.ocoGroup ?? null };
    return placeAll(account, intents.map((intent) => ({ intent, who })), options.tag);
  }

  return { placeOrders, placeAll, refreshed };
}

export type OrderPlacing = ReturnType<typeof createOrderPlacing>;
