import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

/** Labels, hints and rule texts of the bot forms. */
export const botFormMessages = defineMessages({
  createTrading: { id: 'portfolios.botForm.createTrading', defaultMessage: 'New trading bot' },
  createDaily: { id: 'portfolios.botForm.createDaily', defaultMessage: 'New daily bot' },
  strategy: { id: 'portfolios.botForm.strategy', defaultMessage: 'Base strategy' },
  strategyPlaceholder: { id: 'portfolios.botForm.strategyPlaceholder', defaultMessage: 'Choose a strategy…' },
  strategyRequired: { id: 'portfolios.botForm.strategyRequired', defaultMessage: 'Choose the base strategy the bot runs' },
  strategiesLoading: { id: 'portfolios.botForm.strategiesLoading', defaultMessage: 'Loading the base strategies…' },
  strategiesFailed: {
    id: 'portfolios.botForm.strategiesFailed',
    defaultMessage: 'The base strategies could not be loaded, so a bot cannot be set up yet.',
  },
  name: { id: 'portfolios.botForm.name', defaultMessage: 'Bot name' },
  nameHint: { id: 'portfolios.botForm.nameHint', defaultMessage: 'For example “Tuesday NIFTY straddle”' },
  underlying: { id: 'portfolios.botForm.underlying', defaultMessage: 'Underlying index' },
  stockFromAlert: { id: 'portfolios.botForm.stockFromAlert', defaultMessage: 'Stock named in the alert' },
  stockFromAlertNote: {
    id: 'portfolios.botForm.stockFromAlertNote',
    defaultMessage: 'ChartInk or TradingView names F&O stocks; each trades its own contract',
  },
  maxStockPositions: { id: 'portfolios.botForm.maxStockPositions', defaultMessage: 'Stocks held at once' },
  lots: { id: 'portfolios.botForm.lots', defaultMessage: 'Lots per leg' },
  stopLoss: { id: 'portfolios.botForm.stopLoss', defaultMessage: 'Stop-loss (%)' },
  stopLossHint: {
    id: 'portfolios.botForm.stopLossHint',
    defaultMessage: 'Exit when the loss reaches this share of the premium at risk',
  },
  target: { id: 'portfolios.botForm.target', defaultMessage: 'Target (%)' },
  targetHint: { id: 'portfolios.botForm.targetHint', defaultMessage: 'Exit when the profit reaches this share' },
  paramsHeading: { id: 'portfolios.botForm.paramsHeading', defaultMessage: 'Strategy parameters' },
  paramsNone: { id: 'portfolios.botForm.paramsNone', defaultMessage: 'This strategy has no parameters to set.' },
  paramsPick: {
    id: 'portfolios.botForm.paramsPick',
    defaultMessage: 'Choose a base strategy to set its parameters.',
  },
  optionNone: { id: 'portfolios.botForm.optionNone', defaultMessage: 'Not set' },
  scheduleHeading: { id: 'portfolios.botForm.scheduleHeading', defaultMessage: 'Schedule (IST)' },
  entryTime: { id: 'portfolios.botForm.entryTime', defaultMessage: 'Entry time' },
  exitTime: { id: 'portfolios.botForm.exitTime', defaultMessage: 'Exit time' },
  windowHeading: { id: 'portfolios.botForm.windowHeading', defaultMessage: 'Trading day (IST)' },
  windowText: {
    id: 'portfolios.botForm.windowText',
    defaultMessage: 'The bot enters on its signals only inside the entry window, and closes anything still open at the exit time.',
  },
  entryFrom: { id: 'portfolios.botForm.entryFrom', defaultMessage: 'Entries from' },
  entryUntil: { id: 'portfolios.botForm.entryUntil', defaultMessage: 'Entries until' },
  untilBeforeFrom: { id: 'portfolios.botForm.untilBeforeFrom', defaultMessage: '{label} must be after the start of the entry window' },
  exitBeforeUntil: { id: 'portfolios.botForm.exitBeforeUntil', defaultMessage: '{label} must not be before the end of the entry window' },
  weekdays: { id: 'portfolios.botForm.weekdays', defaultMessage: 'Runs on' },
  weekdaysRequired: { id: 'portfolios.botForm.weekdaysRequired', defaultMessage: 'Choose at least one weekday' },
  exitBeforeEntry: { id: 'portfolios.botForm.exitBeforeEntry', defaultMessage: '{label} must be after the entry time' },
  timeFormat: { id: 'portfolios.botForm.timeFormat', defaultMessage: '{label} must be a 24-hour time such as 09:20 or 14:45' },
  aboveMin: { id: 'portfolios.botForm.aboveMin', defaultMessage: '{label} must be greater than {min, number}' },
  belowMax: { id: 'portfolios.botForm.belowMax', defaultMessage: '{label} must be less than {max, number}' },
  multipleOf: { id: 'portfolios.botForm.multipleOf', defaultMessage: '{label} must be a multiple of {step, number}' },
  twoDecimals: { id: 'portfolios.botForm.twoDecimals', defaultMessage: '{label} takes at most two decimals' },
  paperOnly: { id: 'portfolios.botForm.paperOnly', defaultMessage: 'Paper trading only' },
  paperOnlyText: {
    id: 'portfolios.botForm.paperOnlyText',
    defaultMessage: 'Bots on this paper account trade with simulated orders: no real money is at stake.',
  },
  liveTrading: { id: 'portfolios.botForm.liveTrading', defaultMessage: 'Live trading: real money' },
  liveTradingText: {
    id: 'portfolios.botForm.liveTradingText',
    defaultMessage: 'Bots on this account place real orders at the broker, with real money, on their own schedule.',
  },
  create: { id: 'portfolios.botForm.create', defaultMessage: 'Create bot' },
  save: { id: 'portfolios.botForm.save', defaultMessage: 'Save bot' },
});

