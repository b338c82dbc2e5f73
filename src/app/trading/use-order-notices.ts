import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { orderNoticesAtom, shownAccountAtom } from '@/features/market/feed/order-notices';
import { usePolled } from '@/app/trading/use-polled';
import { store } from '@/lib/store';

type OrderNoticesOf = { pushed: boolean; stamp: number };

/**
 * Follows an account's orders on the price stream: the stream names this account when the trader chose none
 * (the desk's own default). Answers whether the stream tells this account's order changes now (`pushed`: a
 * screen then reads its orders and positions when told, and polls them only while it does not), and the
 * notices' stamp (order-notices.ts), for useReadWhenTold.
 */
function useOrderNotices(account: { id: number; broker: string } | null): OrderNoticesOf {
  const accountId = account?.id ?? null;
  const broker = account?.broker ?? null;
  useEffect(() => {
    if (accountId === null || broker === null) return;
    const shown = { id: accountId, broker };
    store.set(shownAccountAtom, shown);
    return () => {
      if (store.get(shownAccountAtom) === shown) store.set(shownAccountAtom, null);
    };
  }, [accountId, broker]);
  const { accountId: told, stamp } = useAtomValue(orderNoticesAtom, { store });
  return { pushed: accountId !== null && told === accountId, stamp };
}

/** Runs `read` when the stream opens for the account and once per burst of its notices; not for what came before mounting (the screen's own first read covers it). */
function useReadWhenTold({ pushed, stamp }: OrderNoticesOf, read: () => void): void {
  const seen = useRef(stamp);
  useEffect(() => {
    if (stamp === seen.current) return;
    seen.current = stamp;
    if (pushed) read();
  }, [stamp, pushed, read]);
}

/**
 * The positions screens' timers: their positions and orders are read when the stream tells, every 3 s only
 * while no stream carries the account; their margins, marked to the market, every 15 s whatever the stream.
 */
export const positionScreenTimers = { withoutStreamMs: 3000, withStreamMs: 15_000 };

/**
 * An account's books (its orders, positions, or what they move) read as usePolled reads them, but read when
 * the price stream tells their changes (useReadWhenTold) instead of on a timer: `withoutStreamMs` applies only
 * while no stream carries the account, `withStreamMs` (none when left out) while one does, for figures that
 * move with the market rather than with the orders.
 */
export function usePolledWhenTold<T>(
  account: { id: number; broker: string } | null,
  load: (() => Promise<T>) | null,
  key: string,
  { withoutStreamMs, withStreamMs = null }: { withoutStreamMs: number; withStreamMs?: number | null },
  snapshot?: string,
) {
  const notices = useOrderNotices(account);
  const polled = usePolled(load, key, notices.pushed ? withStreamMs : withoutStreamMs, snapshot);
  useReadWhenTold(notices, polled.reload);
  return polled;
}
