// A replay's refusals (issue 39), said twice like every trader's text (said.ts).
import { said, type Said } from './said.ts';

/** A rule a replay's or a backtest's book needs on its days (replay/replay-rules.ts). */
export type ReplayRule = 'charges' | 'margins' | 'lot_size';

export const ruleWords: Record<ReplayRule, string> = {
  charges: 'the charge rates (STT, exchange, SEBI, stamp duty)',
  margins: "the exchange's margin rules",
  lot_size: 'the lot size (the day has no bhavcopy lot size)',
};

export const replayTexts = {
  /** Another replay is open: the app asks the trader before starting this one with `replace`. */
  open: (index: string, day: string): Said =>
    said('replay.open', { index, day }, `You are replaying ${index} on ${day}: end that replay, or confirm to replace it`),
  noHistory: (index: string, day: string): Said =>
    said('replay.no_history', { index, day }, `Market history holds no ${index} option prices and index minutes for ${day} to replay`),
  /** The exchange was closed on the day (its holiday, named as its circular names it) and history holds no trading on it. */
  closedHoliday: (index: string, day: string, holiday: string): Said =>
    said('replay.closed_holiday', { index, day, holiday }, `NSE was closed on ${day} (${holiday}) and market history holds no ${index} trading on it to replay`),
  closedWeekend: (index: string, day: string, weekday: 'saturday' | 'sunday'): Said =>
    said('replay.closed_weekend', { index, day, weekday }, `NSE was closed on ${day} (a ${weekday === 'saturday' ? 'Saturday' : 'Sunday'}) and market history holds no ${index} trading on it to replay`),
  rulesUnknown: (index: string, day: string, rule: ReplayRule, from: string): Said =>
    said('replay.rules_unknown', { index, day, rule, from }, `${index} on ${day} cannot be replayed: the server knows ${ruleWords[rule]} only from ${from}`),
  /** A minute outside the replayed day's session (the day's regular session (09:15–15:40 since 3 August 2026, 15:30 before), or a special session's own hours). */
  outsideSession: (minute: string, day: string, open: string, close: string): Said =>
    said('replay.outside_session', { minute, day, open, close }, `${minute} is outside the session: NSE traded on ${day} from ${open} to ${close}`),
  seekBackward: (minute: string): Said =>
    said('replay.seek_backward', { minute }, `The replay's book has trades up to ${minute}: going back would undo them. Reset the replay to start over`),
  /** One bot per replay. */
  botAttached: (name: string): Said =>
    said('replay.bot_attached', { name }, `The bot ${name} already runs in this replay: reset the replay to run another`),
  botIndex: (underlying: string, index: string): Said =>
    said('replay.bot_index', { underlying, index }, `The bot trades ${underlying}; this replay is of ${index}`),
  /** Another server instance holds the replay's book and cannot be reached yet, or the book is changing hands. */
  moving: (): Said => said('replay.moving', {}, "The replay's book is moving to another server: try again in a second"),
};
