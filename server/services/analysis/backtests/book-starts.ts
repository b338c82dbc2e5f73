// How many book databases start at once on this instance (issue 61): starting one (paper-book.ts
// openBookDatabase: PGlite's WebAssembly Postgres unpacked from the template) costs seconds of a core. Starts
// beyond one a core but one (the request thread keeps a core) wait their turn in arrival order, and each waiting
// start says its place, which a replay's trader is shown (Replay.book_place) instead of a read that just hangs.
import { availableParallelism } from 'node:os';

type Waiting = { key: string; go: () => void };

export function createStartQueue(slots: number) {
  const waiting: Waiting[] = [];
  let running = 0;

  const next = () => {
    while (running < slots && waiting.length > 0) {
      running += 1;
      waiting.shift()!.go();
    }
  };

  return {
    /** Runs `start` once a slot is free (at once when one is), `key` naming it for `place`. */
    async run<T>(key: string, start: () => Promise<T>): Promise<T> {
      await new Promise<void>((go) => {
        waiting.push({ key, go });
        next();
      });
      try {
        return await start();
      } finally {
        running -= 1;
        next();
      }
    },
    /** The place of `key`'s start in the line (1: next to start), or null when it is not waiting. */
    place(key: string): number | null {
      const at = waiting.findIndex((entry) => entry.key === key);
      return at < 0 ? null : at + 1;
    },
  };
}

/** This instance's book starts: one a core but one, and at least one. */
export const bookStarts = createStartQueue(Math.max(1, availableParallelism() - 1));
