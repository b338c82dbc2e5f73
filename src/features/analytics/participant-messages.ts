import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const participantMessages = {
  ...defineMessages({
    title: { id: 'participants.title', defaultMessage: 'Participants' },
    description: {
      id: 'participants.description',
      defaultMessage: 'Who holds the F&O open interest at each day’s end: clients, DIIs, FIIs and pros, as NSE publishes it. A line above zero is net long, below it net short.',
    },
    loading: { id: 'participants.loading', defaultMessage: 'Reading the participants’ positions…' },
    failed: { id: 'participants.failed', defaultMessage: 'The participants’ positions could not be loaded.' },
    emptyTitle: { id: 'participants.emptyTitle', defaultMessage: 'No participant data imported yet' },
    empty: {
      id: 'participants.empty',
      defaultMessage:
        'NSE publishes each evening who holds the open contracts: download “F&O - Participant wise Open Interest (csv)” (fao_participant_oi_DDMMYYYY.csv) from All Reports, Derivatives, on nseindia.com and import the files in Market history.',
    },
    import: { id: 'participants.import', defaultMessage: 'Import them in Market history' },
    instrument: { id: 'participants.instrument', defaultMessage: 'Net position in' },
    future_index: { id: 'participants.futureIndex', defaultMessage: 'Index futures' },
    option_index_call: { id: 'participants.optionIndexCall', defaultMessage: 'Index calls' },
    option_index_put: { id: 'participants.optionIndexPut', defaultMessage: 'Index puts' },
    participant: { id: 'participants.participant', defaultMessage: 'Participant' },
    net: { id: 'participants.net', defaultMessage: 'Net contracts' },
    change: { id: 'participants.change', defaultMessage: 'Change on the day' },
    noChange: { id: 'participants.noChange', defaultMessage: 'Previous day missing' },
    netLong: { id: 'participants.netLong', defaultMessage: 'net long' },
    netShort: { id: 'participants.netShort', defaultMessage: 'net short' },
    flat: { id: 'participants.flat', defaultMessage: 'flat' },
    from: { id: 'participants.from', defaultMessage: 'From' },
    to: { id: 'participants.to', defaultMessage: 'To' },
    lastYear: { id: 'participants.lastYear', defaultMessage: 'Show the last year' },
    refusedRange: {
      id: 'participants.refusedRange',
      defaultMessage: 'Choose a range of at most a year, its first day on or before its last, or go back to the year up to the last file imported.',
    },
    emptyRange: {
      id: 'participants.emptyRange',
      defaultMessage: 'Other days may have files: go back to the year up to the last file imported, or import this range’s files in Market history.',
    },
  }),
  emptyRangeTitle: defineMessage<{ from: MessageValue; to: MessageValue }>({
    id: 'participants.emptyRangeTitle',
    defaultMessage: 'No participant file imported from {from} to {to}',
  }),
  range: defineMessage<{ from: MessageValue; to: MessageValue; days: MessageValue }>({
    id: 'participants.range',
    defaultMessage: '{from} to {to}, {days, plural, one {# day} other {# days}}.',
  }),
  gaps: defineMessage<{ count: MessageValue }>({
    id: 'participants.gaps',
    defaultMessage: '{count, plural, one {# trading day has} other {# trading days have}} no file: the lines break there.',
  }),
  chartLabel: defineMessage<{ instrument: MessageValue; from: MessageValue; to: MessageValue }>({
    id: 'participants.chartLabel',
    defaultMessage: 'Net contracts in {instrument} by participant, {from} to {to}; the latest figures are in the table below.',
  }),
  latest: defineMessage<{ date: MessageValue }>({ id: 'participants.latest', defaultMessage: 'On {date}' }),
  stockNote: defineMessage<{ symbol: MessageValue }>({
    id: 'participants.stockNote',
    defaultMessage:
      'Participant open interest is market-wide: NSE publishes what FIIs, DIIs, proprietary traders and clients hold across all index and stock F&O, not per stock. There is none for {symbol} alone.',
  }),
};
