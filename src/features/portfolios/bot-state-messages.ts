import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** What a bot did and does today (its card), its history of runs, and the pause and resume questions. */
export const botStateMessages = defineMessages({
  today: { id: 'portfolios.botState.today', defaultMessage: 'Today' },
  pnlToday: { id: 'portfolios.botState.pnlToday', defaultMessage: 'Net P&L today' },
  noPnl: { id: 'portfolios.botState.noPnl', defaultMessage: 'No trade yet' },
  pnlUnsettled: { id: 'portfolios.botState.pnlUnsettled', defaultMessage: 'Not settled: the day ended in position' },
  lastAction: { id: 'portfolios.botState.lastAction', defaultMessage: 'Last action' },
  nextAction: { id: 'portfolios.botState.nextAction', defaultMessage: 'Next' },
  noAction: { id: 'portfolios.botState.noAction', defaultMessage: 'None yet' },
  unknown: { id: 'portfolios.botState.unknown', defaultMessage: 'Not known yet' },
  reading: { id: 'portfolios.botState.reading', defaultMessage: 'Reading today’s state…' },
  profit: { id: 'portfolios.botState.profit', defaultMessage: 'profit' },
  loss: { id: 'portfolios.botState.loss', defaultMessage: 'loss' },
  history: { id: 'portfolios.botState.history', defaultMessage: 'History' },
  historyLoading: { id: 'portfolios.botState.historyLoading', defaultMessage: 'Loading the bot’s history…' },
  historyFailed: { id: 'portfolios.botState.historyFailed', defaultMessage: 'The bot’s history could not be loaded.' },
  historyEmpty: { id: 'portfolios.botState.historyEmpty', defaultMessage: 'No runs yet: the history starts on the bot’s first trading day.' },
  historyDescription: {
    id: 'portfolios.botState.historyDescription',
    defaultMessage: 'One run per trading day, newest first (the last 60 days), with each action the bot took.',
  },
  runEntries: { id: 'portfolios.botState.runEntries', defaultMessage: 'Entries' },
  runPnl: { id: 'portfolios.botState.runPnl', defaultMessage: 'Net P&L' },
  runActions: { id: 'portfolios.botState.runActions', defaultMessage: 'Actions' },
  pauseTitle: { id: 'portfolios.botState.pauseTitle', defaultMessage: 'The bot holds a position' },
  keepManaging: { id: 'portfolios.botState.keepManaging', defaultMessage: 'Keep managing the open position until exit' },
  keepManagingText: {
    id: 'portfolios.botState.keepManagingText',
    defaultMessage: 'No new entry; its stop-loss, target and exit time still close the position.',
  },
  exitNow: { id: 'portfolios.botState.exitNow', defaultMessage: 'Exit now' },
  exitNowText: {
    id: 'portfolios.botState.exitNowText',
    defaultMessage: 'The bot squares off its open position at the market right away, then stays paused.',
  },
  resumeConfirm: { id: 'portfolios.botState.resumeConfirm', defaultMessage: 'Resume bot' },
});

export const dayStateMessage = defineMessage<{ state: MessageValue }>({
  id: 'portfolios.botState.dayState',
  defaultMessage:
    '{state, select, waiting {Waiting} in_position {In position} exited {Exited today} stopped {Stopped} paused {Paused} not_today {Not today} missed {Missed} other {Unknown}}',
});

/** The card's words for today (model/day-state-words.ts): after an exit, waiting for the next entry or done. */
export const cardDayStateMessage = defineMessage<{ state: MessageValue }>({
  id: 'portfolios.botState.cardDayState',
  defaultMessage:
    '{state, select, waiting {Waiting} waiting_next {Waiting for its next entry} done {Done for today} in_position {In position} stopped {Stopped} paused {Paused} not_today {Not today} missed {Missed} other {Unknown}}',
});

/** A completed action with its time: "Entered 09:20". */
export const actionDoneMessage = defineMessage<{ action: MessageValue; time: MessageValue }>({
  id: 'portfolios.botState.actionDone',
  defaultMessage:
    '{action, select, enter {Entered {time}} re_enter {Re-entered {time}} exit {Exited {time}} stop_loss {Stop-loss hit {time}} target {Target hit {time}} trailing_stop {Trailing stop hit {time}} leg_stop_loss {Leg stop-loss hit {time}} signal_exit {Exited on signal {time}} condition_exit {Exited on its condition {time}} pause_exit {Exited on pause {time}} other {Acted {time}}}',
});

