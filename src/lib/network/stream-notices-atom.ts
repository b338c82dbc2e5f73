/**
 * What the app's price stream says besides prices, for the features that read their data on a timer while no
 * stream tells them when to (issue 37, a desk that pushes): the alerts feed, the kill switches and the shell's
 * banner of broker sessions that ended (`accounts`: any account's `account` notice), the bot cards (`bots`: a
 * bot created, changed, paused, resumed, deleted or stopped, or the engine moved it on). Kept here,
 * not in the market feature that reads the stream, because features never import each other.
 *
 * `open`: a stream is open in this tab (false while polling, paused, or another tab holds the connection: each
 * reader polls as before). `alerts`, `killSwitch`, `accounts` and `bots` move once per burst of their notices, and on every stream
 * opened (what changed while none was open was told to nobody: one read).
 */
import { atom } from 'jotai';

export type StreamNotices = { open: boolean; alerts: number; killSwitch: number; accounts: number; bots: number };

export const streamNoticesAtom = atom<StreamNotices>({ open: false, alerts: 0, killSwitch: 0, accounts: 0, bots: 0 });
