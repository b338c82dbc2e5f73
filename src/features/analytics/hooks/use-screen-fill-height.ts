import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * The height that takes an element from where it starts on the page down to the bottom of the screen
 * (less `gapPx`), never under `minPx`: what "the whole height of the screen" means for a chart below a
 * header and pickers. Measured from the page's top, so it holds however far the trader has scrolled, and
 * measured again when the window changes size (a phone turned, the address bar shown or hidden) and when the
 * page's content does (a line above the chart arriving after it, such as its "As of" time, moves it down).
 */
export function useScreenFillHeight(element: RefObject<HTMLElement | null>, { minPx, gapPx }: { minPx: number; gapPx: number }): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      const box = element.current;
      if (box === null) return;
      const top = box.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(minPx, Math.floor(window.innerHeight - top - gapPx)));
    };
    measure();
    window.addEventListener('resize', measure);
    // Measuring again only moves the chart's foot, never its top: the next measure finds the same height.
    const content = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    content?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      content?.disconnect();
    };
  }, [element, minPx, gapPx]);
  return height;
}
