/**
 * What the price stream says of the chosen account's orders (issue 37, a desk that pushes): the server tells
 * each change of one of its orders (`order` events) the moment its broker reports it, so screens showing the
 * order book or positions read them when told, and on a timer only while no stream carries the account.
 *
 * `accountId` is the account the open stream was asked for (null while none is open: polling, paused, or
 * another tab holds the connection). `stamp` moves on every stream opened (a change made while none was open
 * was told to nobody: one read) and once per burst of notices (a basket's legs filling in one pass are one
 * read, not one each).
 */
import { atom, type createStore } from 'jotai';

export type OrderNotices = { accountId: number | null; stamp: number };

export const orderNoticesAtom = atom<OrderNotices>({ accountId: null, stamp: 0 });

/**
 * The account a screen showing orders or positions follows, for the stream to name when the trader chose none
 * (the desk then trades for the first account logged in to its broker); the trader's choice comes first.
 */
export const shownAccountAtom = atom<{ id: number; broker: string } | null>(null);

/** Notices heard within this long of the first are read together (well inside the 300 ms a fill may take to show). */
export const noticeBurstMs = 40;

/** Keeps orderNoticesAtom as the price feed opens streams, hears notices and loses its stream. */
export function followOrderNotices(store: ReturnType<typeof createStore>, setTimer: (run: () => void, ms: number) => unknown = setTimeout) {
  let burst = false;
  const moveStamp = (accountId: number | null) => store.set(orderNoticesAtom, (old) => ({ accountId, stamp: old.stamp + 1 }));
  return {
    /** A stream opened for this account (null: none named). */
    opened: (accountId: number | null) => moveStamp(accountId),
    /** The stream told an order change. */
    told: () => {
      if (burst) return;
      burst = true;
      setTimer(() => {
        burst = false;
        moveStamp(store.get(orderNoticesAtom).accountId);
      }, noticeBurstMs);
    },
    /** No stream is open any more. */
    closed: () => store.set(orderNoticesAtom, (old) => (old.accountId === null ? old : { ...old, accountId: null })),
  };
}
