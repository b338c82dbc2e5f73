import { useEffect, useRef } from 'react';
import { styledLines } from '@/features/open-interest/charts/oi-styles';
import type { OiLine } from '@/features/open-interest/model/oi-model';
import { useFormat } from '@/lib/format/use-format';

/** A chart of lines, drawn once its library has arrived (only on this screen), with its legend; `label` says what it shows. */
export function OiChartBox({ lines, label, testId }: { lines: readonly OiLine[]; label: string; testId: string }) {
  const { locale } = useFormat();
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    let remove: (() => void) | null = null;
    let current = true;
    void import('@/features/open-interest/charts/oi-line-chart').then(({ drawOiChart }) => {
      if (!current || box.current === null) return;
      remove = drawOiChart(box.current, locale, lines).remove;
    });
    return () => {
      current = false;
      remove?.();
    };
  }, [lines, locale]);
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      {/* The chart reads left to right (time) whatever the page's direction. */}
      <div ref={box} role="img" aria-label={label} data-testid={testId} dir="ltr" className="h-64 w-full sm:h-80" />
      <figcaption>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
          {styledLines(lines).map((line) => (
            <li key={line.id} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`inline-block w-5 border-t-2 ${line.style.legend}`} />
              <bdi>{line.label}</bdi>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
