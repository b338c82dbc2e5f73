// Changing a working paper order: a modification (at most 25 per order, checked against the same rules as a
// new order and filled at once when it becomes marketable; one that changes nothing is refused before it
// spends one of the 25) or a cancellation.
import { changeRefusalTexts } from '../../texts/change-refusal-texts.ts';
import { orderTexts } from '../../texts/order-texts.ts';
import { refusalTexts } from '../../texts/refusal-texts.ts';
import type { Said } from '../../texts/said.ts';
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import type { OrderChanges, OrderIntent, OrderStatus, TradingAccount } from '../broker-trading.ts';
import { keyOf, type Contracts } from './contracts.ts';
import { decide, type Matching } from './matching.ts';
import { orderRefusal } from './order-rules.ts';
import { afterMarketPlacement, amoWindowMinutes } from '../after-market.ts';
import { cancelRow, lockAccount, orderColumns, ownedOrder, working, type OrderRow } from './order-rows.ts';
import type { PriceSource } from './price-source.ts';
import { paperMarketRefusal } from '../../execution/paper-rules.ts';

export const maxModifications = 25;

type OrderChangesOptions = { clock: Clock; prices: PriceSource; contracts: Contracts; matching: Matching };

/**
 * A modification that would store the order as it is (the same values, or only a field its type ignores:
 * a trigger on a LIMIT order, a price on a MARKET one) is refused before it spends one of the 25.
 */
function refuseNoChange(order: OrderRow, changes: OrderChanges): void {
  const orderType = changes.orderType ?? order.order_type;
  const pricePaise = orderType === 'MARKET' ? 0 : (changes.pricePaise ?? Number(order.price_paise));
  const triggerPaise = orderType === 'SL' ? (changes.triggerPaise ?? Number(order.trigger_price_paise)) : 0;
  const same =
    orderType === order.order_type &&
    (changes.quantity ?? order.quantity) === order.quantity &&
    pricePaise === Number(order.price_paise) &&
    triggerPaise === Number(order.trigger_price_paise);
  if (!same) return;
  const ignoredTrigger = changes.triggerPaise !== undefined && orderType !== 'SL';
  const ignoredPrice = changes.pricePaise !== undefined && orderType === 'MARKET';
  const ignored = ignoredTrigger ? 'trigger' : ignoredPrice ? 'price' : 'none';
  throw DomainError.said('nothing_to_modify', changeRefusalTexts.nothingToModify(order.order_id, { ignored, orderType }), {
    field: ignoredTrigger ? 'trigger_price' : ignoredPrice ? 'price' : undefined,
  });
}

