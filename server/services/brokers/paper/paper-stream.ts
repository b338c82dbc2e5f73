// The paper broker's stream (BrokerTrading.subscribe): the simulator's ticks for the instruments a subscriber
// follows, and every change of the account's orders. Ticks come from this instance's market feed, which every
// instance polls on each pass whoever led the tick. Order changes are read back from paper_order_states on
// each pass of the fill engine (paper-trading.ts onTick, every pass on every instance): a fill made by the
// leader, a placement served by another instance and a cancellation alike reach this instance's subscribers,
// each state once and in the order written.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { IndexName } from '../../market/index-config.ts';
import type { MarketFeed } from '../../market/market-feed.ts';
import type { MarketService } from '../../market/market-service.ts';
import type { BrokerListener, BrokerStream, TradingAccount } from '../broker-trading.ts';
import { statesSince } from './order-history.ts';

/**
 * How far back each pass reads: a state is stamped when its change began, and a long transaction may commit
 * it after a later pass has read past that time. States already told are remembered for as long.
 */
const lateCommitMs = 30_000;

/** The followed instruments that a market update moved (their index ticked). */
export function movedInstruments(instruments: readonly string[], indexOf: ReadonlyMap<string, IndexName | null>, moved: ReadonlySet<IndexName>): string[] {
  return instruments.filter((key) => {
    const index = indexOf.get(key);
    return index !== null && index !== undefined && moved.has(index);
  });
}

export type PaperStreamOptions = { db: Database; clock: Clock; market: MarketService; feed: MarketFeed };

export function createPaperStream({ db, clock, market, feed }: PaperStreamOptions) {
  const listeners = new Map<number, Set<BrokerListener>>();
  /** States told, with when they were recorded (forgotten once older than the read-back window). */
  const told = new Map<number, number>();
  let readFrom: Date | null = null;

  /** Tells the subscribers every order state recorded since the last pass; answers how many it told. */
  async function pass(now: Date = clock()): Promise<number> {
    const accountIds = [...listeners.keys()];
    if (accountIds.length === 0) return 0;
    const from = new Date(Math.min(readFrom?.getTime() ?? now.getTime(), now.getTime()) - lateCommitMs);
    readFrom = now;
    let count = 0;
    for (const { stateId, order } of await statesSince(db, accountIds, from)) {
      if (told.has(stateId)) continue;
      told.set(stateId, now.getTime());
      count += 1;
      for (const listener of [...(listeners.get(order.broker_account_id) ?? [])]) listener.onOrder?.(order);
    }
    for (const [stateId, at] of told) if (at < now.getTime() - 2 * lateCommitMs) told.delete(stateId);
    return count;
  }

  async function subscribe(account: TradingAccount, listener: BrokerListener, instruments: readonly string[] = []): Promise<BrokerStream> {
    // Only what changes from now on: states already recorded count as told.
    if (listener.onOrder !== undefined) {
      if (listeners.size === 0) readFrom = clock();
      const now = clock();
      for (const { stateId } of await statesSince(db, [account.id], new Date(now.getTime() - lateCommitMs))) told.set(stateId, now.getTime());
      const own = listeners.get(account.id) ?? new Set<BrokerListener>();
      own.add(listener);
      listeners.set(account.id, own);
    }
    let open = true;
    const indexOf = instruments.length === 0 ? new Map<string, IndexName | null>() : await market.indicesOfInstruments(instruments);
    // Ticks are priced one after the other, so a slow one never overtakes the next.
    let pricing = Promise.resolve();
    const stopTicks =
      listener.onTick === undefined || instruments.length === 0
        ? () => undefined
        : feed.subscribe((update) => {
            const moved = movedInstruments(instruments, indexOf, update.moved);
            if (moved.length === 0) return;
            pricing = pricing
              .then(() => market.quotes(moved, update.states))
              .then((data) => {
                if (open) listener.onTick?.(Object.entries(data).map(([instrument, quote]) => ({ instrument, quote })));
              })
              .catch((error: unknown) => listener.warn?.({ err: error, accountId: account.id }, 'the simulator could not price a tick'));
          });
    return {
      quotes: () => (instruments.length === 0 ? Promise.resolve({}) : market.quotes(instruments)),
      // The simulator says it is alive only by ticking.
      feedAlive: () => false,
      close: () => {
        if (!open) return;
        open = false;
        stopTicks();
        const own = listeners.get(account.id);
        own?.delete(listener);
        if (own?.size === 0) listeners.delete(account.id);
      },
    };
  }

  return { pass, subscribe };
}

export type PaperStream = ReturnType<typeof createPaperStream>;
