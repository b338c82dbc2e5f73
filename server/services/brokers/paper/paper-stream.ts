// The paper broker's stream (BrokerTrading.subscribe): the simulator's ticks for the instruments a subscriber
// follows, and every change of the account's orders. Ticks come from this instance's market feed, which every
// instance polls on each pass whoever led the tick. Order changes are read back from paper_order_states on
// each pass of the fill engine (paper-trading.ts onTick, every pass on every instance): a fill made by the
// leader, a placement served by another instance and a cancellation alike reach this instance's subscribers,
// each state once and in the order written.
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { IndexName } from '../../market/index-config.ts';
import type { MarketFeed } from '../../market/market-feed.ts';
import type { MarketService } from '../../market/market-service.ts';
import { lateCommitMs, type BrokerListener, type BrokerOrder, type BrokerStream, type TradingAccount } from '../broker-trading.ts';
import { statesSince } from './order-history.ts';

/** The followed instruments that a market update moved (their index ticked). */
export function movedInstruments(instruments: readonly string[], indexOf: ReadonlyMap<string, IndexName | null>, moved: ReadonlySet<IndexName>): string[] {
  // An index-less (null) or unknown (undefined) instrument is never among the indices that moved.
  return instruments.filter((key) => moved.has(indexOf.get(key) as IndexName));
}

/** What the stream uses of the database, the market (prices and which index moves an instrument) and the feed. */
export type PaperStreamOptions = { db: Queryable; clock: Clock; market: Pick<MarketService, 'quotes' | 'indicesOfInstruments'>; feed: Pick<MarketFeed, 'subscribe'> };

export function createPaperStream({ db, clock, market, feed }: PaperStreamOptions) {
  /** Each account's order subscribers: the listener and its `onOrder`. */
  const listeners = new Map<number, Map<BrokerListener, (order: BrokerOrder) => void>>();
  /** States told, with when they were recorded (forgotten once older than the read-back window, lateCommitMs). */
  const told = new Map<number, number>();
  /** The previous pass's time (the first subscriber's arrival when none is listening). */
  let readFrom = clock();
  /** The instruments each open stream follows (what the market recorder records of the stocks, market-recorder.ts). */
  const following = new Map<symbol, readonly string[]>();

  /** Tells each state read that was not told yet (the read is awaited before any is marked: passes may overlap). */
  function tell(states: Awaited<ReturnType<typeof statesSince>>, now: Date): void {
    for (const { stateId, order } of states) {
      if (told.has(stateId)) continue;
      told.set(stateId, now.getTime());
      for (const onOrder of [...(listeners.get(order.broker_account_id)?.values() ?? [])]) onOrder(order);
    }
  }

  /** Tells the subscribers every order state recorded since the last pass (none without subscribers: statesSince reads nothing). */
  async function pass(now: Date = clock()): Promise<void> {
    const from = new Date(Math.min(readFrom.getTime(), now.getTime()) - lateCommitMs);
    readFrom = now;
    tell(await statesSince(db, [...listeners.keys()], from), now);
    for (const [stateId, at] of told) if (at < now.getTime() - 2 * lateCommitMs) told.delete(stateId);
  }

  /**
   * A change this instance just committed for the account (a placement filled at once, a modification, a
   * cancellation): its subscribers hear it now rather than at the next pass, a tick later (issue 37: a fill on
   * screen within 300 ms). Nothing is read when nobody here listens to the account.
   */
  async function passFor(accountId: number, now: Date = clock()): Promise<void> {
    if (!listeners.has(accountId)) return;
    tell(await statesSince(db, [accountId], new Date(now.getTime() - lateCommitMs)), now);
  }

  async function subscribe(account: TradingAccount, listener: BrokerListener, instruments: readonly string[] = []): Promise<BrokerStream> {
    // Only what changes from now on: states already recorded count as told.
    const { onOrder } = listener;
    if (onOrder !== undefined) {
      if (listeners.size === 0) readFrom = clock();
      const now = clock();
      for (const { stateId } of await statesSince(db, [account.id], new Date(now.getTime() - lateCommitMs))) told.set(stateId, now.getTime());
      const own = listeners.get(account.id) ?? new Map<BrokerListener, (order: BrokerOrder) => void>();
      own.set(listener, onOrder);
      listeners.set(account.id, own);
    }
    let open = true;
    const followedBy = Symbol('stream');
    if (instruments.length > 0) following.set(followedBy, instruments);
    const indexOf = instruments.length === 0 ? new Map<string, IndexName | null>() : await market.indicesOfInstruments(instruments);
    // Ticks are priced one after the other, so a slow one never overtakes the next.
    let pricing = Promise.resolve();
    const { onTick } = listener;
    const stopTicks =
      onTick === undefined || instruments.length === 0
        ? () => undefined
        : feed.subscribe((update) => {
            const moved = movedInstruments(instruments, indexOf, update.moved);
            if (moved.length === 0) return;
            pricing = pricing
              .then(() => market.quotes(moved, update.states))
              .then((data) => {
                if (open) onTick(Object.entries(data).map(([instrument, quote]) => ({ instrument, quote })));
              })
              .catch((error: unknown) => listener.warn?.({ err: error, accountId: account.id }, 'the simulator could not price a tick'));
            return pricing;
          });
    return {
      quotes: () => (instruments.length === 0 ? Promise.resolve({}) : market.quotes(instruments)),
      // The simulator says it is alive only by ticking.
      feedAlive: () => false,
      close: () => {
        if (!open) return;
        open = false;
        following.delete(followedBy);
        stopTicks();
        const own = listeners.get(account.id);
        own?.delete(listener);
        if (own?.size === 0) listeners.delete(account.id);
      },
    };
  }

  /** Every instrument an open stream on this instance follows, once. */
  const followed = (): string[] => [...new Set([...following.values()].flat())];

  return { pass, passFor, subscribe, followed };
}

export type PaperStream = ReturnType<typeof createPaperStream>;
