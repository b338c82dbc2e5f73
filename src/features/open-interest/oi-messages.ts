import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const oiMessages = {
  ...defineMessages({
    title: { id: 'oi.title', defaultMessage: 'Open interest' },
    description: {
      id: 'oi.description',
      defaultMessage: 'OI and its change by strike through the day and across days, the expiry’s OI profile against the day before, PCR and max pain, from the prices StrikeDesk records and the files you import.',
    },
    loading: { id: 'oi.loading', defaultMessage: 'Reading open interest…' },
    failed: { id: 'oi.failed', defaultMessage: 'Open interest could not be loaded.' },
    emptyTitle: { id: 'oi.emptyTitle', defaultMessage: 'No open interest stored for this index yet' },
    emptyDemoTitle: { id: 'oi.emptyDemoTitle', defaultMessage: 'Waiting for the demo market’s first whole minute' },
    emptyDemo: {
      id: 'oi.emptyDemo',
      defaultMessage:
        'The demo market is open at any hour and StrikeDesk records each of its minutes (simulated open interest): the chart starts with the first whole one, within two minutes, and is read again every minute. Real open interest comes from a live feed, option candles fetched from Upstox and NSE’s F&O bhavcopies imported in Market history.',
    },
    readAgain: { id: 'oi.readAgain', defaultMessage: 'Read again now' },
    empty: {
      id: 'oi.empty',
      defaultMessage:
        'Open interest comes from the minutes StrikeDesk records while a live feed (or the demo market) runs, from option candles fetched from Upstox, and from NSE’s F&O bhavcopies imported in Market history.',
    },
    import: { id: 'oi.import', defaultMessage: 'Import bhavcopies in Market history' },
    day: { id: 'oi.day', defaultMessage: 'Day' },
    expiry: { id: 'oi.expiry', defaultMessage: 'Expiry' },
    interval: { id: 'oi.interval', defaultMessage: 'Every' },
    strikes: { id: 'oi.strikes', defaultMessage: 'Strikes on the chart' },
    addStrike: { id: 'oi.addStrike', defaultMessage: 'Add a strike' },
    addStrikeNone: { id: 'oi.addStrikeNone', defaultMessage: 'Choose…' },
    view: { id: 'oi.view', defaultMessage: 'Chart' },
    intraday: { id: 'oi.intraday', defaultMessage: 'Through the day' },
    daily: { id: 'oi.daily', defaultMessage: 'Across days' },
    figure: { id: 'oi.figure', defaultMessage: 'Show' },
    oi: { id: 'oi.oi', defaultMessage: 'OI' },
    change: { id: 'oi.change', defaultMessage: 'OI change' },
    pcr: { id: 'oi.pcr', defaultMessage: 'PCR' },
    maxPain: { id: 'oi.maxPain', defaultMessage: 'Max pain' },
    calls: { id: 'oi.calls', defaultMessage: 'Calls, OI (lakh)' },
    puts: { id: 'oi.puts', defaultMessage: 'Puts, OI (lakh)' },
    strike: { id: 'oi.strike', defaultMessage: 'Strike' },
    noMinutes: {
      id: 'oi.noMinutes',
      defaultMessage: 'No minutes of this expiry are stored for the day (a bhavcopy gives only the day’s end): see the profile below, or the chart across days.',
    },
    noPrevious: { id: 'oi.noPrevious', defaultMessage: 'not stored: no change is shown' },
    showAll: { id: 'oi.showAll', defaultMessage: 'Show every strike' },
    showAround: { id: 'oi.showAround', defaultMessage: 'Show the strikes around max pain' },
    short_bhavcopy: { id: 'oi.short.bhavcopy', defaultMessage: 'bhavcopy' },
    short_upstox: { id: 'oi.short.upstox', defaultMessage: 'Upstox' },
    short_kite: { id: 'oi.short.kite', defaultMessage: 'Kite' },
    short_dhan: { id: 'oi.short.dhan', defaultMessage: 'Dhan' },
    short_shoonya: { id: 'oi.short.shoonya', defaultMessage: 'Shoonya' },
    short_flattrade: { id: 'oi.short.flattrade', defaultMessage: 'Flattrade' },
    short_recorded: { id: 'oi.short.recorded', defaultMessage: 'recorded' },
    short_simulated: { id: 'oi.short.simulated', defaultMessage: 'simulated' },
    dailyLoading: { id: 'oi.dailyLoading', defaultMessage: 'Reading the expiry’s days…' },
    refusedDay: {
      id: 'oi.refusedDay',
      defaultMessage:
        'Open interest is kept for the days StrikeDesk recorded (a live feed or the demo market), fetched from Upstox or imported from NSE’s bhavcopy. Open the latest day to choose among them.',
    },
    refusedExpiry: { id: 'oi.refusedExpiry', defaultMessage: 'Open the day’s nearest expiry, then choose among the expiries stored that day.' },
    refusedStrikesTitle: { id: 'oi.refusedStrikesTitle', defaultMessage: 'These strikes cannot be charted' },
    latestDay: { id: 'oi.latestDay', defaultMessage: 'Open the latest day' },
    latestDayName: { id: 'oi.latestDayName', defaultMessage: 'the latest day' },
    nearestExpiry: { id: 'oi.nearestExpiry', defaultMessage: 'Open the nearest expiry' },
    defaultStrikes: { id: 'oi.defaultStrikes', defaultMessage: 'Chart the default strikes' },
  }),
  // A stock's minutes are recorded only while traders watch it (watched-stocks.ts), so the demo market's "first
  // whole minute within two" would not come for one nobody watches: its empty state says when they are recorded.
  emptyStockTitle: defineMessage<{ symbol: MessageValue }>({ id: 'oi.emptyStockTitle', defaultMessage: 'No open interest of {symbol} stored yet' }),
  emptyStock: defineMessage<{ symbol: MessageValue }>({
    id: 'oi.emptyStock',
    defaultMessage:
      '{symbol} is a stock: its minutes are recorded while traders watch it (its chain open, a position or a bot), and its days come from NSE’s F&O bhavcopies imported in Market history.',
  }),
  refusedDayTitle: defineMessage<{ index: MessageValue; date: MessageValue }>({ id: 'oi.refusedDayTitle', defaultMessage: 'No open interest of {index} is stored for {date}' }),
  refusedExpiryTitle: defineMessage<{ index: MessageValue; expiry: MessageValue; date: MessageValue }>({
    id: 'oi.refusedExpiryTitle',
    defaultMessage: 'No open interest of the {index} {expiry} expiry is stored for {date}',
  }),
  minutes: defineMessage<{ count: MessageValue }>({ id: 'oi.minutes', defaultMessage: '{count, plural, one {# minute} other {# minutes}}' }),
  dayOption: defineMessage<{ date: MessageValue; sources: MessageValue }>({ id: 'oi.dayOption', defaultMessage: '{date} ({sources})' }),
  previous: defineMessage<{ date: MessageValue; source: MessageValue }>({ id: 'oi.previous', defaultMessage: 'Changes are from the end of {date} ({source}).' }),
  gaps: defineMessage<{ count: MessageValue }>({
    id: 'oi.gaps',
    defaultMessage: '{count, plural, one {# point has} other {# points have}} nothing stored: the lines break there.',
  }),
  strikeName: defineMessage<{ strike: MessageValue; type: MessageValue }>({ id: 'oi.strikeName', defaultMessage: '{strike} {type}' }),
  removeStrike: defineMessage<{ strike: MessageValue }>({ id: 'oi.removeStrike', defaultMessage: 'Remove {strike}' }),
  oiChartLabel: defineMessage<{ figure: MessageValue; strikes: MessageValue; expiry: MessageValue; day: MessageValue }>({
    id: 'oi.oiChartLabel',
    defaultMessage: '{figure} of the {strikes} calls and puts, {expiry} expiry, {day}.',
  }),
  figuresChartLabel: defineMessage<{ expiry: MessageValue; day: MessageValue }>({ id: 'oi.figuresChartLabel', defaultMessage: 'PCR and max pain of the {expiry} expiry, {day}.' }),
  profileTitle: defineMessage<{ date: MessageValue }>({ id: 'oi.profileTitle', defaultMessage: 'OI profile at the end of {date}' }),
  profileVersus: defineMessage<{ date: MessageValue }>({ id: 'oi.profileVersus', defaultMessage: 'Outlined: the end of {date}.' }),
  previousFigures: defineMessage<{ date: MessageValue; figures: MessageValue }>({ id: 'oi.previousFigures', defaultMessage: '({date}: {figures})' }),
  figures: defineMessage<{ pcr: MessageValue; maxPain: MessageValue }>({ id: 'oi.figures', defaultMessage: 'PCR {pcr} · Max pain {maxPain}' }),
  range: defineMessage<{ from: MessageValue; to: MessageValue; days: MessageValue }>({
    id: 'oi.range',
    defaultMessage: '{from} to {to}, {days, plural, one {# trading day} other {# trading days}}.',
  }),
};
