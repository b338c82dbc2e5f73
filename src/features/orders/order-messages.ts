import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const sideMessages = defineMessages({
  BUY: { id: 'orders.side.buy', defaultMessage: 'Buy' },
  SELL: { id: 'orders.side.sell', defaultMessage: 'Sell' },
});

export const typeMessages = defineMessages({
  MARKET: { id: 'orders.type.market', defaultMessage: 'Market' },
  LIMIT: { id: 'orders.type.limit', defaultMessage: 'Limit' },
  SL: { id: 'orders.type.sl', defaultMessage: 'Stop-loss (SL)' },
  'SL-M': { id: 'orders.type.slm', defaultMessage: 'SL-M' },
});

export const productMessages = defineMessages({
  MIS: { id: 'orders.product.mis', defaultMessage: 'Intraday (MIS)' },
  NRML: { id: 'orders.product.nrml', defaultMessage: 'Overnight (NRML)' },
  CNC: { id: 'orders.product.cnc', defaultMessage: 'Delivery (CNC)' },
});

export const statusMessages = defineMessages({
  OPEN: { id: 'orders.status.open', defaultMessage: 'Open' },
  'TRIGGER PENDING': { id: 'orders.status.triggerPending', defaultMessage: 'Trigger pending' },
  COMPLETE: { id: 'orders.status.complete', defaultMessage: 'Complete' },
  CANCELLED: { id: 'orders.status.cancelled', defaultMessage: 'Cancelled' },
  REJECTED: { id: 'orders.status.rejected', defaultMessage: 'Rejected' },
});

/** What the trader is told about one order once the broker has it: its final state, not "sent". */
export const outcomeMessages = {
  filled: defineMessage<{ side: MessageValue; quantity: MessageValue; symbol: MessageValue; price: MessageValue }>({
    id: 'orders.outcome.filled',
    defaultMessage: '{side} {quantity} {symbol}: filled at {price}',
  }),
  open: defineMessage<{ side: MessageValue; quantity: MessageValue; symbol: MessageValue; price: MessageValue }>({
    id: 'orders.outcome.open',
    defaultMessage: '{side} {quantity} {symbol}: open, waiting at {price}',
  }),
  triggerPending: defineMessage<{ side: MessageValue; quantity: MessageValue; symbol: MessageValue; price: MessageValue }>({
    id: 'orders.outcome.triggerPending',
    defaultMessage: '{side} {quantity} {symbol}: waiting for the trigger at {price}',
  }),
  rejected: defineMessage<{ side: MessageValue; quantity: MessageValue; symbol: MessageValue; reason: MessageValue }>({
    id: 'orders.outcome.rejected',
    defaultMessage: '{side} {quantity} {symbol}: rejected. {reason}',
  }),
  cancelled: defineMessage<{ side: MessageValue; quantity: MessageValue; symbol: MessageValue; reason: MessageValue }>({
    id: 'orders.outcome.cancelled',
    defaultMessage: '{side} {quantity} {symbol}: cancelled. {reason}',
  }),
  afterMarket: defineMessage<{ side: MessageValue; quantity: MessageValue; symbol: MessageValue }>({
    id: 'orders.outcome.afterMarket',
    defaultMessage: '{side} {quantity} {symbol}: after-market order (AMO), held by the broker and sent to the exchange at the next open (09:15 IST). You can modify or cancel it until then.',
  }),
};

/** The order book's mark on an after-market order still held until the open. */
export const afterMarketBadge = defineMessage({ id: 'orders.book.afterMarket', defaultMessage: 'AMO · at the open' });

export const intentMessages = defineMessages({
  sending: { id: 'orders.intent.sending', defaultMessage: 'Sending to the broker…' },
  checking: { id: 'orders.intent.checking', defaultMessage: 'The answer was lost. Checking the order book…' },
  found: { id: 'orders.intent.found', defaultMessage: 'Found in the order book:' },
  notPlaced: { id: 'orders.intent.notPlaced', defaultMessage: 'Not placed: the order book has no order from this request. You can send it again.' },
  unknown: {
    id: 'orders.intent.unknown',
    defaultMessage: 'The outcome is unknown: neither the answer nor the order book could be read. Check the order book before sending again.',
  },
  nothing: { id: 'orders.intent.nothing', defaultMessage: 'Nothing to do: no open quantity.' },
  offline: { id: 'orders.intent.offline', defaultMessage: 'You are offline: trading is disabled until the connection returns.' },
  noSession: { id: 'orders.intent.noSession', defaultMessage: 'The broker session has expired: log in to the broker again to trade.' },
  noAccount: { id: 'orders.intent.noAccount', defaultMessage: 'Link a paper broker account and log in to it to trade.' },
});
