import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { openReplayAtom, replayedAtMs, type HeldReplay } from '@/lib/replay/replay-atom';
import { store } from '@/lib/store';

/**
 * The open replay and its replayed instant now, advanced on this device between the server's answers at the
 * replay's speed (replay-atom.ts): once a second while it plays (a replayed minute a second at 60×); null
 * while no replay is open.
 */
export function useReplayedAt(): { held: HeldReplay; at: number } | null {
  const held = useAtomValue(openReplayAtom, { store }) ?? null;
  const playing = held !== null && held.replay.speed > 0 && !held.replay.at_close && held.asOf === null;
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [playing]);
  return held === null ? null : { held, at: replayedAtMs(held, Math.max(now, held.readAt)) };
}

/**
 * The market's instant for what depends on the time of day (time to expiry, an option's implied volatility):
 * the replayed instant while a replay is open, so a replayed day's payoff is that day's; else `wallNow`.
 */
export function useMarketNow(wallNow: number): number {
  return useReplayedAt()?.at ?? wallNow;
}
