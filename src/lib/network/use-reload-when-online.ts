import { useEffect, useEffectEvent } from 'react';

/**
 * Reloads what failed as soon as the connection comes back (the browser's `online` event), so a screen
 * opened offline fills itself in without the trader pressing Try again. Only while `failed`: data that
 * came is not fetched again just because the network blinked.
 */
export function useReloadWhenOnline(failed: boolean, reload: () => unknown): void {
  const handleOnline = useEffectEvent(() => {
    void reload();
  });
  useEffect(() => {
    if (!failed) return;
    window.addEventListener('online', handleOnline);
    return () => window.removeEventListener('online', handleOnline);
  }, [failed]);
}
