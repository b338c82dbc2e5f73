/**
 * What the app holds of the trader's open replay (lib/replay/replay-atom.ts): each answer of the server set
 * there, and kept on the device as the last known one, so a reload offline still shows the replay (read-only,
 * marked as last known) on the data it had opened.
 */
import type { Replay } from '@/lib/replay/replay-calls';
import { openReplayAtom } from '@/lib/replay/replay-atom';
import { readSnapshot, saveSnapshot } from '@/lib/persist/snapshot';
import { store } from '@/lib/store';

const snapshotName = 'replay:open';

/**
 * Holds the server's answer. `moved`: the trader moved its clock (start, seek, step, speed, reset), so the
 * desk reads its market again at once (live-feed.ts follows the count).
 */
export function holdReplay(replay: Replay | null, moved: boolean): void {
  const before = store.get(openReplayAtom) ?? null;
  const move = (before?.move ?? 0) + (moved ? 1 : 0);
  store.set(openReplayAtom, replay === null ? null : { replay, readAt: Date.now(), asOf: null, move });
  saveSnapshot(snapshotName, replay);
}

/** The device's last known replay, when the server cannot be asked (offline). */
export async function holdKeptReplay(): Promise<void> {
  const kept = await readSnapshot<Replay | null>(snapshotName);
  if (store.get(openReplayAtom) !== undefined) return;
  const replay = kept?.value ?? null;
  store.set(openReplayAtom, replay === null || kept === null ? null : { replay, readAt: kept.at, asOf: kept.at, move: 0 });
}