export const editBotTitle = defineMessage<{ name: MessageValue }>({
  id: 'portfolios.botForm.editTitle',
  defaultMessage: 'Edit “{name}”',
});
export const intoPortfolio = defineMessage<{ portfolio: MessageValue }>({
  id: 'portfolios.botForm.intoPortfolio',
  defaultMessage: 'In the portfolio “{portfolio}”',
});
export const lotsHint = defineMessage<{ min: MessageValue; max: MessageValue }>({
  id: 'portfolios.botForm.lotsHint',
  defaultMessage: '{min, number} to {max, number}, within the index’s freeze limit',
});
export const maxStockPositionsHint = defineMessage<{ min: MessageValue; max: MessageValue }>({
  id: 'portfolios.botForm.maxStockPositionsHint',
  defaultMessage: '{min, number} to {max, number}: one position a stock; an alert’s stocks past this many are left out',
});
export const timeHint = defineMessage<{ open: MessageValue; close: MessageValue }>({
  id: 'portfolios.botForm.timeHint',
  defaultMessage: '24-hour clock, between {open} and {close} IST',
});
/** The hint before the server has said today's session (the price stream's first word). */
export const timeHintNoHours = defineMessage({ id: 'portfolios.botForm.timeHintNoHours', defaultMessage: '24-hour clock, IST' });

/**
 * Which hours the bot will keep, by the account's mode (a bot configured for a backtest has none): today's
 * session as the server says it; a backtest keeps each replayed day's own (15:30 before 3 August 2026).
 */
export const hoursNote = defineMessage<{ mode: MessageValue; open: MessageValue; close: MessageValue }>({
  id: 'portfolios.botForm.hoursNote',
  defaultMessage:
    '{mode, select, live {A live bot trades in the exchange’s session, today {open}–{close} IST; backtests keep each day’s own session.} other {Backtests and a server on exchange hours trade in each day’s session (today {open}–{close} IST); only demo mode trades at any hour.}}',
});
/** The same before the server has said today's session: no hours rather than guessed ones. */
export const hoursNoteNoHours = defineMessage<{ mode: MessageValue }>({
  id: 'portfolios.botForm.hoursNoteNoHours',
  defaultMessage:
    '{mode, select, live {A live bot trades in the exchange’s session; backtests keep each day’s own session.} other {Backtests and a server on exchange hours trade in each day’s session; only demo mode trades at any hour.}}',
});

/** Times the trader set outside today's session, named, with what happens to them. */
export const outsideHoursWarning = defineMessage<{ times: MessageValue; open: MessageValue; close: MessageValue }>({
  id: 'portfolios.botForm.outsideHoursWarning',
  defaultMessage:
    '{times}: outside today’s market hours ({open}–{close} IST). Outside demo mode the server takes such a time only inside a special session of the exchange calendar (Muhurat trading’s hour), and the bot then trades on that session’s day alone; a backtest of any other day never trades at that time (its report says so, day by day).',
});

export const timeOfField = defineMessage<{ field: MessageValue; time: MessageValue }>({ id: 'portfolios.botForm.timeOfField', defaultMessage: '{field} {time}' });

export const liveConfirmationLabel = defineMessage<{ account: MessageValue }>({
  id: 'portfolios.botForm.liveConfirmation',
  defaultMessage: 'Type the account number {account} to let this bot trade real money',
});
export const liveConfirmationHint = defineMessage({
  id: 'portfolios.botForm.liveConfirmationHint',
  defaultMessage: 'Asked each time a live bot is started or what it trades changes. Pausing never asks.',
});
