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
    optionsLegend: { id: 'market-history.broker.optionsLegend', defaultMessage: 'Option minutes (optional): one expiry’s calls and puts at each strike' },
    optionExpiry: { id: 'market-history.broker.optionExpiry', defaultMessage: 'Option expiry' },
    lowestStrike: { id: 'market-history.broker.lowestStrike', defaultMessage: 'Lowest strike' },
    highestStrike: { id: 'market-history.broker.highestStrike', defaultMessage: 'Highest strike' },
    strikeStep: { id: 'market-history.broker.strikeStep', defaultMessage: 'Every (₹)' },
    strikesIncomplete: { id: 'market-history.broker.strikesIncomplete', defaultMessage: 'Give the lowest and highest strikes and the step between them, in rupees.' },
    strikesOrder: { id: 'market-history.broker.strikesOrder', defaultMessage: 'The lowest strike must not be above the highest.' },
    strikesTooMany: { id: 'market-history.broker.strikesTooMany', defaultMessage: 'At most 40 strikes a fetch: narrow the range or widen the step.' },
    expiryBeforeFrom: { id: 'market-history.broker.expiryBeforeFrom', defaultMessage: 'The expiry must not come before the first day: its options had expired by then.' },
  }),
  fetchingOptions: defineMessage<{ broker: MessageValue; index: MessageValue; expiry: MessageValue; strikes: MessageValue }>({
    id: 'market-history.broker.fetchingOptions',
    defaultMessage:
      'Fetching from {broker}: {index}’s minutes, then the {expiry} expiry’s calls and puts at {strikes, plural, one {# strike} other {# strikes}}, paced under {broker}’s data limits…',
  }),
  fetchedExpiry: defineMessage<{ candles: MessageValue; contracts: MessageValue; expiry: MessageValue; already: MessageValue }>({
    id: 'market-history.broker.fetchedExpiry',
    defaultMessage:
      'Stored {candles, plural, one {# option minute candle} other {# option minute candles}} of {contracts, plural, one {# contract} other {# contracts}} of the {expiry} expiry{already, plural, =0 {} one {; # contract was already held} other {; # contracts were already held}}.',
  }),
  fetching: defineMessage<{ broker: MessageValue }>({ id: 'market-history.broker.fetching', defaultMessage: 'Fetching from {broker}…' }),
  fetched: defineMessage<{ rows: MessageValue; interval: MessageValue; days: MessageValue; requests: MessageValue }>({
    id: 'market-history.broker.fetched',
    defaultMessage:
      'Stored {interval, select, minute {{rows, plural, one {# minute candle} other {# minute candles}}} other {{rows, plural, one {# daily candle} other {# daily candles}}}} over {days, plural, one {# day} other {# days}}, from {requests, plural, one {# request} other {# requests}}.',
  }),
};
