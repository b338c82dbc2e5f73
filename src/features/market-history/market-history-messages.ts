import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const marketHistoryMessages = {
  ...defineMessages({
    title: { id: 'market-history.title', defaultMessage: 'Market history' },
    description: {
      id: 'market-history.description',
      defaultMessage: 'The NSE F&O bhavcopies and index minute candles backtests run on. History is shared by every trader: import the exchange files once, and everyone backtests on them.',
    },
    loading: { id: 'market-history.loading', defaultMessage: 'Reading what history covers…' },
    failed: { id: 'market-history.failed', defaultMessage: 'The coverage could not be loaded.' },
    emptyTitle: { id: 'market-history.emptyTitle', defaultMessage: 'No history imported yet' },
    empty: {
      id: 'market-history.empty',
      defaultMessage: 'Download the F&O bhavcopies from NSE (All Reports, Derivatives) and import them below, with its daily index close files (ind_close_all, All Reports, Indices) for each day’s open, high and low, and index minute candles if you have them.',
    },
    coverage: { id: 'market-history.coverage', defaultMessage: 'Coverage' },
    date: { id: 'market-history.date', defaultMessage: 'Day' },
    legend: { id: 'market-history.legend', defaultMessage: 'Legend' },
    legendCovered: { id: 'market-history.legendCovered', defaultMessage: 'Options (and minute candles) imported' },
    legendGap: { id: 'market-history.legendGap', defaultMessage: 'Missing: a trading day without options' },
    legendHoliday: { id: 'market-history.legendHoliday', defaultMessage: 'Holiday: NSE was closed (its circulars)' },
    legendUnknown: { id: 'market-history.legendUnknown', defaultMessage: 'Not known: no NSE holiday list for that year, so a holiday or a gap' },
    legendSimulated: {
      id: 'market-history.legendSimulated',
      defaultMessage: 'Simulated: the server recorded the simulator that day (a replay shows it, no backtest reads it as prices)',
    },
    gap: { id: 'market-history.gap', defaultMessage: 'Missing' },
    unknownDay: { id: 'market-history.unknownDay', defaultMessage: 'Not known' },
    none: { id: 'market-history.none', defaultMessage: 'Nothing' },
    upload: { id: 'market-history.upload', defaultMessage: 'Import files' },
    uploadHint: {
      id: 'market-history.uploadHint',
      defaultMessage: 'Bhavcopies as NSE publishes them (UDiFF BhavCopy_NSE_FO_…csv or its ZIP, or the older foDDMONYYYYbhav.csv), its index close files (ind_close_all_…csv) and participant-wise open interest (fao_participant_oi_…csv) and combined open interest (combineoi_…csv, from which the next day’s F&O ban list is derived), and minute candles as CSV (timestamp, open, high, low, close, in IST). Each file is sent on its own.',
    },
    files: { id: 'market-history.files', defaultMessage: 'Files' },
    minuteIndex: { id: 'market-history.minuteIndex', defaultMessage: 'Index of minute files' },
    minuteIndexHint: { id: 'market-history.minuteIndexHint', defaultMessage: 'Only for minute candles whose file names no index and has no symbol column.' },
    fromFileName: { id: 'market-history.fromFileName', defaultMessage: 'From the file' },
    importButton: { id: 'market-history.importButton', defaultMessage: 'Import' },
    waiting: { id: 'market-history.waiting', defaultMessage: 'Waiting' },
    refused: { id: 'market-history.refused', defaultMessage: 'Refused' },
    failedUpload: { id: 'market-history.failedUpload', defaultMessage: 'Not sent' },
    deleteTitle: { id: 'market-history.deleteTitle', defaultMessage: 'Delete a range' },
    deleteHint: { id: 'market-history.deleteHint', defaultMessage: 'Deletes only the days you imported: days other traders imported stay.' },
    from: { id: 'market-history.from', defaultMessage: 'From' },
    to: { id: 'market-history.to', defaultMessage: 'To' },
    index: { id: 'market-history.index', defaultMessage: 'Index' },
    allIndices: { id: 'market-history.allIndices', defaultMessage: 'All indices' },
    deleteButton: { id: 'market-history.deleteButton', defaultMessage: 'Delete my days' },
    confirmDelete: { id: 'market-history.confirmDelete', defaultMessage: 'Delete this history?' },
    rangeRequired: { id: 'market-history.rangeRequired', defaultMessage: 'Choose the first and the last day.' },
    rangeOrder: { id: 'market-history.rangeOrder', defaultMessage: 'The first day must not come after the last.' },
    kiteTitle: { id: 'market-history.kiteTitle', defaultMessage: 'Fetch from Kite' },
    kiteHint: {
      id: 'market-history.kiteHint',
      defaultMessage: 'Index minute candles from your Kite account’s historical API (the paid historical-data add-on of your Kite Connect app). Kite sends 60 days a request and 3 requests a second: a year takes about three seconds.',
    },
    kiteAccount: { id: 'market-history.kiteAccount', defaultMessage: 'Kite account' },
    kiteButton: { id: 'market-history.kiteButton', defaultMessage: 'Fetch from Kite' },
    kiteLogInFirst: { id: 'market-history.kiteLogInFirst', defaultMessage: 'This account is not logged in to Kite: log in from Broker accounts first.' },
    kiteNoHistoricalData: {
      id: 'market-history.kiteNoHistoricalData',
      defaultMessage: 'Kite refused: this account’s Kite Connect app has no historical-data add-on. Subscribe to it on developers.kite.trade, or import minute candles from CSV above.',
    },
    kiteSessionEnded: { id: 'market-history.kiteSessionEnded', defaultMessage: 'Your Kite session has ended: log in to Kite again from Broker accounts, then fetch again.' },
    kiteRangeTooLong: { id: 'market-history.kiteRangeTooLong', defaultMessage: 'At most 366 days at a time: fetch a longer history a year at a time.' },
  }),
  kiteAccountOption: defineMessage<{ name: MessageValue; number: MessageValue; loggedIn: MessageValue }>({
    id: 'market-history.kiteAccountOption',
    defaultMessage: '{name} ({number}){loggedIn, select, yes {} other {, not logged in}}',
  }),
  kiteFetching: defineMessage<{ requests: MessageValue }>({
    id: 'market-history.kiteFetching',
    defaultMessage: 'Fetching from Kite: {requests, plural, one {# request} other {# requests}}, 3 a second…',
  }),
  kiteFetched: defineMessage<{ rows: MessageValue; days: MessageValue; requests: MessageValue }>({
    id: 'market-history.kiteFetched',
    defaultMessage: 'Stored {rows, plural, one {# minute candle} other {# minute candles}} over {days, plural, one {# day} other {# days}}, from {requests, plural, one {# Kite request} other {# Kite requests}}.',
  }),
  kiteHeld: defineMessage<{ count: MessageValue; days: MessageValue }>({
    id: 'market-history.kiteHeld',
    defaultMessage:
      '{count, plural, one {# day was already held, so Kite’s candles of it were not stored again} other {# days were already held, so Kite’s candles of them were not stored again}}: {days}.',
  }),
  kiteHeldDay: defineMessage<{ day: MessageValue; source: MessageValue }>({
    id: 'market-history.kiteHeldDay',
    defaultMessage: '{day} (from {source, select, file {an uploaded file} other {{source}}})',
  }),
  kiteNoCandles: defineMessage<{ index: MessageValue }>({
    id: 'market-history.kiteNoCandles',
    defaultMessage: 'Kite has no minute candles of {index} in these days (weekends and holidays have none).',
  }),
  tableBytes: defineMessage<{ size: MessageValue }>({ id: 'market-history.tableBytes', defaultMessage: 'History takes {size} on disk, indexes included.' }),
  indexSummary: defineMessage<{ from: MessageValue; to: MessageValue; days: MessageValue; gaps: MessageValue }>({
    id: 'market-history.indexSummary',
    defaultMessage: '{from} to {to}: {days, plural, one {# day} other {# days}}, {gaps, plural, =0 {no gap} one {# gap} other {# gaps}}',
  }),
  indexRows: defineMessage<{ options: MessageValue; candles: MessageValue; optionMinutes: MessageValue; size: MessageValue }>({
    id: 'market-history.indexRows',
    defaultMessage:
      '{options, plural, one {# option row} other {# option rows}}, {candles, plural, one {# minute candle} other {# minute candles}}, {optionMinutes, plural, =0 {no option minutes} one {# option minute candle} other {# option minute candles}}, {size}',
  }),
  indexRecorded: defineMessage<{ minutes: MessageValue; days: MessageValue }>({
    id: 'market-history.indexRecorded',
    defaultMessage: '{minutes, plural, other {# option min}} recorded from a live feed over {days, plural, one {# day} other {# days}}',
  }),
  indexSimulated: defineMessage<{ minutes: MessageValue; days: MessageValue }>({
    id: 'market-history.indexSimulated',
    defaultMessage: '{minutes, plural, other {# option min}} simulated over {days, plural, one {# day} other {# days}}',
  }),
  holiday: defineMessage<{ name: MessageValue }>({ id: 'market-history.holiday', defaultMessage: 'Holiday: {name}' }),
  specialSession: defineMessage<{ name: MessageValue; open: MessageValue; close: MessageValue }>({
    id: 'market-history.specialSession',
    defaultMessage: 'Special session: {name}, {open}–{close} IST',
  }),
  specialSessionTwice: defineMessage<{ name: MessageValue; open: MessageValue; close: MessageValue; secondOpen: MessageValue; secondClose: MessageValue }>({
    id: 'market-history.specialSessionTwice',
    defaultMessage: 'Special session: {name}, {open}–{close} and again {secondOpen}–{secondClose} IST',
  }),
  monthSummary: defineMessage<{ month: MessageValue; days: MessageValue; gaps: MessageValue; holidays: MessageValue }>({
    id: 'market-history.monthSummary',
    defaultMessage:
      '{month}: {days, plural, one {# day} other {# days}}, {gaps, plural, =0 {no gap} one {# gap} other {# gaps}}{holidays, plural, =0 {} one {, # holiday} other {, # holidays}}',
  }),
  cellOptions: defineMessage<{ rows: MessageValue }>({ id: 'market-history.cellOptions', defaultMessage: '{rows, plural, one {# option} other {# options}}' }),
  cellMinutes: defineMessage<{ candles: MessageValue }>({ id: 'market-history.cellMinutes', defaultMessage: '{candles, plural, other {# min}}' }),
  cellOptionMinutes: defineMessage<{ candles: MessageValue }>({ id: 'market-history.cellOptionMinutes', defaultMessage: '{candles, plural, other {# option min}}' }),
  cellRecordedMinutes: defineMessage<{ candles: MessageValue }>({
    id: 'market-history.cellRecordedMinutes',
    defaultMessage: '{candles, plural, other {# option min recorded}}',
  }),
  cellSimulatedMinutes: defineMessage<{ candles: MessageValue }>({
    id: 'market-history.cellSimulatedMinutes',
    defaultMessage: '{candles, plural, other {# option min simulated}}',
  }),
  cellNoOptions: defineMessage({ id: 'market-history.cellNoOptions', defaultMessage: 'no options' }),
  uploading: defineMessage<{ percent: MessageValue }>({ id: 'market-history.uploading', defaultMessage: 'Sending {percent}' }),
  progressLabel: defineMessage<{ file: MessageValue }>({ id: 'market-history.progressLabel', defaultMessage: 'Upload of {file}' }),
  batchProgressLabel: defineMessage<{ total: MessageValue }>({ id: 'market-history.batchProgressLabel', defaultMessage: 'All {total} files' }),
  queuePlace: defineMessage<{ place: MessageValue; running: MessageValue }>({
    id: 'market-history.queuePlace',
    defaultMessage: 'Waiting for its turn: number {place} in line behind {running, plural, one {# import} other {# imports}} under way.',
  }),
  batchProgress: defineMessage<{ done: MessageValue; total: MessageValue }>({
    id: 'market-history.batchProgress',
    defaultMessage: '{done} of {total} files done',
  }),
  imported: defineMessage<{ days: MessageValue; rows: MessageValue; skipped: MessageValue }>({
    id: 'market-history.imported',
    defaultMessage: 'Imported: {days, plural, one {# day} other {# days}}, {rows, plural, one {# row} other {# rows}} ({skipped} of other instruments left out)',
  }),
  kept: defineMessage<{ count: MessageValue; days: MessageValue }>({
    id: 'market-history.kept',
    defaultMessage:
      'Already imported by another trader, kept exactly as they imported {count, plural, one {it} other {them}}: {days}. Your import is recorded; nothing of theirs changed.',
  }),
  wholeFile: defineMessage<{ reason: MessageValue }>({ id: 'market-history.wholeFile', defaultMessage: 'The file: {reason}' }),
  problem: defineMessage<{ line: MessageValue; reason: MessageValue }>({ id: 'market-history.problem', defaultMessage: 'Line {line}: {reason}' }),
  deleteRange: defineMessage<{ from: MessageValue; to: MessageValue; index: MessageValue }>({
    id: 'market-history.deleteRange',
    defaultMessage: 'The days you imported from {from} to {to} ({index}) will be deleted. Days other traders imported stay.',
  }),
  deleted: defineMessage<{ options: MessageValue; candles: MessageValue; kept: MessageValue }>({
    id: 'market-history.deleted',
    defaultMessage: 'Deleted {options, plural, one {# option row} other {# option rows}} and {candles, plural, one {# minute candle} other {# minute candles}}. {kept, plural, =0 {} one {# row other traders imported stays.} other {# rows other traders imported stay.}}',
  }),
};
