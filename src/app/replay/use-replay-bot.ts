import { useCallback, useEffect, useState } from 'react';
import type { HeldReplay } from '@/lib/replay/replay-atom';
import { getReplayBot, type ReplayBot } from '@/lib/replay/replay-calls';

/** While the replay plays, its bot is read this often: at 60× a replayed minute passes each second. */
export const replayBotReadMs = 3_000;

export type ReplayBotRead = {
  /** undefined until the first answer; null: no bot in this replay. */
  bot: ReplayBot | null | undefined;
  failed: boolean;
  reload: () => void;
  /** An answer the caller already has (attaching answers the bot): held at once, no read needed. */
  hold: (bot: ReplayBot | null) => void;
};

/**
 * The replay's bot as the server says it at the replayed minute (the server runs it: this only reads), so a
 * reload finds it as it was. Read when the replay opens or its clock is moved (start, seek, step, speed,
 * reset: `held.move`), every 3 s while it plays or after a read failed, and once more when it stands at its
 * session's close (the report is final).
 */
export function useReplayBot(held: HeldReplay): ReplayBotRead {
  const { id, speed, at_close: atClose } = held.replay;
  const [read, setRead] = useState<{ id: number; bot: ReplayBot | null } | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [stamp, setStamp] = useState(0);
  const offline = held.asOf !== null;
  const playing = speed > 0 && !atClose && !offline;
  const moved = held.move;

  useEffect(() => {
    if (offline) return;
    let current = true;
    // One read at a time: while the book opens (a minute on a busy server) a read every 3 s piled up in the
    // browser's six connections to the server, and every other request waited behind them (usePolled says more).
    let reading = false;
    const once = () => {
      if (reading) return;
      reading = true;
      getReplayBot(id)
        .finally(() => {
          reading = false;
        })
        .then(
          (bot) => {
            if (!current) return;
            setRead({ id, bot });
            setFailed(false);
          },
          () => current && setFailed(true),
        );
    };
    once();
    // A read that failed (the book's first opening can take seconds on a busy server) is tried again too.
    const timer = playing || failed ? setInterval(once, replayBotReadMs) : undefined;
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [id, playing, failed, atClose, moved, offline, stamp]);

  const reload = useCallback(() => setStamp((value) => value + 1), []);
  const hold = useCallback((bot: ReplayBot | null) => setRead({ id, bot }), [id]);
  // Another replay's bot is never shown for this one (a replay replaced by another).
  return { bot: read?.id === id ? read.bot : undefined, failed, reload, hold };
}
