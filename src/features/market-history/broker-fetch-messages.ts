import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** The Market history screen's "Fetch from Dhan, Shoonya or Flattrade" panel: an index's candles into history. */
export const brokerFetchMessages = {
  ...defineMessages({
    title: { id: 'market-history.broker.title', defaultMessage: 'Fetch from Dhan, Shoonya or Flattrade' },
    hint: {
      id: 'market-history.broker.hint',
      defaultMessage:
        'An index’s one-minute or daily candles from your logged-in account’s historical data (Dhan: its Data API plan; Shoonya and Flattrade: NIFTY and BANKNIFTY). Minutes are stored as minute candles, days as the index’s open, high, low and close. At most 366 days a fetch; fetching again changes nothing.',
    },
    account: { id: 'market-history.broker.account', defaultMessage: 'Account' },
    interval: { id: 'market-history.broker.interval', defaultMessage: 'Candles' },
    minute: { id: 'market-history.broker.minute', defaultMessage: 'One-minute' },
    day: { id: 'market-history.broker.day', defaultMessage: 'Daily' },
    button: { id: 'market-history.broker.button', defaultMessage: 'Fetch candles' },
    logInFirst: { id: 'market-history.broker.logInFirst', defaultMessage: 'This account is not logged in to its broker: log in from Broker accounts first.' },
  }),
  fetching: defineMessage<{ broker: MessageValue }>({ id: 'market-history.broker.fetching', defaultMessage: 'Fetching from {broker}…' }),
  fetched: defineMessage<{ rows: MessageValue; interval: MessageValue; days: MessageValue; requests: MessageValue }>({
    id: 'market-history.broker.fetched',
    defaultMessage:
      'Stored {interval, select, minute {{rows, plural, one {# minute candle} other {# minute candles}}} other {{rows, plural, one {# daily candle} other {# daily candles}}}} over {days, plural, one {# day} other {# days}}, from {requests, plural, one {# request} other {# requests}}.',
  }),
};
