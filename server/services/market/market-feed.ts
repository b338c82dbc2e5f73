// Tells this instance's subscribers (the live price streams) when the market moved. Every instance polls the
// stored index state once a tick, whoever the leader is, so a tick made by another instance reaches this
// instance's streams as surely as its own; the market status is followed the same way. A poll ends once its
// listeners have sent what it told them (each may answer a promise of that), so the market loop can keep the
// rest of its pass (fills, bots, the recorder) from competing with the streams for the event loop and the
// database while a tick is on its way to the desks (issue 61). Polls run one at a time, in the order asked (the
// market loop's pass and a tick's notice may both ask): a read answered late can never tell the streams of a
// tick older than one they already had.
import type { IndexName } from './index-config.ts';
import type { IndexSnapshot, MarketService, MarketStatus } from './market-service.ts';

export type MarketUpdate = {
  states: Map<IndexName, IndexSnapshot>;
  /** Indices whose tick is newer than at the previous update. */
  moved: ReadonlySet<IndexName>;
  /** The status when it changed since the previous update, else null. */
  status: MarketStatus | null;
};

/** Told of an update; may answer a promise settled once it has sent it on (anything else is not waited for). */
export type MarketListener = (update: MarketUpdate) => unknown;

export function createMarketFeed(market: Pick<MarketService, 'readStates' | 'status'>) {
  const listeners = new Set<MarketListener>();
  const lastSeq = new Map<IndexName, number>();
  let lastStatus: string | null = null;
  let last: Promise<unknown> = Promise.resolve();

  /**
   * Reads the stored state and notifies the listeners of what moved; returns the indices that moved, once
   * the listeners have sent it on (a listener's failure is its own: it never fails the poll). After any poll
   * under way.
   */
  function poll(now?: Date): Promise<ReadonlySet<IndexName>> {
    const run = last.then(() => pollNow(now));
    last = run.catch(() => undefined);
    return run;
  }

  async function pollNow(now?: Date): Promise<ReadonlySet<IndexName>> {
    const states = await market.readStates();
    const moved = new Set<IndexName>();
    for (const [name, state] of states) {
      if (lastSeq.get(name) !== state.seq) moved.add(name);
      lastSeq.set(name, state.seq);
    }
    const status = await market.status(now);
    // MIS closing at its cut-off is news too (the ticket and the builder default to NRML from then), and so is a
    // new day, whose hours the app reads from the status.
    const statusKey = `${status.status}/${status.demo}/${status.mis_closed ?? ''}/${status.session?.day ?? ''}`;
    // The first poll only learns the status: every stream's snapshot already carried it.
    const changedStatus = lastStatus === null || statusKey === lastStatus ? null : status;
    lastStatus = statusKey;
    if (moved.size > 0 || changedStatus !== null) {
      const update = { states, moved, status: changedStatus };
      await Promise.allSettled([...listeners].map((listener) => listener(update)));
    }
    return moved;
  }

  function subscribe(listener: MarketListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return { poll, subscribe, subscribers: () => listeners.size };
}

export type MarketFeed = ReturnType<typeof createMarketFeed>;
