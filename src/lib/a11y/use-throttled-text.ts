import { useEffect, useRef, useState } from 'react';

/**
 * `text` as it was at most once every `everyMs`: the first value at once (on the next task), then the latest
 * one at each boundary. A live region fed with it speaks a price ticking every second no more often than
 * that, and never a value already spoken (an unchanged string changes nothing in the region). null: ''.
 */
export function useThrottledText(text: string | null, everyMs: number): string {
  const [shown, setShown] = useState('');
  const shownAt = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    if (text === null) {
      shownAt.current = Number.NEGATIVE_INFINITY;
      const timer = setTimeout(() => setShown(''), 0);
      return () => clearTimeout(timer);
    }
    // The effect runs again for each new value and replaces this timer, still due at the same boundary, so
    // the value shown there is the latest.
    const timer = setTimeout(
      () => {
        shownAt.current = Date.now();
        setShown(text);
      },
      Math.max(0, shownAt.current + everyMs - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [text, everyMs]);

  return text === null ? '' : shown;
}
