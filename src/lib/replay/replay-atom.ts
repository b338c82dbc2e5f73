/**
 * The trader's open replay (issue 39), as the server last answered it, and the replayed clock read from it.
 * The server keeps no timer: a replay's instant is its anchor plus the time since times its speed, so the app
 * advances the answer it holds the same way between reads (the server's word wins at each read). While a
 * replay is open the desk's data layer reads the replay instead of the market (live-feed.ts, the chain's
 * facts, the trading and position calls), so every screen shows the replayed minute without a copy of itself.
 * jotai/vanilla: the price feed, in the first visit's entry, reads it.
 */
import { atom } from 'jotai/vanilla';
import type { components } from '@openapi/main';
import { store } from '@/lib/store';

type Replay = components['schemas']['Replay'];

export type HeldReplay = {
  replay: Replay;
  /** When it was answered (epoch ms, this device's clock). */
  readAt: number;
  /** Set when this is the device's last-known copy (offline): when it was read. */
  asOf: number | null;
  /** Counts the trader's moves of its clock (start, seek, step, speed, reset): the desk reads again at each. */
  move: number;
};

/** Undefined until the server (or the device's copy) has said whether a replay is open. */
export const openReplayAtom = atom<HeldReplay | null | undefined>(undefined);

/**
 * The close of a replayed day's session, where playing stops, as the server gave it: that day's regular close
 * (15:30 IST before 3 August 2026, 15:40 since) or a special session's own (19:00 for a Muhurat session). A
 * replay kept on the device from before the server said its session: the end of its IST day (the server's next
 * answer holds it at the close).
 */
export function replayCloseMs(replay: Pick<Replay, 'day'> & { session?: Replay['session'] | undefined }): number {
  // IST is UTC+05:30 all year.
  const close = replay.session?.close;
  return close === undefined ? Date.parse(`${replay.day}T00:00:00+05:30`) + 24 * 60 * 60 * 1000 : Date.parse(`${replay.day}T${close}:00+05:30`);
}

/** The replayed instant at `wallNow`: the answer's, advanced at its speed since it was read, held at the session's close. */
export function replayedAtMs(held: HeldReplay, wallNow: number): number {
  const at = Date.parse(held.replay.at);
  if (held.replay.speed === 0 || held.asOf !== null) return at;
  return Math.min(replayCloseMs(held.replay), at + Math.max(0, wallNow - held.readAt) * held.replay.speed);
}

/** The open replay, or null (none, or not known yet). */
export function openReplay(): Replay | null {
  return store.get(openReplayAtom)?.replay ?? null;
}

/**
 * How old a quote is, in the time a trader waits: live, the time since its timestamp; in a replay, the replayed
 * time since its (replayed) timestamp divided by the speed, so a quote read a second ago at 60× is a second
 * old, not a minute, and a paused replay's quotes stay fresh.
 */
export function quoteAgeMs(timestamp: string, wallNow: number): number {
  const held = store.get(openReplayAtom) ?? null;
  if (held === null) return wallNow - Date.parse(timestamp);
  return Math.max(0, (replayedAtMs(held, wallNow) - Date.parse(timestamp)) / Math.max(1, held.replay.speed));
}
