import { useEffect, useRef } from 'react';
import type { DayPoint, StrikePoint, TimePoint } from '@/features/analytics/volatility/iv-series';
import { useFormat } from '@/lib/format/use-format';

export type IvChartContent =
  | { kind: 'time'; points: readonly (TimePoint | DayPoint)[]; intraday: boolean }
  | { kind: 'smile'; now: readonly StrikePoint[]; earlier: readonly StrikePoint[] };

/** A chart, drawn once its library has arrived (only on this screen); `label` says what it shows. */
export function IvChartBox({ content, label, testId }: { content: IvChartContent; label: string; testId: string }) {
  const { locale } = useFormat();
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    let remove: (() => void) | null = null;
    let current = true;
    void import('@/features/analytics/volatility/iv-chart').then(({ drawIvLine, drawSmile }) => {
      if (!current || box.current === null) return;
      const chart = content.kind === 'time' ? drawIvLine(box.current, locale, content.points, content.intraday) : drawSmile(box.current, locale, content.now, content.earlier);
      remove = chart.remove;
    });
    return () => {
      current = false;
      remove?.();
    };
  }, [content, locale]);
  // A chart reads left to right (time, strikes) whatever the page's direction.
  return <div ref={box} role="img" aria-label={label} data-testid={testId} dir="ltr" className="h-64 w-full sm:h-80" />;
}
