/**
 * Whether the demo market is open now, by the price stream's word (issue 62). The demo market runs at any hour
 * and StrikeDesk records each of its minutes as simulated, so a chart with nothing of today yet says it waits for
 * the demo market's first whole minute (and reads again), never that the market is closed while the header says
 * it is open. The price feed (features/market) writes it from each market status; any screen reads it.
 */
import { atom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { store } from '@/lib/store';

export const demoMarketOpenAtom = atom(false);

/** Whether the server's demo market is open now (false before the stream has said, and in exchange-hours mode). */
export function useDemoMarketOpen(): boolean {
  return useAtomValue(demoMarketOpenAtom, { store });
}

/** How often a chart waiting for the demo market's first whole minute reads again. */
export const demoMinuteRetryMs = 60_000;

/** Reads again each minute while `waiting` (a chart with nothing yet while the demo market records its first minute). */
export function useReadAgainEachMinute(waiting: boolean, reload: () => void): void {
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(reload, demoMinuteRetryMs);
    return () => clearInterval(timer);
  }, [waiting, reload]);
}
