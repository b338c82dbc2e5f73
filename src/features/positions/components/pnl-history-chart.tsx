// Loaded only by /app/position (React.lazy): lightweight-charts stays out of every other screen's download.
import { BaselineSeries, ColorType, createChart } from 'lightweight-charts';
import { useEffect, useRef } from 'react';

export type PnlDay = { date: string; cumulative: number };

function cssColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

/** Cumulative net realised P&L per trading day: green above zero, red below, in the theme's colours. */
export function PnlHistoryChart({ days, label }: { days: readonly PnlDay[]; label: string }) {
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (box.current === null) return;
    const profit = cssColor('--sd-profit', '#047857');
    const loss = cssColor('--sd-loss', '#b91c1c');
    const chart = createChart(box.current, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: cssColor('--sd-fg-muted', '#4b5563'), attributionLogo: false },
      grid: { vertLines: { color: cssColor('--sd-line', '#dfe3ea') }, horzLines: { color: cssColor('--sd-line', '#dfe3ea') } },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false },
    });
    const series = chart.addSeries(BaselineSeries, {
      baseValue: { type: 'price', price: 0 },
      topLineColor: profit,
      topFillColor1: `${profit}55`,
      topFillColor2: `${profit}10`,
      bottomLineColor: loss,
      bottomFillColor1: `${loss}10`,
      bottomFillColor2: `${loss}55`,
    });
    series.setData(days.map((day) => ({ time: day.date, value: day.cumulative })));
    chart.timeScale().fitContent();
    return () => chart.remove();
  }, [days]);
  return <div ref={box} role="img" aria-label={label} className="h-64 w-full" />;
}
