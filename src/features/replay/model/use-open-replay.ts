import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { holdKeptReplay, holdReplay } from '@/features/replay/model/hold-replay';
import { getOpenReplay } from '@/lib/replay/replay-calls';
import { openReplayAtom } from '@/lib/replay/replay-atom';
import { store } from '@/lib/store';

/** A playing replay is read again this often: the server's clock is the truth, the device's only follows it. */
const rereadMs = 15_000;

/**
 * Reads the trader's open replay when the signed-in shell mounts (a replay survives a reload: the server holds
 * it), and again every 15 s while it plays and on coming back online. Offline, the device's last known one.
 */
export function useOpenReplay(): void {
  const held = useAtomValue(openReplayAtom, { store });
  const playing = held != null && held.replay.speed > 0 && !held.replay.at_close;
  const kept = held != null && held.asOf !== null;
  useEffect(() => {
    let current = true;
    const read = () =>
      getOpenReplay().then(
        (replay) => current && holdReplay(replay, store.get(openReplayAtom) === undefined || kept),
        () => current && void holdKeptReplay(),
      );
    if (store.get(openReplayAtom) === undefined || kept) void read();
    const timer = playing ? setInterval(() => void read(), rereadMs) : undefined;
    window.addEventListener('online', read);
    return () => {
      current = false;
      clearInterval(timer);
      window.removeEventListener('online', read);
    };
  }, [playing, kept]);
}
