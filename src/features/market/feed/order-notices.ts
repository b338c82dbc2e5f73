/**
 * What the price stream says of the chosen account (issue 37, a desk that pushes): the server tells each
 * change of one of its orders (`order` events) the moment its broker reports it, and each other change the desk
 * used to notice only by reading again (`notice` events of topic `account`: its broker session ended, expired
 * or opened again, positions settled at expiry), so screens showing the order book or positions read them
 * when told, and on a timer only while no stream carries the account. The trader's alerts and kill switches
 * are told the same way (`alerts`, `kill_switch`), and so are their bots' changes (`bots`), into lib's
 * streamNoticesAtom for the features that read them.
 *
 * `accountId` is the account the open stream was asked for (null while none is open: polling, paused, or
 * another tab holds the connection). `stamp` moves on every stream opened (a change made while none was open
 * was told to nobody: one read) and once per burst of notices (a basket's legs filling in one pass are one
 * read, not one each).
 */
import { atom, type createStore } from 'jotai';
import { streamNoticesAtom } from '@/lib/network/stream-notices-atom';
import type { StreamNotice } from '@/features/market/feed/price-feed';

export type OrderNotices = { accountId: number | null; stamp: number };

export const orderNoticesAtom = atom<OrderNotices>({ accountId: null, stamp: 0 });

/**
 * The account a screen showing orders or positions follows, for the stream to name when the trader chose none
 * (the desk then trades for the first account logged in to its broker); the trader's choice comes first.
 */
export const shownAccountAtom = atom<{ id: number; broker: string } | null>(null);

/** Notices heard within this long of the first are read together (well inside the 300 ms a fill may take to show). */
export const noticeBurstMs = 40;

type Topic = 'orders' | 'alerts' | 'killSwitch' | 'accounts' | 'bots';

/** Keeps orderNoticesAtom and streamNoticesAtom as the price feed opens streams, hears notices and loses its stream. */
export function followOrderNotices(store: ReturnType<typeof createStore>, setTimer: (run: () => void, ms: number) => unknown = setTimeout) {
  const moveOrders = () => store.set(orderNoticesAtom, (old) => ({ ...old, stamp: old.stamp + 1 }));
  const moveOthers = (topic: Exclude<Topic, 'orders'>) => store.set(streamNoticesAtom, (old) => ({ ...old, [topic]: old[topic] + 1 }));
  const bursting = new Set<Topic>();
  /** The first notice of a topic starts its burst; the read comes at its end, once. */
  const inBurst = (topic: Topic) => {
    if (bursting.has(topic)) return;
    bursting.add(topic);
    setTimer(() => {
      bursting.delete(topic);
      if (topic === 'orders') moveOrders();
      else moveOthers(topic);
    }, noticeBurstMs);
  };
  return {
    /** A stream opened for this account (null: none named): everything it tells is read once now. */
    opened: (accountId: number | null) => {
      store.set(orderNoticesAtom, (old) => ({ accountId, stamp: old.stamp + 1 }));
      store.set(streamNoticesAtom, (old) => ({ open: true, alerts: old.alerts + 1, killSwitch: old.killSwitch + 1, accounts: old.accounts + 1, bots: old.bots + 1 }));
    },
    /** The stream told an order change. */
    told: () => inBurst('orders'),
    /**
     * The stream told something else to read again. An account's notice reads the accounts list (any account:
     * its session may have ended), and its books only for the account the stream carries.
     */
    notice: ({ topic, account_id }: StreamNotice) => {
      if (topic === 'alerts') inBurst('alerts');
      else if (topic === 'kill_switch') inBurst('killSwitch');
      else if (topic === 'bots') inBurst('bots');
      else {
        inBurst('accounts');
        if (account_id !== null && account_id === store.get(orderNoticesAtom).accountId) inBurst('orders');
      }
    },
    /** No stream is open any more. */
    closed: () => {
      store.set(orderNoticesAtom, (old) => (old.accountId === null ? old : { ...old, accountId: null }));
      store.set(streamNoticesAtom, (old) => (old.open ? { ...old, open: false } : old));
    },
  };
}
