import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const ivMessages = {
  ...defineMessages({
    title: { id: 'volatility.title', defaultMessage: 'Implied volatility' },
    description: {
    id: 'volatility.description',
    defaultMessage:
      'ATM IV through the day and across days, where today’s IV stands in its range (IV rank, IV percentile), and the smile of an expiry now against earlier, from the prices StrikeDesk records and the bhavcopies imported in Market history.',
  },
    index: { id: 'volatility.index', defaultMessage: 'Index' },
    none: { id: 'volatility.none', defaultMessage: 'None' },
    lookback: { id: 'volatility.lookback', defaultMessage: 'Lookback' },
    day: { id: 'volatility.day', defaultMessage: 'Day' },
    expiry: { id: 'volatility.expiry', defaultMessage: 'Expiry' },
    loading: { id: 'volatility.loading', defaultMessage: 'Reading implied volatility…' },
    failed: { id: 'volatility.failed', defaultMessage: 'Implied volatility could not be loaded.' },
    emptyTitle: { id: 'volatility.emptyTitle', defaultMessage: 'No option prices in market history yet' },
    emptyDemoTitle: { id: 'volatility.emptyDemoTitle', defaultMessage: 'Waiting for the demo market’s first whole minute' },
    emptyDemo: {
      id: 'volatility.emptyDemo',
      defaultMessage:
        'The demo market is open at any hour and StrikeDesk records each of its minutes (simulated prices): the charts start with the first whole one, within two minutes, and are read again every minute. Real prices come from a live Kite or Upstox feed and NSE’s F&O bhavcopies imported in Market history.',
    },
    readAgain: { id: 'volatility.readAgain', defaultMessage: 'Read again now' },
    empty: {
    id: 'volatility.empty',
    defaultMessage:
      'The charts read the option prices StrikeDesk records while the market is open (a live Kite or Upstox feed, or the simulator’s days) and NSE’s F&O bhavcopies imported in Market history.',
  },
    import: { id: 'volatility.import', defaultMessage: 'Import bhavcopies in Market history' },
    standingTitle: { id: 'volatility.standingTitle', defaultMessage: 'Where IV stands' },
    atmIv: { id: 'volatility.atmIv', defaultMessage: 'ATM IV (near month)' },
    ivRank: { id: 'volatility.ivRank', defaultMessage: 'IV rank' },
    ivPercentile: { id: 'volatility.ivPercentile', defaultMessage: 'IV percentile' },
    range: { id: 'volatility.range', defaultMessage: 'Low – high' },
    noRank: { id: 'volatility.noRank', defaultMessage: 'No range' },
    standingSimulated: { id: 'volatility.standingSimulated', defaultMessage: 'Simulated days are ranked among simulated days only.' },
    noStanding: { id: 'volatility.noStanding', defaultMessage: 'IV rank and percentile need at least one earlier day in the lookback.' },
    historyTitle: { id: 'volatility.historyTitle', defaultMessage: 'ATM IV across days' },
    dayTitle: { id: 'volatility.dayTitle', defaultMessage: 'ATM IV through the day' },
    noMinutes: { id: 'volatility.noMinutes', defaultMessage: 'No minute prices of this expiry on this day.' },
    smileTitle: { id: 'volatility.smileTitle', defaultMessage: 'Smile' },
    compare: { id: 'volatility.compare', defaultMessage: 'Against' },
    comparePreviousDay: { id: 'volatility.comparePreviousDay', defaultMessage: 'The previous day' },
    compareMinute: { id: 'volatility.compareMinute', defaultMessage: 'A minute of this day' },
    compareTime: { id: 'volatility.compareTime', defaultMessage: 'Minute (IST)' },
    compareTimeHint: { id: 'volatility.compareTimeHint', defaultMessage: 'A minute of that day’s session' },
    smileNone: { id: 'volatility.smileNone', defaultMessage: 'No prices of this expiry then.' },
    smileSides: { id: 'volatility.smileSides', defaultMessage: 'Each strike’s out-of-the-money side: puts below the index, calls at and above it.' },
    chainLink: { id: 'volatility.chainLink', defaultMessage: 'IV charts' },
  }),
  lookbackDays: defineMessage<{ days: MessageValue }>({ id: 'volatility.lookbackDays', defaultMessage: '{days, select, 30 {1 month} 91 {3 months} 182 {6 months} other {1 year}}' }),
  latestDay: defineMessage<{ date: MessageValue }>({ id: 'volatility.latestDay', defaultMessage: 'Latest ({date})' }),
  standingNote: defineMessage<{ date: MessageValue; days: MessageValue }>({
    id: 'volatility.standingNote',
    defaultMessage:
      'On {date}, against {days, plural, one {# earlier day} other {# earlier days}} of the lookback. IV rank = (IV − lowest) ÷ (highest − lowest); IV percentile = share of those days with a lower IV.',
  }),
  historyNote: defineMessage<{ days: MessageValue; from: MessageValue; to: MessageValue }>({
    id: 'volatility.historyNote',
    defaultMessage: 'Near-month expiry, at each day’s close: {days, plural, one {# day} other {# days}} from {from} to {to}.',
  }),
  historyLabel: defineMessage<{ from: MessageValue; to: MessageValue }>({ id: 'volatility.historyLabel', defaultMessage: 'Near-month ATM IV by day, {from} to {to}' }),
  gapsDays: defineMessage<{ count: MessageValue }>({ id: 'volatility.gapsDays', defaultMessage: '{count, plural, one {# trading day} other {# trading days}} without prices: shown as gaps.' }),
  // `underlying`: index or stock, so a stock's price is not called an index.
  dayNote: defineMessage<{ time: MessageValue; iv: MessageValue; call: MessageValue; put: MessageValue; strike: MessageValue; spot: MessageValue; underlying: 'index' | 'stock' }>({
    id: 'volatility.dayNote',
    defaultMessage: 'Last {time}: {iv} (call {call}, put {put}) at the {strike} strike, {underlying, select, stock {spot} other {index}} {spot}.',
  }),
  dayLabel: defineMessage<{ date: MessageValue; expiry: MessageValue }>({ id: 'volatility.dayLabel', defaultMessage: 'ATM IV by minute on {date}, expiry {expiry}' }),
  gapsMinutes: defineMessage<{ count: MessageValue }>({ id: 'volatility.gapsMinutes', defaultMessage: '{count, plural, one {# minute} other {# minutes}} without prices: shown as gaps.' }),
  settlement: defineMessage<{ iv: MessageValue; strike: MessageValue; spot: MessageValue; underlying: 'index' | 'stock' }>({
    id: 'volatility.settlement',
    defaultMessage: 'At the close (bhavcopy settlement): {iv} at the {strike} strike, {underlying, select, stock {spot} other {index}} {spot}.',
  }),
  smileLabel: defineMessage<{ expiry: MessageValue }>({ id: 'volatility.smileLabel', defaultMessage: 'IV by strike, expiry {expiry}: now (solid) against earlier (dashed)' }),
  smileNow: defineMessage<{ time: MessageValue; source: MessageValue }>({ id: 'volatility.smileNow', defaultMessage: 'Now (solid): {time}, {source}' }),
  // An expiry day's options have too little time left for an IV at any strike: the legend promises no solid line then.
  smileNowUndrawn: defineMessage<{ time: MessageValue; source: MessageValue }>({
    id: 'volatility.smileNowUndrawn',
    defaultMessage: 'Now: {time}, {source}. No line: an IV could be solved at fewer than two strikes from these prices (on its expiry day an option has too little time left for one).',
  }),
  smileLabelEarlierOnly: defineMessage<{ expiry: MessageValue }>({
    id: 'volatility.smileLabelEarlierOnly',
    defaultMessage: 'IV by strike, expiry {expiry}: earlier (dashed) only, now has no IV to draw',
  }),
  smileEarlier: defineMessage<{ time: MessageValue; source: MessageValue }>({ id: 'volatility.smileEarlier', defaultMessage: 'Earlier (dashed): {time}, {source}' }),
  // A stock's empty state: its own title, and when a stock's minutes are recorded (stockRecordedText, shared with open interest).
  emptyStockTitle: defineMessage<{ symbol: MessageValue }>({ id: 'volatility.emptyStockTitle', defaultMessage: 'No option prices of {symbol} stored yet' }),
  stockNote: defineMessage<{ symbol: MessageValue }>({
    id: 'volatility.stockNote',
    defaultMessage: "{symbol} is a stock: its IVs are read at each day's close from its imported bhavcopies (NSE's daily F&O file, Market history), not minute by minute.",
  }),
  stockMinutesNote: defineMessage<{ symbol: MessageValue }>({
    id: 'volatility.stockMinutesNote',
    defaultMessage: "{symbol} is a stock: its minutes are recorded while traders watch it (its chain open, a position or a bot); other days' IVs are read at their close from its imported bhavcopies.",
  }),
};
