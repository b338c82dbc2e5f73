import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * An element's content width in CSS pixels, followed as it changes (ResizeObserver); 0 until measured and
 * where the browser cannot observe (jsdom), so a caller shows its narrowest layout then.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    // Measured before the first paint, so the chain does not flash its phone layout on a wide screen.
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry !== undefined) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
