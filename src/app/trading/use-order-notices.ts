import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { orderNoticesAtom, shownAccountAtom } from '@/features/market/feed/order-notices';
import { store } from '@/lib/store';

export type OrderNoticesOf = { pushed: boolean; stamp: number };

/**
 * Follows an account's orders on the price stream: the stream names this account when the trader chose none
 * (the desk's own default). Answers whether the stream tells this account's order changes now (`pushed`: a
 * screen then reads its orders and positions when told, and polls them only while it does not), and the
 * notices' stamp (order-notices.ts), for useReadWhenTold.
 */
export function useOrderNotices(account: { id: number; broker: string } | null): OrderNoticesOf {
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
export function useReadWhenTold({ pushed, stamp }: OrderNoticesOf, read: () => void): void {
  const seen = useRef(stamp);
  useEffect(() => {
    if (stamp === seen.current) return;
    seen.current = stamp;
    if (pushed) read();
  }, [stamp, pushed, read]);
}
