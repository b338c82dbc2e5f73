import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const positionMessages = defineMessages({
  caption: { id: 'positions.table.caption', defaultMessage: 'Positions' },
  instrument: { id: 'positions.table.instrument', defaultMessage: 'Instrument' },
  product: { id: 'positions.table.product', defaultMessage: 'Product' },
  quantity: { id: 'positions.table.quantity', defaultMessage: 'Qty' },
  average: { id: 'positions.table.average', defaultMessage: 'Avg.' },
  ltp: { id: 'positions.table.ltp', defaultMessage: 'LTP' },
  netPnl: { id: 'positions.table.netPnl', defaultMessage: 'Net P&L' },
  grossPnl: { id: 'positions.table.grossPnl', defaultMessage: 'Gross P&L' },
  actions: { id: 'positions.table.actions', defaultMessage: 'Actions' },
  total: { id: 'positions.table.total', defaultMessage: 'Total' },
  closed: { id: 'positions.table.closed', defaultMessage: 'closed' },
  none: { id: 'positions.table.none', defaultMessage: 'No positions today.' },
  unknown: {
    id: 'positions.table.unknown',
    defaultMessage: 'Positions unknown: the broker session has expired. What is shown is the last known state; log in to the broker to see the current one.',
  },
  notLive: { id: 'positions.table.notLive', defaultMessage: 'No live price' },
  notLiveHint: { id: 'positions.table.notLiveHint', defaultMessage: 'No current quote: marked at the price of its last trade, so this P&L is not live.' },
  netNote: { id: 'positions.table.netNote', defaultMessage: 'Net P&L is after brokerage, STT, exchange charges, SEBI fees, GST and stamp duty.' },
  loading: { id: 'positions.loading', defaultMessage: 'Loading positions…' },
  failed: { id: 'positions.failed', defaultMessage: 'Positions could not be loaded, so none are shown.' },
});

/** The labels of the summary tiles Positions and the Position book share: one word for one figure. */
export const summaryMessages = defineMessages({
  realised: { id: 'positions.summary.realised', defaultMessage: 'Realised (gross)' },
  unrealised: { id: 'positions.summary.unrealised', defaultMessage: 'Unrealised (gross)' },
  charges: { id: 'positions.summary.charges', defaultMessage: 'Charges' },
  margin: { id: 'positions.summary.margin', defaultMessage: 'Margin used' },
  marginAvailable: { id: 'positions.summary.marginAvailable', defaultMessage: 'Margin available' },
});

export const marginsText = defineMessage<{ available: MessageValue; used: MessageValue }>({
  id: 'positions.margins',
  defaultMessage: 'Margin available {available} · used {used}',
});

/** Said beside a total that adds up positions whose P&L is not live (position-marks.ts). */
export const notLiveTotalText = defineMessage<{ count: number }>({
  id: 'positions.notLiveTotal',
  defaultMessage: '{count, plural, one {Includes # position without a live price} other {Includes # positions without a live price}}',
});
