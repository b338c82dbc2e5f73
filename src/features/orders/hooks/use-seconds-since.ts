import { useEffect, useState } from 'react';

/** Whole seconds since `timestamp`, counted on each second (a quote's age); null without one. */
export function useSecondsSince(timestamp: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return timestamp === null ? null : Math.max(0, Math.floor((now - Date.parse(timestamp)) / 1000));
}
