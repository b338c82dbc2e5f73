import { defineMessage, defineMessages, type MessageValue } from 'react-intl';

export const replayMessages = defineMessages({
  entry: { id: 'replay.entry', defaultMessage: 'Replay a day' },
  dialogTitle: { id: 'replay.dialog.title', defaultMessage: 'Replay a past day' },
  dialogDescription: {
    id: 'replay.dialog.description',
    defaultMessage: 'The desk runs on the day’s prices, minute by minute, with a book of its own: nothing reaches a broker or your paper account.',
  },
  day: { id: 'replay.dialog.day', defaultMessage: 'Day' },
  daysLoading: { id: 'replay.dialog.daysLoading', defaultMessage: 'Reading the days market history can replay…' },
  daysFailed: { id: 'replay.dialog.daysFailed', defaultMessage: 'The days to replay could not be read.' },
  noDays: {
    id: 'replay.dialog.noDays',
    defaultMessage: 'Market history holds no day to replay yet: import a day’s bhavcopy and NSE’s index close file (or its index minutes) on the market history screen.',
  },
  start: { id: 'replay.dialog.start', defaultMessage: 'Start at (IST)' },
  speed: { id: 'replay.dialog.speed', defaultMessage: 'Speed' },
  begin: { id: 'replay.dialog.begin', defaultMessage: 'Start the replay' },
  replace: { id: 'replay.dialog.replace', defaultMessage: 'End it and start this one' },
  paused: { id: 'replay.speed.paused', defaultMessage: 'Paused' },
  bar: { id: 'replay.bar.region', defaultMessage: 'Replay controls' },
  speedGroup: { id: 'replay.bar.speedGroup', defaultMessage: 'Replay speed' },
  pause: { id: 'replay.bar.pause', defaultMessage: 'Pause' },
  step: { id: 'replay.bar.step', defaultMessage: '+1 min' },
  stepLabel: { id: 'replay.bar.stepLabel', defaultMessage: 'Step one minute' },
  seek: { id: 'replay.bar.seek', defaultMessage: 'Go to (IST)' },
  seekGo: { id: 'replay.bar.seekGo', defaultMessage: 'Go' },
  reset: { id: 'replay.bar.reset', defaultMessage: 'Reset' },
  end: { id: 'replay.bar.end', defaultMessage: 'End replay' },
  resetTitle: { id: 'replay.reset.title', defaultMessage: 'Reset the replay?' },
  endTitle: { id: 'replay.end.title', defaultMessage: 'End the replay?' },
  endText: { id: 'replay.end.text', defaultMessage: 'Its orders and positions go with it, and the desk returns to today’s market.' },
});

