import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

// Each choice says what it does in a trader's words, as Kite's and Sensibull's order tickets do.
export const tradeDefaultsMessages = defineMessages({
  description: {
    id: 'settings.tradeDefaultsDescription',
    defaultMessage: 'What a new order starts from. You can still change any of it on the order ticket.',
  },
  product: { id: 'settings.tradeDefaults.product', defaultMessage: 'Product' },
  mis: { id: 'settings.tradeDefaults.mis', defaultMessage: 'MIS · intraday' },
  misHint: {
    id: 'settings.tradeDefaults.misHint',
    defaultMessage: 'Lower margin. Open MIS positions are squared off automatically at the broker’s cut-off, shortly before the close (the day’s time is on the Market facts screen).',
  },
  nrml: { id: 'settings.tradeDefaults.nrml', defaultMessage: 'NRML · overnight' },
  nrmlHint: {
    id: 'settings.tradeDefaults.nrmlHint',
    defaultMessage: 'Full margin. Positions carry over to the next day, until you exit or they expire.',
  },
  orderType: { id: 'settings.tradeDefaults.orderType', defaultMessage: 'Order type' },
  market: { id: 'settings.tradeDefaults.market', defaultMessage: 'Market' },
  marketHint: {
    id: 'settings.tradeDefaults.marketHint',
    defaultMessage: 'Fills at once at the best price available; in a fast market that price can slip.',
  },
  limit: { id: 'settings.tradeDefaults.limit', defaultMessage: 'Limit' },
  limitHint: {
    id: 'settings.tradeDefaults.limitHint',
    defaultMessage: 'Fills only at your price or better, and waits in the order book until then.',
  },
  lots: { id: 'settings.tradeDefaults.lots', defaultMessage: 'Quantity in lots' },
  index: { id: 'settings.tradeDefaults.index', defaultMessage: 'Default index' },
  indexHint: {
    id: 'settings.tradeDefaults.indexHint',
    defaultMessage: 'The index the order ticket and the option chain open on.',
  },
  confirm: { id: 'settings.tradeDefaults.confirm', defaultMessage: 'Confirm before placing an order' },
  confirmHint: {
    id: 'settings.tradeDefaults.confirmHint',
    defaultMessage: 'Review the order in a last step before it is sent. Recommended, especially on a phone.',
  },
  save: { id: 'settings.tradeDefaults.save', defaultMessage: 'Save defaults' },
  saved: { id: 'settings.tradeDefaults.saved', defaultMessage: 'Trade defaults saved' },
});

export const lotsHint = defineMessage<{ min: MessageValue; max: MessageValue }>({
  id: 'settings.tradeDefaults.lotsHint',
  defaultMessage: 'From {min, number} to {max, number}. The order quantity is lots × the index’s lot size.',
});
