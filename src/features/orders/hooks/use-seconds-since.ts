import { useEffect, useState } from 'react';
import { quoteAgeMs } from '@/lib/replay/replay-atom';

/**
 * Whole seconds since a quote's `timestamp`, counted on each second (its age; in a replay, on the replayed
 * clock at its speed: replay-atom.ts); null without one.
 */
export function useSecondsSince(timestamp: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return timestamp === null ? null : Math.max(0, Math.floor(quoteAgeMs(timestamp, now) / 1000));
}
