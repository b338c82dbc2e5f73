import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** The bots part of the portfolio screen: tabs, cards, actions and what the trader is told. */
export const botMessages = defineMessages({
  tabsLabel: { id: 'portfolios.bots.tabsLabel', defaultMessage: 'Kinds of bot' },
  tradingTab: { id: 'portfolios.bots.tradingTab', defaultMessage: 'Trading bots' },
  dailyTab: { id: 'portfolios.bots.dailyTab', defaultMessage: 'Daily bots' },
  tradingHint: {
    id: 'portfolios.bots.tradingHint',
    defaultMessage: 'Trading bots follow their strategy’s signals through market hours.',
  },
  dailyHint: {
    id: 'portfolios.bots.dailyHint',
    defaultMessage: 'Daily bots enter and exit at set times on the weekdays you choose.',
  },
  newTrading: { id: 'portfolios.bots.newTrading', defaultMessage: 'New trading bot' },
  newDaily: { id: 'portfolios.bots.newDaily', defaultMessage: 'New daily bot' },
  emptyTrading: { id: 'portfolios.bots.emptyTrading', defaultMessage: 'No trading bots yet' },
  emptyDaily: { id: 'portfolios.bots.emptyDaily', defaultMessage: 'No daily bots yet' },
  emptyText: {
    id: 'portfolios.bots.emptyText',
    defaultMessage: 'A bot runs a base strategy, such as a short straddle or an iron condor, with your lots and exits.',
  },
  emptyAction: { id: 'portfolios.bots.emptyAction', defaultMessage: 'Create a bot from a base strategy' },
  loading: { id: 'portfolios.bots.loading', defaultMessage: 'Loading the bots…' },
  loadFailed: { id: 'portfolios.bots.loadFailed', defaultMessage: 'The bots could not be loaded.' },
  strategy: { id: 'portfolios.bots.strategy', defaultMessage: 'Strategy' },
  unknownStrategy: { id: 'portfolios.bots.unknownStrategy', defaultMessage: 'Unknown strategy' },
  underlying: { id: 'portfolios.bots.underlying', defaultMessage: 'Underlying' },
  lots: { id: 'portfolios.bots.lots', defaultMessage: 'Lots' },
  stopLoss: { id: 'portfolios.bots.stopLoss', defaultMessage: 'Stop-loss' },
  target: { id: 'portfolios.bots.target', defaultMessage: 'Target' },
  entry: { id: 'portfolios.bots.entry', defaultMessage: 'Entry' },
  product: { id: 'portfolios.bots.product', defaultMessage: 'Product' },
  schedule: { id: 'portfolios.bots.schedule', defaultMessage: 'Schedule' },
  weekdays: { id: 'portfolios.bots.weekdays', defaultMessage: 'Days' },
  entryWindow: { id: 'portfolios.bots.entryWindow', defaultMessage: 'Entry window' },
  exitAt: { id: 'portfolios.bots.exitAt', defaultMessage: 'Exit by' },
  active: { id: 'portfolios.bots.active', defaultMessage: 'Active' },
  paused: { id: 'portfolios.bots.paused', defaultMessage: 'Paused' },
  stopped: { id: 'portfolios.bots.stopped', defaultMessage: 'Stopped' },
  pause: { id: 'portfolios.bots.pause', defaultMessage: 'Pause' },
  resume: { id: 'portfolios.bots.resume', defaultMessage: 'Resume' },
  deleteConfirm: { id: 'portfolios.bots.deleteConfirm', defaultMessage: 'Delete bot' },
  // Notification titles: formatted by the toaster with the values passed to notify().
  created: { id: 'portfolios.bots.created', defaultMessage: 'Bot “{name}” created' },
  updated: { id: 'portfolios.bots.updated', defaultMessage: 'Bot “{name}” updated' },
  deleted: { id: 'portfolios.bots.deleted', defaultMessage: 'Bot “{name}” deleted' },
  pausedNotice: { id: 'portfolios.bots.pausedNotice', defaultMessage: 'Bot “{name}” paused' },
  resumedNotice: { id: 'portfolios.bots.resumedNotice', defaultMessage: 'Bot “{name}” resumed' },
  pauseFailed: { id: 'portfolios.bots.pauseFailed', defaultMessage: 'Bot “{name}” could not be paused' },
  resumeFailed: { id: 'portfolios.bots.resumeFailed', defaultMessage: 'Bot “{name}” could not be resumed' },
});

export const tabLabel = defineMessage<{ kind: MessageValue; count: MessageValue }>({
  id: 'portfolios.bots.tabLabel',
  defaultMessage: '{kind, select, daily {Daily bots} other {Trading bots}} ({count, number})',
});
export const sectionTitle = defineMessage<{ portfolio: MessageValue }>({
  id: 'portfolios.bots.sectionTitle',
  defaultMessage: 'Bots in “{portfolio}”',
});
export const scheduleText = defineMessage<{ entry: MessageValue; exit: MessageValue }>({
  id: 'portfolios.bots.scheduleText',
  defaultMessage: '{entry} to {exit} IST',
});
export const clockText = defineMessage<{ time: MessageValue }>({
  id: 'portfolios.bots.clockText',
  defaultMessage: '{time} IST',
});
export const lotsText = defineMessage<{ lots: MessageValue }>({
  id: 'portfolios.bots.lotsText',
  defaultMessage: '{lots, plural, one {# lot} other {# lots}}',
});
/** A bot's entry condition on its card, short (the form's summary says it in full: condition-summary.tsx). */
export const entryText = defineMessage<{ kind: MessageValue; time: MessageValue; move: MessageValue; level: MessageValue }>({
  id: 'portfolios.bots.entryText',
  defaultMessage:
    '{kind, select, premium_falls {When the {time} straddle falls {move}} premium_rises {When the {time} straddle rises {move}} premium_crosses_above_vwap {When the {time} straddle crosses above its VWAP} premium_crosses_below_vwap {When the {time} straddle crosses below its VWAP} iv_above {When the ATM IV is above {level, number} %} iv_below {When the ATM IV is below {level, number} %} iv_crosses_above {When the ATM IV crosses above {level, number} %} iv_crosses_below {When the ATM IV crosses below {level, number} %} other {At its entry time}}',
});
export const pauseLabel = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.bots.pauseLabel',
  defaultMessage: 'Pause {name}',
});
export const resumeLabel = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.bots.resumeLabel',
  defaultMessage: 'Resume {name}',
});
export const editLabel = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.bots.editLabel',
  defaultMessage: 'Edit {name}',
});
export const deleteLabel = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.bots.deleteLabel',
  defaultMessage: 'Delete {name}',
});
export const deleteTitle = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.bots.deleteTitle',
  defaultMessage: 'Delete the bot “{name}”?',
});
export const deleteText = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.bots.deleteText',
  defaultMessage:
    '“{name}” stops and is removed from this portfolio. Positions it has open stay open: square them off from the positions screen. This cannot be undone.',
});
