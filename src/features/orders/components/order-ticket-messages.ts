import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** The order ticket's words (order-ticket.tsx). */
export const ticketMessages = defineMessages({
  side: { id: 'orders.ticket.side', defaultMessage: 'Buy or sell' },
  lots: { id: 'orders.ticket.lots', defaultMessage: 'Lots' },
  type: { id: 'orders.ticket.type', defaultMessage: 'Order type' },
  product: { id: 'orders.ticket.product', defaultMessage: 'Product' },
  price: { id: 'orders.ticket.price', defaultMessage: 'Limit price (₹)' },
  trigger: { id: 'orders.ticket.trigger', defaultMessage: 'Trigger price (₹)' },
  tickHint: { id: 'orders.ticket.tickHint', defaultMessage: 'In steps of ₹0.05' },
  marginLoading: { id: 'orders.ticket.marginLoading', defaultMessage: 'Working out the margin…' },
  marginFailed: { id: 'orders.ticket.marginFailed', defaultMessage: 'The margin could not be worked out; the broker checks it when the order is sent.' },
  confirm: { id: 'orders.ticket.confirm', defaultMessage: 'Confirm' },
  confirmReplay: { id: 'orders.ticket.confirmReplay', defaultMessage: 'Confirm in replay' },
  back: { id: 'orders.ticket.back', defaultMessage: 'Back' },
  close: { id: 'orders.ticket.close', defaultMessage: 'Close' },
  noPrice: { id: 'orders.ticket.noPrice', defaultMessage: 'No live price yet' },
  short: { id: 'orders.ticket.short', defaultMessage: 'Not enough funds: the broker will reject this order.' },
  killSwitchOn: {
    id: 'orders.ticket.killSwitchOn',
    defaultMessage: 'The kill switch is on for this account: new orders are refused. Close positions from the position book; turn the switch off on the kill switch page.',
  },
});

/** The ticket's sentences, with their values. */
export const ticketText = {
  heading: defineMessage<{ symbol: MessageValue }>({ id: 'orders.ticket.heading', defaultMessage: 'Order ticket: {symbol}' }),
  quantity: defineMessage<{ quantity: MessageValue; lot: MessageValue }>({
    id: 'orders.ticket.quantity',
    defaultMessage: 'Quantity {quantity} ({lot} a lot)',
  }),
  submit: defineMessage<{ side: MessageValue; quantity: MessageValue }>({ id: 'orders.ticket.submit', defaultMessage: '{side} {quantity}' }),
  /** A replay's send button names the replay, so the press itself says where the order goes (issue 39). */
  replaySubmit: defineMessage<{ label: MessageValue }>({ id: 'orders.ticket.replaySubmit', defaultMessage: '{label} in replay' }),
  stale: defineMessage<{ seconds: MessageValue }>({
    id: 'orders.ticket.staleBlocked',
    defaultMessage: 'The last price is {seconds} s old: the order waits for a live price.',
  }),
  review: defineMessage<{ side: MessageValue; quantity: MessageValue; symbol: MessageValue; how: MessageValue; product: MessageValue }>({
    id: 'orders.ticket.review',
    defaultMessage: '{side} {quantity} {symbol} {how}, {product}?',
  }),
  atMarket: defineMessage({ id: 'orders.ticket.atMarket', defaultMessage: 'at market' }),
  atPrice: defineMessage<{ price: MessageValue }>({ id: 'orders.ticket.atPrice', defaultMessage: 'at {price}' }),
  /** The account's broker does not stream the contract (issue 64): its price will never come, so no "yet". */
  notStreamed: defineMessage<{ broker: MessageValue }>({
    id: 'orders.ticket.notStreamed',
    defaultMessage: '{broker} does not stream prices for this contract: it cannot be priced here.',
  }),
  quote: defineMessage<{ last: MessageValue; bid: MessageValue; ask: MessageValue }>({
    id: 'orders.ticket.quote',
    defaultMessage: 'LTP {last} · Bid {bid} · Ask {ask}',
  }),
};
