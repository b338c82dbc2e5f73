import { useLayoutEffect, useState, type RefObject } from 'react';
import { fitCount } from '@/app/layouts/fit-count';

type FitRefs = {
  /** The row the items must fit in. */
  row: RefObject<HTMLElement | null>;
  /** An invisible copy of every item, then the More button, laid out in one unbroken line. */
  ruler: RefObject<HTMLElement | null>;
};

/**
 * How many items of the row show, measured (not guessed from a breakpoint): it follows the window's
 * width, the language (French labels are longer) and the direction, because it re-measures whenever the
 * row or the ruler changes size.
 */
export function useFitCount({ row, ruler }: FitRefs, total: number): number {
  const [count, setCount] = useState(total);

  useLayoutEffect(() => {
    const rowElement = row.current;
    const rulerElement = ruler.current;
    if (!rowElement || !rulerElement) return;
    const measure = () => {
      const children = Array.from(rulerElement.children) as HTMLElement[];
      const widths = children.map((child) => child.getBoundingClientRect().width);
      const moreWidth = widths.pop() ?? 0;
      const gap = Number.parseFloat(getComputedStyle(rulerElement).columnGap) || 0;
      setCount(fitCount({ itemWidths: widths, available: rowElement.clientWidth, moreWidth, gap }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(rowElement);
    observer.observe(rulerElement);
    return () => observer.disconnect();
  }, [row, ruler, total]);

  return count;
}
