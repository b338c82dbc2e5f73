import { useEffect, useRef } from 'react';
import type { PremiumChartData } from '@/features/analytics/premium/charts/premium-chart';
import { useFormat } from '@/lib/format/use-format';

/** The chart, drawn once its library has arrived (only on this screen); `label` says what it shows. */
export function PremiumChartBox({ data, label }: { data: PremiumChartData; label: string }) {
  const { locale } = useFormat();
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    let remove: (() => void) | null = null;
    let current = true;
    void import('@/features/analytics/premium/charts/premium-chart').then(({ drawPremiumChart }) => {
      if (!current || box.current === null) return;
      const chart = drawPremiumChart(box.current, locale);
      chart.show(data);
      remove = chart.remove;
    });
    return () => {
      current = false;
      remove?.();
    };
  }, [data, locale]);
  // The chart reads left to right (time) whatever the page's direction.
  return <div ref={box} role="img" aria-label={label} data-testid="premium-chart" dir="ltr" className="h-80 w-full sm:h-[28rem]" />;
}
