// The status messages StrikeDesk itself writes on orders (cancellations it made, orders it did not send), in
// English and as codes (said.ts). The exchange's refusals live with their rules (brokers/paper/order-rules.ts).
import { formatPaise, toRupees } from '../brokers/paper/paise.ts';
import { istClock } from '../market/ist.ts';
import { said, type Said } from './said.ts';

/** An order of an intent that was never sent, with why. */
export function notSent(reason: Said): Said {
  return said('order.not_sent', { reason: reason.i18n }, `Not sent: ${reason.text}`);
}

export const orderTexts = {
  cancelledByYou: said('order.cancelled_by_you', {}, 'Cancelled by you.'),
  cancelledExpired: said('order.cancelled_expired', {}, 'Cancelled: the contract expired.'),
  cancelledBeforeSquareOff: said('order.cancelled_before_square_off', {}, 'Cancelled before the position was squared off.'),
  cancelledByKillSwitch: said('order.cancelled_kill_switch', {}, 'Cancelled by the kill switch.'),
  cancelledPositionClosed: said('order.cancelled_position_closed', {}, 'Cancelled: the position it protected is closed.'),
  notFilledInTime: said('order.cancelled_not_filled_in_time', {}, 'Not filled in time: the bot does not chase the price.'),
  basketRefused: said('order.basket_refused', {}, 'Not sent: an earlier order of this basket was refused.'),
  autosliceMissing: said('order.autoslice_missing', {}, 'Not placed: Kite made no order for this slice of the autosliced order. Check the order book before placing it again.'),
  portfolioDeleted: said('order.portfolio_deleted', {}, 'Its portfolio was deleted.'),
  cancelledReplaced: said('order.cancelled_replaced', {}, 'Cancelled to be placed again at a new price: the broker takes no more modifications of this order (re-pricing).'),
  amoNotChosen: said(
    'order.amo_not_chosen',
    {},
    'Markets are closed, and this broker places an order now only as an after-market order (AMO), held until the next open. Choose "After market order" to place it as one, or place it when the market opens.',
  ),
  amoTimeNotTaken: said(
    'order.amo_time_not_taken',
    {},
    'This broker takes no time for an after-market order: leave "AMO time" out. Only Dhan lets an AMO go at the pre-open, at the open, or 30 or 60 minutes after it.',
  ),
  amoTimeWithoutAmo: said('order.amo_time_without_amo', {}, 'An AMO time is for an after-market order: choose "After market order" too, or leave the time out.'),
  /** An AMO of a paper account on a live feed quiet out of hours: held for the open, checked on the feed's last price. */
  amoHeldOnLastPrice: (openTime: string, openDay: string, lastPaise: number): Said =>
    said(
      'order.amo_held_last_price',
      { open_time: openTime, open_day: openDay, last: toRupees(lastPaise) },
      `Market closed: held as an after-market order (AMO) until the next open (${openTime} IST on ${openDay}). Checked on the feed's last price (${formatPaise(lastPaise)}); it fills at the prices of the open.`,
    ),
  nothingLeftToClose: said('order.nothing_left_to_close', {}, 'Not placed: the position is already closed, or another exit working on it closes it.'),
} as const;

/** A stop-loss or target cancelled because its partner filled. */
export function cancelledOco(filled: 'stoploss' | 'target'): Said {
  const what = filled === 'stoploss' ? 'its stop-loss' : 'its target';
  return said('order.cancelled_oco', { filled }, `Cancelled: ${what} filled (one cancels the other).`);
}

/** Why an entry is refused while the account's kill switch is on. */
export function killSwitchText(accountNumber: string, armedAt: Date): Said {
  const since = istClock(armedAt);
  return said(
    'order.kill_switch_on',
    { account: accountNumber, since },
    `The kill switch of account ${accountNumber} is on since ${since} IST: new orders are blocked until you turn it off. Exits still work.`,
  );
}

/** What the kill switch closed of an entry acknowledged after it armed (late-kill.ts): counts of orders. */
export type LateKill = { cancelled: number; filled: number; unfilled: number };

/** An entry the kill switch armed against on its way to the broker, closed at once: what that did. */
export function lateKillText({ cancelled, filled, unfilled }: LateKill): Said {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const parts = [`${plural(cancelled, 'working order', 'working orders')} cancelled`, `${plural(filled, 'exit', 'exits')} filled`];
  if (unfilled > 0) parts.push(`${plural(unfilled, 'exit', 'exits')} not filled: close what is left yourself`);
  return said(
    'kill_switch.late_closed',
    { cancelled, filled, unfilled },
    `The kill switch was turned on while this was being placed, so everything was closed at once: ${parts.join(', ')}.`,
  );
}