export function createOrderChanges({ clock, prices, contracts, matching }: OrderChangesOptions) {
  const { contractsByToken } = contracts;
  const { applyDecision } = matching;

  /**
   * Kite takes changes of an after-market order it holds only inside its AMO window (F&O: 15:45 IST after the
   * close until 09:10 IST before the open; Zerodha support, "What is an After Market Order (AMO)?"): between
   * the close and 15:45, and from 09:10 to the open, a held AMO can be neither modified nor cancelled.
   */
  async function refuseOutsideAmoWindow(q: Queryable, order: OrderRow, verb: 'modified' | 'cancelled', now: Date): Promise<void> {
    if (order.amo_release_at === null) return;
    const session = await prices.session(order.exchange === 'BFO' ? 'BFO' : 'NFO', now, q);
    // Open: the engine sends it to the exchange on its next pass; it is changed as a regular order then.
    if (session.open) return;
    const window = afterMarketPlacement(session, now);
    if (!('refusal' in window)) return;
    const { code, params } = window.refusal.i18n;
    const again = code === 'order.amo_not_yet' ? { from: String(params.from) } : code === 'order.amo_closed' ? { open_time: String(params.open_time) } : null;
    throw DomainError.said('order_refused', changeRefusalTexts.amoWindow(order.order_id, verb, again, amoWindowMinutes), { field: 'order_id' });
  }

  async function modifyOrder(q: Queryable, account: TradingAccount, orderId: string, changes: OrderChanges): Promise<OrderRow> {
    const now = clock();
    await lockAccount(q, account.id);
    const order = await ownedOrder(q, account.id, orderId, true);
    if (!working.includes(order.status)) {
      throw DomainError.said('order_not_working', changeRefusalTexts.notWorking(orderId, order.status), { field: 'order_id' });
    }
    refuseNoChange(order, changes);
    await refuseOutsideAmoWindow(q, order, 'modified', now);
    if (order.modifications >= maxModifications) {
      throw DomainError.said('modification_limit', changeRefusalTexts.modificationLimit(orderId, maxModifications), { field: 'order_id' });
    }
    const contract = (await contractsByToken(q, [order.instrument_token], now)).get(order.instrument_token)!;
    const orderType = changes.orderType ?? order.order_type;
    if (orderType === 'MARKET' && order.order_type !== 'MARKET') {
      const limitOnly = await paperMarketRefusal(q, account, now);
      if (limitOnly !== null) throw DomainError.said('order_refused', limitOnly, { field: 'order_type' });
    }
    const intent: OrderIntent = {
      exchange: order.exchange,
      tradingsymbol: order.tradingsymbol,
      side: order.transaction_type,
      orderType,
      product: order.product,
      quantity: changes.quantity ?? order.quantity,
      pricePaise: changes.pricePaise ?? Number(order.price_paise),
      triggerPaise: changes.triggerPaise ?? Number(order.trigger_price_paise),
    };
    if (intent.quantity <= order.filled_quantity) {
      throw DomainError.said('validation_failed', changeRefusalTexts.alreadyFilled(order.filled_quantity), { field: 'quantity' });
    }
    const quote = (await prices.quotes([keyOf(contract)], q)).get(keyOf(contract));
    if (quote === undefined) throw DomainError.said('validation_failed', refusalTexts.noPrice(contract.tradingsymbol));
    // A triggered stop-loss already works as a limit order: its trigger no longer matters.
    const triggered = order.status === 'OPEN' && order.order_type === 'SL' && orderType === 'SL';
    const refusal = orderRefusal({ ...intent, orderType: triggered ? 'LIMIT' : orderType, lotSize: contract.lotSize, tickPaise: contract.priceRules.tickPaise, band: contract.priceRules.band }, quote, {
      // An AMO the broker still holds meets the exchange's checks at the open.
      exchangeChecks: order.amo_release_at === null,
    });
    if (refusal !== null) throw DomainError.said('order_refused', refusal, { field: changes.pricePaise !== undefined ? 'price' : undefined });
    const status: OrderStatus = orderType === 'SL' && !triggered ? 'TRIGGER PENDING' : 'OPEN';
    const { rows } = await q.query<OrderRow>(
      `UPDATE paper_orders o SET quantity = $2, price_paise = $3, trigger_price_paise = $4, order_type = $5, status = $6,
         modifications = modifications + 1, updated_at = $7 WHERE id = $1 RETURNING ${orderColumns}`,
      [
        order.id,
        intent.quantity,
        orderType === 'MARKET' ? 0 : intent.pricePaise,
        orderType === 'SL' ? intent.triggerPaise : 0,
        orderType,
        status,
        now,
      ],
    );
    const modified = rows[0]!;
    // A held AMO waits for the open, however marketable it became.
    if (modified.status === 'OPEN' && modified.amo_release_at === null) return applyDecision(q, modified, contract, decide(modified, quote, contract.priceRules.band), now);
    return modified;
  }

  /** Cancels working orders; final ones are answered as they are, so repeating a cancel is harmless. */
  async function cancelOrders(q: Queryable, account: TradingAccount, orderIds: readonly string[], reason: Said = orderTexts.cancelledByYou): Promise<OrderRow[]> {
    const now = clock();
    await lockAccount(q, account.id);
    const answered: OrderRow[] = [];
    for (const orderId of orderIds) {
      const order = await ownedOrder(q, account.id, orderId, true);
      // The trader's own cancel meets the broker's AMO window; the server's (kill switch, expiry) does not wait for it.
      if (working.includes(order.status) && reason === orderTexts.cancelledByYou) await refuseOutsideAmoWindow(q, order, 'cancelled', now);
      answered.push(working.includes(order.status) ? await cancelRow(q, order, reason, now) : order);
    }
    return answered;
  }

  return { modifyOrder, cancelOrders };
}
