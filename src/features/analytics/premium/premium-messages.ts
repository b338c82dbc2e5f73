import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const premiumMessages = {
  ...defineMessages({
    title: { id: 'premium.title', defaultMessage: 'Strategy premium' },
    description: {
    id: 'premium.description',
    defaultMessage: 'The combined premium of a strategy’s legs as candles, minute by minute, from the prices StrikeDesk recorded or imported.',
  },
    loading: { id: 'premium.loading', defaultMessage: 'Reading the legs’ prices…' },
    failed: { id: 'premium.failed', defaultMessage: 'The strategy’s premium could not be loaded.' },
    noLegsTitle: { id: 'premium.noLegsTitle', defaultMessage: 'Choose a strategy to chart' },
    noLegs: {
    id: 'premium.noLegs',
    defaultMessage: 'Open this chart from the option chain (its ATM straddle) or from the strategy builder (its legs).',
  },
    openChain: { id: 'premium.openChain', defaultMessage: 'Open the option chain' },
    openBuilder: { id: 'premium.openBuilder', defaultMessage: 'Open the strategy builder' },
    emptyTitle: { id: 'premium.emptyTitle', defaultMessage: 'No minute where every leg has a price' },
    empty: {
    id: 'premium.empty',
    defaultMessage: 'Market history holds prices of these legs in this range, but never of all of them in the same minute. Choose another day, or import the missing leg’s minutes in Market history.',
  },
    noPricesTitle: { id: 'premium.noPricesTitle', defaultMessage: 'No recorded prices for these legs yet' },
    noPricesPastTitle: { id: 'premium.noPricesPastTitle', defaultMessage: 'No prices for these legs in this range' },
    noPricesRetry: { id: 'premium.noPricesRetry', defaultMessage: 'Read again now' },
    noPricesAnyLeg: { id: 'premium.noPricesAnyLeg', defaultMessage: 'A leg has no recorded or imported price in this range.' },
    noPricesToday: {
      id: 'premium.noPricesToday',
      defaultMessage: 'The chart starts with the first whole minute StrikeDesk records while the market is open; it is read again every minute.',
    },
    noPricesDemoTitle: { id: 'premium.noPricesDemoTitle', defaultMessage: 'Waiting for the demo market’s first whole minute' },
    noPricesTodayDemo: {
      id: 'premium.noPricesTodayDemo',
      defaultMessage:
        'The demo market is open at any hour and StrikeDesk records each of its minutes (simulated prices): the chart starts with the first whole one, within two minutes, and is read again every minute.',
    },
    noPricesUnwatchedTitle: { id: 'premium.noPricesUnwatchedTitle', defaultMessage: 'StrikeDesk does not record these legs' },
    noPricesUnwatched: {
      id: 'premium.noPricesUnwatched',
      defaultMessage:
        'Each minute it records the listed strikes of each index’s nearest and monthly expiries; to chart this leg, import its minutes in Market history.',
    },
    noPricesPast: { id: 'premium.noPricesPast', defaultMessage: 'Choose another day, or import that day’s minutes or bhavcopy in Market history.' },
    credit: { id: 'premium.credit', defaultMessage: 'Credit collected (sold legs added)' },
    debit: { id: 'premium.debit', defaultMessage: 'Net debit (bought legs minus sold legs; below zero, a net credit)' },
    legsLabel: { id: 'premium.legsLabel', defaultMessage: 'Legs' },
    applyStrikes: { id: 'premium.applyStrikes', defaultMessage: 'Chart these strikes' },
    day: { id: 'premium.day', defaultMessage: 'Day' },
    days: { id: 'premium.days', defaultMessage: 'Days' },
    interval: { id: 'premium.interval', defaultMessage: 'Candle' },
    intervalDay: { id: 'premium.intervalDay', defaultMessage: '1 day' },
    overlays: { id: 'premium.overlays', defaultMessage: 'Overlays' },
    vwap: { id: 'premium.vwap', defaultMessage: 'VWAP' },
    vwapDayCandles: { id: 'premium.vwapDayCandles', defaultMessage: 'VWAP restarts each day: a day candle has no VWAP line to draw. Choose minute candles to see it.' },
    sma: { id: 'premium.sma', defaultMessage: 'SMA' },
    ema: { id: 'premium.ema', defaultMessage: 'EMA' },
    superTrend: { id: 'premium.superTrend', defaultMessage: 'SuperTrend' },
    multiplier: { id: 'premium.multiplier', defaultMessage: 'SuperTrend multiplier' },
    openPremium: { id: 'premium.openPremium', defaultMessage: 'Premium chart' },
  }),
  noPrices: defineMessage<{ contract: MessageValue; position: MessageValue; from: MessageValue; to: MessageValue; oneDay: string }>({
    id: 'premium.noPrices',
    defaultMessage: '{contract} (leg {position}) has no recorded or imported price {oneDay, select, yes {on {from}} other {from {from} to {to}}}.',
  }),
  leg: defineMessage<{ side: MessageValue; lots: MessageValue; index: MessageValue; strike: MessageValue; type: MessageValue; expiry: MessageValue }>({
    id: 'premium.leg',
    defaultMessage: '{side, select, BUY {Buy} other {Sell}} {lots, plural, one {# lot} other {# lots}} {index} {strike, number} {type} {expiry}',
  }),
  strike: defineMessage<{ position: MessageValue }>({ id: 'premium.strike', defaultMessage: 'Strike of leg {position}' }),
  daysOption: defineMessage<{ count: MessageValue }>({ id: 'premium.daysOption', defaultMessage: '{count, plural, one {# day} other {# days}}' }),
  intervalOption: defineMessage<{ minutes: MessageValue }>({ id: 'premium.intervalOption', defaultMessage: '{minutes, plural, one {# minute} other {# minutes}}' }),
  range: defineMessage<{ from: MessageValue; to: MessageValue; count: MessageValue }>({ id: 'premium.range', defaultMessage: '{from} to {to}, {count, plural, one {# candle} other {# candles}}' }),
  gaps: defineMessage<{ count: MessageValue }>({
    id: 'premium.gaps',
    defaultMessage: '{count, plural, one {# minute} other {# minutes}} where a leg had no price: left as gaps, never filled.',
  }),
  fills: defineMessage<{ count: MessageValue }>({ id: 'premium.fills', defaultMessage: '{count, plural, one {# of your fills} other {# of your fills}} on these legs marked.' }),
  fillMark: defineMessage<{ side: MessageValue; type: MessageValue; price: MessageValue }>({ id: 'premium.fillMark', defaultMessage: '{side, select, BUY {B} other {S}} {type} {price}' }),
  period: defineMessage<{ overlay: MessageValue }>({ id: 'premium.period', defaultMessage: '{overlay} period' }),
  chartLabel: defineMessage<{ legs: MessageValue; from: MessageValue; to: MessageValue }>({ id: 'premium.chartLabel', defaultMessage: 'Candles of the combined premium of {legs}, {from} to {to}' }),
  picking: defineMessage<{ symbol: MessageValue }>({ id: 'premium.picking', defaultMessage: "Finding {symbol}'s at-the-money straddle…" }),
  pickNoPrices: defineMessage<{ symbol: MessageValue }>({
    id: 'premium.pickNoPrices',
    defaultMessage: 'Market history holds no option prices of {symbol} yet: import its days (NSE’s F&O bhavcopy) in Market history.',
  }),
  pickFailed: defineMessage<{ symbol: MessageValue }>({ id: 'premium.pickFailed', defaultMessage: "{symbol}'s straddle could not be found. Try again." }),
  stockNote: defineMessage<{ symbol: MessageValue }>({
    id: 'premium.stockNote',
    defaultMessage: '{symbol} is a stock: its options are in market history by their daily bhavcopies, so its premium is charted in day candles.',
  }),
  stockMinutesNote: defineMessage<{ symbol: MessageValue }>({
    id: 'premium.stockMinutesNote',
    defaultMessage: "{symbol} is a stock: its minutes are recorded while traders watch it (its chain open, a position or a bot); on other days its premium is charted from its daily bhavcopies, in day candles.",
  }),
};
