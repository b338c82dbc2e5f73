// Overlays fixed to the bottom of the screen (the update offer, a phone's toast) must never hide what a
// trader acts on: the update offer sat over the last position's P&L and Square off, a toast over the
// strategy builder's last leg. Each such overlay reserves its height below the page (the body's bottom
// padding, --overlay-bottom), so scrolling always brings what it covers above it.
import { useEffect, type RefObject } from 'react';

const reserved = new Map<string, number>();

/** How near the bottom edge an overlay must end to count as sitting on it (its own margin and safe area). */
const bottomEdgePx = 48;

/**
 * The height to reserve for an overlay whose top is at `top`: all it covers above the bottom edge when it
 * sits on that edge (a tall stack of toasts too), nothing for one that does not reach it.
 */
export function coveredBelow(top: number, height: number, viewportHeight: number): number {
  if (height <= 0 || top + height < viewportHeight - bottomEdgePx) return 0;
  return Math.max(0, Math.ceil(viewportHeight - top));
}

/** Records one overlay's reserve and sets the sum of all of them on the root element. */
export function reserveBottom(name: string, pixels: number): void {
  if (pixels > 0) reserved.set(name, pixels);
  else reserved.delete(name);
  const total = [...reserved.values()].reduce((sum, value) => sum + value, 0);
  document.documentElement.style.setProperty('--overlay-bottom', `${total}px`);
}

/** Keeps `name`'s reserve equal to what the element at `ref` covers at the bottom, as it and the window resize. */
export function useReservedBottom(ref: RefObject<HTMLElement | null>, name: string): void {
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => {
      const box = element.getBoundingClientRect();
      reserveBottom(name, coveredBelow(box.top, box.height, window.innerHeight));
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      reserveBottom(name, 0);
    };
  }, [ref, name]);
}
