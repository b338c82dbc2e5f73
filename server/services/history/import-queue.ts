// How many history imports run at once (each holds its upload and its parsed rows in memory and takes a core
// while read): the rest wait their turn, first come first served, and a trader sees their place in the line
// (GET /api/market-history/imports/queue/). An import holds its place from when its request arrives until its
// last file is stored.

export type ImportPlace = { userId: number; enteredAt: number };

export type ImportQueueState = {
  running: number;
  waiting: number;
  limit: number;
  /** The trader's own imports: 0 for one running, n for the n-th in the line. */
  places: number[];
};

export type ImportQueue = {
  /** Runs `work` once a place is free. */
  run<T>(userId: number, work: () => Promise<T>): Promise<T>;
  state(userId: number): ImportQueueState;
};

export function createImportQueue(limit: number): ImportQueue {
  const running: ImportPlace[] = [];
  const waiting: Array<ImportPlace & { start: () => void }> = [];
  let entered = 0;

  const next = () => {
    while (running.length < limit && waiting.length > 0) {
      const first = waiting.shift()!;
      running.push(first);
      first.start();
    }
  };

  return {
    async run(userId, work) {
      const place: ImportPlace = { userId, enteredAt: (entered += 1) };
      await new Promise<void>((start) => {
        waiting.push({ ...place, start });
        next();
      });
      const mine = running.find((held) => held.enteredAt === place.enteredAt)!;
      try {
        return await work();
      } finally {
        running.splice(running.indexOf(mine), 1);
        next();
      }
    },
    state(userId) {
      const places = [
        ...running.filter((held) => held.userId === userId).map(() => 0),
        ...waiting.flatMap((held, at) => (held.userId === userId ? [at + 1] : [])),
      ];
      return { running: running.length, waiting: waiting.length, limit, places };
    },
  };
}
