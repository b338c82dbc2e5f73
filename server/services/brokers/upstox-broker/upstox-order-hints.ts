// What an Upstox order update, by webhook (upstox-webhooks.ts) or on the portfolio stream (upstox-order-stream.ts),
// leads to: one path for both. Neither is signed, so the update only names the order to look at: the order is
// read from Upstox with the account's session (order details), and only Upstox's answer is applied through the
// live core (../live/order-updates.ts: the mirror moves forward once, a final state is told once, the account's
// streams hear the change). The same change hinted by both ways is read twice and recorded once.
import { kiteCalls } from '../../texts/kite-texts.ts';
import type { TradingAccount } from '../broker-trading.ts';
import type { ConfirmedOrder } from '../live/order-postbacks.ts';
import type { OrderUpdates } from '../live/order-updates.ts';
import { UpstoxError } from '../upstox/upstox-errors.ts';
import { getOrderDetails } from '../upstox/upstox-orders.ts';
import type { UpstoxCalls } from './upstox-calls.ts';
import { domainErrorOf } from './upstox-failures.ts';
import { wireOrderOfUpstox } from './upstox-wire.ts';

export function createUpstoxOrderHints({ calls, updates }: { calls: UpstoxCalls; updates: OrderUpdates }) {
  /** The order as Upstox reads it for this account, applied; null when Upstox does not know it for this account. */
  async function confirm(account: TradingAccount, orderId: string): Promise<ConfirmedOrder | null> {
    const confirmed = await calls.withSession(account, (session) => getOrderDetails(session.http, orderId)).catch((error: unknown) => {
      // Upstox does not know this order for this account (UDAPI100010).
      if (error instanceof UpstoxError && error.errorCode === 'UDAPI100010') return null;
      throw domainErrorOf(error, 'read', kiteCalls.orderHistory(orderId)) ?? error;
    });
    if (confirmed === null) return null;
    const changes = await updates.apply(account, [wireOrderOfUpstox(confirmed)]);
    return { status: confirmed.status.toUpperCase(), changed: changes.length > 0 };
  }

  return { confirm };
}

export type UpstoxOrderHints = ReturnType<typeof createUpstoxOrderHints>;