export const dayOptionText = defineMessage<{ date: MessageValue, index: MessageValue, prices: MessageValue }>({ id: 'replay.dialog.dayOption', defaultMessage: '{index} · {date} · {prices}' });
/** A special session's day (Muhurat trading, a Saturday session) in the picker, with the hours it traded. */
export const specialDayOptionText = defineMessage<{ close: MessageValue, date: MessageValue, index: MessageValue, open: MessageValue, prices: MessageValue, session: MessageValue }>({
  id: 'replay.dialog.specialDayOption',
  defaultMessage: '{index} · {date} · {session}, {open}–{close} · {prices}',
});
/** A day of two sessions (the 2024 drills), the market shut between them. */
export const specialDayTwiceOptionText = defineMessage<{ close: MessageValue, date: MessageValue, index: MessageValue, open: MessageValue, pauseFrom: MessageValue, pauseUntil: MessageValue, prices: MessageValue, session: MessageValue }>({
  id: 'replay.dialog.specialDayTwiceOption',
  defaultMessage: '{index} · {date} · {session}, {open}–{pauseFrom} and {pauseUntil}–{close} · {prices}',
});
export const startHintTwiceText = defineMessage<{ close: MessageValue, open: MessageValue, pauseFrom: MessageValue, pauseUntil: MessageValue }>({
  id: 'replay.dialog.startHintTwice',
  defaultMessage: 'A minute of the sessions, {open} to {pauseFrom} or {pauseUntil} to {close}',
});
export const startInvalidTwiceText = defineMessage<{ close: MessageValue, open: MessageValue, pauseFrom: MessageValue, pauseUntil: MessageValue }>({
  id: 'replay.dialog.startInvalidTwice',
  defaultMessage: 'Type a time between {open} and {pauseFrom}, or between {pauseUntil} and {close}.',
});
export const betweenSessionsText = defineMessage<{ until: MessageValue }>({
  id: 'replay.bar.betweenSessions',
  defaultMessage: 'The market is shut between the day’s two sessions: it opens again at {until}.',
});
/** The day's session as the server gives it (15:40 since 3 August 2026, 15:30 before), or a special session's own hours. */
export const startHintText = defineMessage<{ close: MessageValue, open: MessageValue }>({ id: 'replay.dialog.startHint', defaultMessage: 'A minute of the session, {open} to {close}' });
/** No day chosen yet (none listed, or the list still coming): its hours are not known. */
export const startHintNoDayText = defineMessage({ id: 'replay.dialog.startHintNoDay', defaultMessage: 'A minute of the chosen day’s session' });
export const startInvalidText = defineMessage<{ close: MessageValue, open: MessageValue }>({ id: 'replay.dialog.startInvalid', defaultMessage: 'Type a time between {open} and {close}.' });
/** The replay's book waits for its turn to open on the server (Replay.book_place, 1 for next). */
export const bookPlaceText = defineMessage<{ place: MessageValue }>({
  id: 'replay.bar.bookPlace',
  defaultMessage: 'The server is busy: your replay’s book opens when its turn comes (number {place} in line).',
});
export const atCloseText = defineMessage<{ close: MessageValue }>({ id: 'replay.bar.atClose', defaultMessage: 'The replayed session has closed ({close}).' });
export const realPricesText = defineMessage<{ contracts: MessageValue, real: MessageValue }>({ id: 'replay.dialog.realPrices', defaultMessage: 'real option minutes for {real} of {contracts} contracts' });
export const modelledPricesText = defineMessage<{ contracts: MessageValue }>({ id: 'replay.dialog.modelledPrices', defaultMessage: 'option prices modelled from {contracts} settlements' });
/** Issue 62: where a day's prices come from, beside its option prices in the picker and on the replay bar. */
export const indexOhlcText = defineMessage({ id: 'replay.dialog.indexOhlc', defaultMessage: 'index modelled from the day’s open, high, low and close' });
export const indexClosesText = defineMessage({ id: 'replay.dialog.indexCloses', defaultMessage: 'index modelled in a line from the day before’s close' });
export const pricesAndIndexText = defineMessage<{ index: MessageValue, prices: MessageValue }>({ id: 'replay.dialog.pricesAndIndex', defaultMessage: '{prices}; {index}' });
export const samplePricesText = defineMessage<{ contracts: MessageValue }>({
  id: 'replay.dialog.samplePrices',
  defaultMessage: 'sample shipped with StrikeDesk, not market data: {contracts} contracts, prices modelled',
});
export const simulatedPricesText = defineMessage<{ close: MessageValue, contracts: MessageValue, open: MessageValue }>({
  id: 'replay.dialog.simulatedPrices',
  defaultMessage: 'recorded by the demo market {open}–{close}: {contracts} contracts, prices simulated',
});
export const sampleNoteText = defineMessage({ id: 'replay.bar.sampleNote', defaultMessage: 'A sample day shipped with StrikeDesk: its prices are modelled, not market data.' });
export const simulatedNoteText = defineMessage({ id: 'replay.bar.simulatedNote', defaultMessage: 'A day the demo market recorded: its prices are simulated, not market data.' });
export const ohlcNoteText = defineMessage({
  id: 'replay.bar.ohlcNote',
  defaultMessage: 'The index is modelled from the day’s open, high, low and close (NSE publishes no minutes): its path between them is not the day’s.',
});
export const closesNoteText = defineMessage({
  id: 'replay.bar.closesNote',
  defaultMessage: 'The index is modelled in a line from the day before’s close to the day’s: its path is not the day’s.',
});
export const speedValueText = defineMessage<{ speed: MessageValue }>({ id: 'replay.speed.value', defaultMessage: '{speed}×' });
export const speedLabelText = defineMessage<{ speed: MessageValue }>({ id: 'replay.speed.label', defaultMessage: '{speed} replayed minutes a minute' });
export const resetText = defineMessage<{ start: MessageValue }>({ id: 'replay.reset.text', defaultMessage: 'The replay goes back to {start}, paused, and its orders and positions are emptied.' });
