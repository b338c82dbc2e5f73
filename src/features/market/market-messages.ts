import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const marketMessages = defineMessages({
  stripLabel: { id: 'market.strip.label', defaultMessage: 'Indices' },
  stripRegion: { id: 'market.strip.region', defaultMessage: 'Index prices' },
  demo: { id: 'market.demo', defaultMessage: 'Demo market' },
  demoShort: { id: 'market.demoShort', defaultMessage: 'Demo' },
  demoHint: {
    id: 'market.demoHint',
    defaultMessage: 'Simulated prices, open at any hour so you can try everything. Nothing here is a real market price.',
  },
  closed: { id: 'market.closed', defaultMessage: 'Market closed' },
  noPrice: { id: 'market.noPrice', defaultMessage: 'No price yet' },
  delayedOffline: {
    id: 'market.delayedOffline',
    defaultMessage: 'Prices paused while you are offline. The figures shown are as of their age.',
  },
  offlineNoPrices: {
    id: 'market.offlineNoPrices',
    defaultMessage: 'You are offline: prices stop until the connection returns, and any shown are the last kept on this device, each as old as marked. The strikes are those kept for today.',
  },
  closedPrices: {
    id: 'market.closedPrices',
    defaultMessage: 'Market closed: the prices shown are the last close. Orders placed now are after-market orders (AMO), sent to the exchange at the next open.',
  },
  up: { id: 'market.up', defaultMessage: 'up' },
  down: { id: 'market.down', defaultMessage: 'down' },
});

export const unreachableText = defineMessage<{ time: MessageValue }>({
  id: 'market.unreachable',
  defaultMessage: 'No answer from the server since {time} IST: the prices shown are not live, each is as old as marked. Trading is disabled.',
});

export const closedPricesText = defineMessage<{ open: MessageValue }>({
  id: 'market.closedPricesUntil',
  defaultMessage:
    'Market closed: the prices shown are the last close. Orders placed now are after-market orders (AMO), sent to the exchange at the next open, {open} IST.',
});

export const ageText = defineMessage<{ seconds: MessageValue }>({ id: 'market.age', defaultMessage: '{seconds} s old' });
export const ageMinutesText = defineMessage<{ minutes: MessageValue }>({ id: 'market.ageMinutes', defaultMessage: '{minutes} min old' });
/** A price an hour old or more (a last-known copy, kept-quotes.ts): the time it is as of, not a count of minutes. */
export const ageAsOfText = defineMessage<{ time: MessageValue }>({ id: 'market.ageAsOf', defaultMessage: 'as of {time} IST' });
export const delayedText = defineMessage<{ seconds: MessageValue }>({
  id: 'market.delayed',
  defaultMessage: 'Prices delayed: nothing has arrived for {seconds, plural, one {# second} other {# seconds}}. The figures shown are as of their age.',
});

/** Display names of the indices' own instruments, as traders call them. */
export const indexInstruments = [
  { index: 'NIFTY', instrument: 'NSE:NIFTY 50' },
  { index: 'BANKNIFTY', instrument: 'NSE:NIFTY BANK' },
  { index: 'FINNIFTY', instrument: 'NSE:NIFTY FIN SERVICE' },
  { index: 'MIDCPNIFTY', instrument: 'NSE:NIFTY MID SELECT' },
  { index: 'SENSEX', instrument: 'BSE:SENSEX' },
] as const;
