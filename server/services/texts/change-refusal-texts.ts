// The refusals a trader meets changing what is already at the broker: modifying or cancelling an order (final,
// modified too often, nothing to change, outside the after-market window, fewer units than filled) and a
// stop-loss or target that would not reduce its position. Said twice like every trader's text (said.ts):
// the Error answer's English message, and a code in `details.text` the app says in the trader's language.
import { said, type Said } from './said.ts';

/** Why a modification would change nothing: a field the order's type ignores, or the same values. */
export type NothingChanged = { ignored: 'trigger' | 'price' | 'none'; orderType: string };

export const changeRefusalTexts = {
  notWorking: (orderId: string, status: string): Said =>
    said('refusal.order_not_working', { order_id: orderId, status }, `Order ${orderId} is ${status} and can no longer be modified.`),
  modificationLimit: (orderId: string, limit: number): Said =>
    said(
      'refusal.modification_limit',
      { order_id: orderId, limit },
      `Order ${orderId} was already modified ${limit} times, the most an order allows. Cancel it and place a new one.`,
    ),
  nothingToModify: (orderId: string, { ignored, orderType }: NothingChanged): Said => {
    const why = ignored === 'trigger' ? ` (a ${orderType} order takes no trigger price)` : ignored === 'price' ? ' (a MARKET order takes no price)' : '';
    return said(
      'refusal.nothing_to_modify',
      { order_id: orderId, ignored, order_type: orderType },
      `Nothing would change on order ${orderId}${why}: it was not modified, and the modification was not counted.`,
    );
  },
  alreadyFilled: (filled: number): Said =>
    said('refusal.quantity_already_filled', { filled }, `quantity: ${filled} units are already filled; the new quantity must be larger.`),
  /** A held after-market order outside the broker's window for changes; `again` says when it can be. */
  amoWindow: (
    orderId: string,
    verb: 'modified' | 'cancelled',
    again: { from: string } | { open_time: string } | null,
    window: { afterCloseMinutes: number; beforeOpenMinutes: number },
  ): Said => {
    const when =
      again === null
        ? `it can be ${verb} once the broker takes after-market orders again`
        : 'from' in again
          ? `it can be ${verb} from ${again.from} IST`
          : `it goes to the exchange at ${again.open_time} IST and can be ${verb} from then`;
    const params = {
      order_id: orderId,
      verb,
      after_close: window.afterCloseMinutes,
      before_open: window.beforeOpenMinutes,
      again: again === null ? 'later' : 'from' in again ? 'from' : 'at_open',
      time: again === null ? '' : 'from' in again ? again.from : again.open_time,
    };
    return said(
      'refusal.amo_window',
      params,
      `After-market order ${orderId} cannot be ${verb} now: the broker takes changes of after-market orders from ${window.afterCloseMinutes} minutes after the close until ${window.beforeOpenMinutes} minutes before the open; ${when}.`,
    );
  },
  /**
   * `open`: the position's signed quantity (0: none). The side named is the one that reduces it: a long is
   * reduced by a SELL, a short by a BUY. With nothing open the sentence names the contract instead (`side`
   * is then the order's own, kept for the catalogue's older sentence).
   */
  notReducing: (kind: 'stoploss' | 'target', open: number, order: { side: 'BUY' | 'SELL'; tradingsymbol: string; product: string }): Said => {
    const what = kind === 'stoploss' ? 'A stop-loss' : 'A target';
    const side = open > 0 ? 'SELL' : open < 0 ? 'BUY' : order.side;
    const params = { kind, side, most: Math.abs(open), position: open === 0 ? 'none' : open > 0 ? 'long' : 'short', tradingsymbol: order.tradingsymbol, product: order.product };
    const text =
      open === 0
        ? `${what} needs an open position to reduce: there is no open ${order.product} position in ${order.tradingsymbol}.`
        : `${what} must reduce the position (${side} at most ${Math.abs(open)}): the position is ${open > 0 ? 'long' : 'short'} ${Math.abs(open)}.`;
    return said('refusal.not_reducing', params, text);
  },
};
