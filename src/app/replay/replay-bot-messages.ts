import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const replayBotMessages = defineMessages({
  title: { id: 'replay.bot.title', defaultMessage: 'Bot in this replay' },
  none: {
    id: 'replay.bot.none',
    defaultMessage: 'Run a saved bot, or one configured here, on the replayed day: it enters, adjusts and exits as the replayed clock passes its times, on a paper account of the replay’s own (RB1), and its report is the backtest of this day’s.',
  },
  run: { id: 'replay.bot.run', defaultMessage: 'Run a bot' },
  dialogTitle: { id: 'replay.bot.dialogTitle', defaultMessage: 'Run a bot in the replay' },
  dialogDescription: {
    id: 'replay.bot.dialogDescription',
    defaultMessage: 'It starts at the replayed minute: its times already passed are not made up. Your saved bot is copied, never changed, and nothing reaches a broker or your paper account.',
  },
  botRequired: { id: 'replay.bot.botRequired', defaultMessage: 'Choose the bot to run in the replay.' },
  rollDays: { id: 'replay.bot.rollDays', defaultMessage: 'Roll futures (trading days before expiry)' },
  rollDaysHint: {
    id: 'replay.bot.rollDaysHint',
    defaultMessage: 'A future the bot holds is rolled to the next month at the day’s last minute when its expiry is that many trading days away, as its backtest rolls it; 0 lets it expire.',
  },
  rollDaysInvalid: { id: 'replay.bot.rollDaysInvalid', defaultMessage: 'Enter a whole number of trading days from 0 to 10.' },
  start: { id: 'replay.bot.start', defaultMessage: 'Run it in the replay' },
  loading: { id: 'replay.bot.loading', defaultMessage: 'Reading the replay’s bot…' },
  failed: { id: 'replay.bot.failed', defaultMessage: 'The replay’s bot could not be read.' },
  badge: { id: 'replay.bot.badge', defaultMessage: 'Bot · RB1' },
  badgeHint: { id: 'replay.bot.badgeHint', defaultMessage: 'The bot’s own orders and positions, on its paper account in the replay (RB1), apart from yours (RP1)' },
  positions: { id: 'replay.bot.positions', defaultMessage: 'The bot’s positions' },
  actions: { id: 'replay.bot.actions', defaultMessage: 'The bot’s log' },
  noActions: { id: 'replay.bot.noActions', defaultMessage: 'Nothing done yet on the replayed day.' },
  report: { id: 'replay.bot.report', defaultMessage: 'The bot’s report' },
  reportFinal: { id: 'replay.bot.reportFinal', defaultMessage: 'The replayed day has closed: this is the backtest of the day, to the paisa.' },
  reportSoFar: { id: 'replay.bot.reportSoFar', defaultMessage: 'So far: an open trade is valued at the day’s settlement, as a backtest values one still open at its end. Final at the replayed session’s close.' },
  showReport: { id: 'replay.bot.showReport', defaultMessage: 'Show the report so far' },
  hideReport: { id: 'replay.bot.hideReport', defaultMessage: 'Hide the report' },
  reportLoading: { id: 'replay.bot.reportLoading', defaultMessage: 'Reading the bot’s report…' },
  reportFailed: { id: 'replay.bot.reportFailed', defaultMessage: 'The bot’s report could not be read.' },
  stop: { id: 'replay.bot.stop', defaultMessage: 'Stop the bot' },
  stopTitle: { id: 'replay.bot.stopTitle', defaultMessage: 'Stop the bot?' },
  stopText: { id: 'replay.bot.stopText', defaultMessage: 'It exits what it holds at the replayed minute’s prices and enters nothing more in this replay. Its report keeps what it did.' },
});

export const attachedText = defineMessage<{ time: MessageValue }>({ id: 'replay.bot.attached', defaultMessage: 'Running since the replayed {time}' });
export const botNameText = defineMessage<{ name: MessageValue; underlying: MessageValue }>({ id: 'replay.bot.name', defaultMessage: '{name} · {underlying}' });
