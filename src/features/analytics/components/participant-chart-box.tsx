import { useEffect, useRef } from 'react';
import type { ParticipantLine } from '@/features/analytics/model/participant-series';
import { useFormat } from '@/lib/format/use-format';

/** The chart, drawn once its library has arrived (only on this screen); `label` says what it shows. */
export function ParticipantChartBox({ lines, label }: { lines: readonly ParticipantLine[]; label: string }) {
  const { locale } = useFormat();
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    let remove: (() => void) | null = null;
    let current = true;
    void import('@/features/analytics/charts/participant-chart').then(({ drawParticipantChart }) => {
      if (!current || box.current === null) return;
      const chart = drawParticipantChart(box.current, locale);
      chart.show(lines);
      remove = chart.remove;
    });
    return () => {
      current = false;
      remove?.();
    };
  }, [lines, locale]);
  // The chart reads left to right (time) whatever the page's direction.
  return <div ref={box} role="img" aria-label={label} data-testid="participants-chart" dir="ltr" className="h-72 w-full sm:h-96" />;
}
