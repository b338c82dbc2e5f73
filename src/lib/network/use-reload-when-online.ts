import { useEffect, useEffectEvent } from 'react';
import { networkStateAtom } from '@/lib/network/network-atom';
import { store } from '@/lib/store';

/**
 * Reloads what failed as soon as the server answers again (the network state turns reachable: the browser's
 * `online` event alone is not enough, see network-state.ts), so a screen opened offline or behind a dead
 * network fills itself in without the trader pressing Try again. Only while `failed`: data that came is not
 * fetched again just because the network blinked.
 */
export function useReloadWhenOnline(failed: boolean, reload: () => unknown): void {
  const handleBack = useEffectEvent(() => {
    void reload();
  });
  useEffect(() => {
    if (!failed) return;
    let wasReachable = store.get(networkStateAtom).kind === 'reachable';
    return store.sub(networkStateAtom, () => {
      const isReachable = store.get(networkStateAtom).kind === 'reachable';
      if (isReachable && !wasReachable) handleBack();
      wasReachable = isReachable;
    });
  }, [failed]);
}
