import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** The Market history screen's "Fetch from Upstox" panel: an expired expiry's option minutes into history. */
export const upstoxFetchMessages = {
  ...defineMessages({
    title: { id: 'market-history.upstox.title', defaultMessage: 'Fetch from Upstox' },
    hint: {
      id: 'market-history.upstox.hint',
      defaultMessage:
        'The one-minute candles of an expired expiry’s options, with the index’s minutes of the same days, from your Upstox account (its expired-instrument APIs, an Upstox Plus feature). A backtest of those days fills at these real prices. At most 31 finished days a fetch; a day already fetched is never asked for again.',
    },
    account: { id: 'market-history.upstox.account', defaultMessage: 'Upstox account' },
    expiry: { id: 'market-history.upstox.expiry', defaultMessage: 'Expiry' },
    strikes: { id: 'market-history.upstox.strikes', defaultMessage: 'Strikes around the money' },
    button: { id: 'market-history.upstox.button', defaultMessage: 'Fetch from Upstox' },
    logInFirst: { id: 'market-history.upstox.logInFirst', defaultMessage: 'This account is not logged in to Upstox: log in from Broker accounts first.' },
    sessionEnded: { id: 'market-history.upstox.sessionEnded', defaultMessage: 'Your Upstox session has ended: log in to Upstox again from Broker accounts, then fetch again.' },
    rangeTooLong: { id: 'market-history.upstox.rangeTooLong', defaultMessage: 'At most 31 days at a time: fetch a longer history a month at a time.' },
    expiryRequired: { id: 'market-history.upstox.expiryRequired', defaultMessage: 'Choose the expiry whose options to fetch.' },
    expiryBeforeFrom: { id: 'market-history.upstox.expiryBeforeFrom', defaultMessage: 'The expiry must not come before the first day: its options had expired by then.' },
  }),
  strikesAround: defineMessage<{ count: MessageValue }>({
    id: 'market-history.upstox.strikesAround',
    defaultMessage: 'The day’s range ± {count}',
  }),
  strikesAll: defineMessage<{ count: MessageValue }>({
    id: 'market-history.upstox.strikesAll',
    defaultMessage: 'The day’s range ± {count} (the widest)',
  }),
  fetching: defineMessage<{ index: MessageValue; expiry: MessageValue }>({
    id: 'market-history.upstox.fetching',
    defaultMessage: 'Fetching from Upstox: {index}’s minutes, then each contract of the {expiry} expiry, at most 50 requests a second…',
  }),
  fetchedExpiry: defineMessage<{ candles: MessageValue; contracts: MessageValue; expiry: MessageValue; already: MessageValue }>({
    id: 'market-history.upstox.fetchedExpiry',
    defaultMessage:
      'Stored {candles, plural, one {# option minute candle} other {# option minute candles}} of {contracts, plural, one {# contract} other {# contracts}} of the {expiry} expiry{already, plural, =0 {} one {; # contract was already held} other {; # contracts were already held}}.',
  }),
  fetchedIndex: defineMessage<{ rows: MessageValue; days: MessageValue; requests: MessageValue }>({
    id: 'market-history.upstox.fetchedIndex',
    defaultMessage:
      '{rows, plural, =0 {The index’s minutes were already held} one {Stored # index minute candle} other {Stored # index minute candles}}{days, plural, =0 {} one { over # day} other { over # days}}; {requests, plural, one {# request} other {# requests}} to Upstox.',
  }),
};
