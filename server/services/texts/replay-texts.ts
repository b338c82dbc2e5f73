// A replay's refusals (issue 39), said twice like every trader's text (said.ts).
import { said, type Said } from './said.ts';

export const replayTexts = {
  /** Another replay is open: the app asks the trader before starting this one with `replace`. */
  open: (index: string, day: string): Said =>
    said('replay.open', { index, day }, `You are replaying ${index} on ${day}: end that replay, or confirm to replace it`),
  noHistory: (index: string, day: string): Said =>
    said('replay.no_history', { index, day }, `Market history holds no ${index} option prices and index minutes for ${day} to replay`),
  outsideSession: (minute: string): Said =>
    said('replay.outside_session', { minute }, `${minute} is outside the session: a replay stands between 09:15 and 15:30`),
  seekBackward: (minute: string): Said =>
    said('replay.seek_backward', { minute }, `The replay's book has trades up to ${minute}: going back would undo them. Reset the replay to start over`),
  /** One bot per replay. */
  botAttached: (name: string): Said =>
    said('replay.bot_attached', { name }, `The bot ${name} already runs in this replay: reset the replay to run another`),
  botIndex: (underlying: string, index: string): Said =>
    said('replay.bot_index', { underlying, index }, `The bot trades ${underlying}; this replay is of ${index}`),
};