/** An action by name, for one that has not completed: "Entry failed at 09:20". */
export const actionNameMessage = defineMessage<{ action: MessageValue }>({
  id: 'portfolios.botState.actionName',
  defaultMessage:
    '{action, select, enter {Entry} re_enter {Re-entry} exit {Exit} stop_loss {Stop-loss exit} target {Target exit} trailing_stop {Trailing-stop exit} leg_stop_loss {Leg stop-loss exit} signal_exit {Signal exit} condition_exit {Condition exit} pause_exit {Exit on pause} other {Action}}',
});

export const actionStatusMessage = defineMessage<{ status: MessageValue; action: MessageValue; time: MessageValue }>({
  id: 'portfolios.botState.actionStatus',
  defaultMessage:
    '{status, select, failed {{action} failed at {time}} claimed {{action} under way since {time}} skipped {{action} skipped at {time}} other {{action} done at {time}}}',
});

/**
 * An entry an approve-first bot proposed, as its proposal ended (issue 41): "Entry approved from Chrome on
 * Android at 09:21", "Entry rejected from …", "Entry expired unanswered at 09:22", "Entry refused at …".
 */
export const approvalActionMessage = defineMessage<{ action: MessageValue; status: MessageValue; device: MessageValue; time: MessageValue }>({
  id: 'portfolios.botState.approvalAction',
  defaultMessage:
    '{action, select, re_enter {Re-entry} other {Entry}} {status, select, approved {approved{device, select, none {} other { from {device}}} at {time}} rejected {rejected{device, select, none {} other { from {device}}} at {time}} expired {expired unanswered at {time}} other {refused at {time}}}',
});

/** An action on one leg of the position (a per-leg stop): "Leg stop-loss hit 10:15 · NIFTY26D0125800CE". */
export const legActionMessage = defineMessage<{ action: MessageValue; leg: MessageValue }>({
  id: 'portfolios.botState.legAction',
  defaultMessage: '{action} · {leg}',
});

export const statusWordMessage = defineMessage<{ status: MessageValue }>({
  id: 'portfolios.botState.statusWord',
  defaultMessage: '{status, select, failed {Failed} claimed {Under way} skipped {Skipped} other {Done}}',
});

/** The next scheduled action: what it will be depends on what the bot is doing now. */
export const nextActionMessage = defineMessage<{ state: MessageValue; time: MessageValue }>({
  id: 'portfolios.botState.nextActionAt',
  defaultMessage: '{state, select, in_position {Exits at {time}} waiting {Enters at {time}} other {Acts at {time}}}',
});

/** A trading bot waiting for its signal has no set time: what it waits for, and the window it acts in. */
export const waitingForSignalMessage = defineMessage<{ underlying: MessageValue; from: MessageValue; until: MessageValue }>({
  id: 'portfolios.botState.waitingForSignal',
  defaultMessage: 'Enters on the next {underlying} signal between {from} and {until} IST (checked every minute)',
});

/** A bot trading the stock its alert names (issue 63) waits for an alert, not for a signal of an index. */
export const waitingForStockAlertMessage = defineMessage<{ from: MessageValue; until: MessageValue }>({
  id: 'portfolios.botState.waitingForStockAlert',
  defaultMessage: 'Enters on the next alert naming an F&O stock between {from} and {until} IST',
});

export const historyTitle = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.botState.historyTitle',
  defaultMessage: 'History of “{name}”',
});
export const historyLabel = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.botState.historyLabel',
  defaultMessage: 'History of {name}',
});
export const pauseText = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.botState.pauseText',
  defaultMessage: '“{name}” has an open position. Pausing stops new entries; choose what happens to that position.',
});
export const resumeTitle = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.botState.resumeTitle',
  defaultMessage: 'Resume “{name}”?',
});
export const resumeText = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.botState.resumeText',
  defaultMessage:
    '“{name}” was stopped. Resuming re-enables it: it can enter new positions again at its next entry time or signal, with its stop-loss, target and exit time. It does not reopen positions that were closed.',
});
export const stoppedBecause = defineMessage<{ reason: MessageValue }>({
  id: 'portfolios.botState.stoppedBecause',
  defaultMessage: 'It was stopped because: {reason}',
});
