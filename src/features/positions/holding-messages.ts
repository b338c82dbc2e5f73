import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** The words of the delivered holdings, their sale or buy-back (issue 63) and the trades made. */
export const holdingMessages = {
  ...defineMessages({
    title: { id: 'positions.holdings.title', defaultMessage: 'Delivered shares' },
    noPrice: { id: 'positions.holdings.noPrice', defaultMessage: 'No price now' },
    note: {
      id: 'positions.holdings.note',
      defaultMessage: 'Shares received or delivered at expiry. Sell them, or buy back the shares owed, as an equity delivery (CNC) order on NSE at the stock’s price.',
    },
    sell: { id: 'positions.holdings.sell', defaultMessage: 'Sell' },
    buyBack: { id: 'positions.holdings.buyBack', defaultMessage: 'Buy back' },
    quantity: { id: 'positions.holdings.quantity', defaultMessage: 'Shares' },
    orderType: { id: 'positions.holdings.orderType', defaultMessage: 'Order type' },
    market: { id: 'positions.holdings.market', defaultMessage: 'Market' },
    limit: { id: 'positions.holdings.limit', defaultMessage: 'Limit' },
    limitPrice: { id: 'positions.holdings.limitPrice', defaultMessage: 'Limit price (₹)' },
    cancel: { id: 'positions.holdings.cancel', defaultMessage: 'Cancel' },
    badPrice: { id: 'positions.holdings.badPrice', defaultMessage: 'Enter a price in rupees, to the paisa.' },
    tradesTitle: { id: 'positions.holdings.tradesTitle', defaultMessage: 'Delivered shares traded' },
  }),
  sellTitle: defineMessage<{ symbol: MessageValue }>({ id: 'positions.holdings.sellTitle', defaultMessage: 'Sell {symbol} shares' }),
  buyBackTitle: defineMessage<{ symbol: MessageValue }>({ id: 'positions.holdings.buyBackTitle', defaultMessage: 'Buy back {symbol} shares' }),
  ticketHint: defineMessage({
    id: 'positions.holdings.ticketHint',
    defaultMessage:
      'An equity delivery (CNC) order on NSE that fills now at the stock’s price, or not at all (a limit the price has not reached places nothing). Charged as equity delivery: STT, stamp duty on a purchase, NSE’s and SEBI’s fees, the DP charge on a stock’s first sale of the day, GST.',
  }),
  badQuantity: defineMessage<{ max: MessageValue }>({ id: 'positions.holdings.badQuantity', defaultMessage: 'Enter a whole number of shares from 1 to {max}.' }),
  estimate: defineMessage<{ price: MessageValue; value: MessageValue }>({ id: 'positions.holdings.estimate', defaultMessage: 'At {price} now: {value} before charges' }),
  shares: defineMessage<{ shares: MessageValue; symbol: MessageValue }>({
    id: 'positions.holdings.shares',
    defaultMessage: '{shares, plural, one {Holds # {symbol} share} other {Holds # {symbol} shares}}',
  }),
  owed: defineMessage<{ shares: MessageValue; symbol: MessageValue }>({
    id: 'positions.holdings.owed',
    defaultMessage: '{shares, plural, one {Owes # {symbol} share} other {Owes # {symbol} shares}}',
  }),
  detail: defineMessage<{ average: MessageValue; last: MessageValue; value: MessageValue }>({
    id: 'positions.holdings.detail',
    defaultMessage: 'Cost {average} a share · now {last} · value {value}',
  }),
  sold: defineMessage<{ shares: MessageValue; symbol: MessageValue; price: MessageValue }>({
    id: 'positions.holdings.sold',
    defaultMessage: '{shares, plural, one {Sold # {symbol} share at {price}} other {Sold # {symbol} shares at {price}}}',
  }),
  boughtBack: defineMessage<{ shares: MessageValue; symbol: MessageValue; price: MessageValue }>({
    id: 'positions.holdings.boughtBack',
    defaultMessage: '{shares, plural, one {Bought back # {symbol} share at {price}} other {Bought back # {symbol} shares at {price}}}',
  }),
  tradeDetail: defineMessage<{ average: MessageValue; pnl: MessageValue; charges: MessageValue }>({
    id: 'positions.holdings.tradeDetail',
    defaultMessage: 'Cost {average} a share · P&L {pnl} · charges {charges}',
  }),
};
