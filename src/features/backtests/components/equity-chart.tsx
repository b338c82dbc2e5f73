import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { BacktestEquityPoint } from '@/features/backtests/api/backtest-calls';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { formatInr } from '@/lib/format/number';
import { useFormat } from '@/lib/format/use-format';

/** The equity curve with its drawdown beneath; the chart library arrives with it, only on the report. */
export function EquityChart({ points }: { points: readonly BacktestEquityPoint[] }) {
  const intl = useIntl();
  const { formatDate, formatInr: formatShown, locale } = useFormat();
  const box = useRef<HTMLDivElement | null>(null);
  const data = JSON.stringify(points);
  useEffect(() => {
    let cleanup: (() => void) | null = null;
    let current = true;
    void import('@/features/backtests/components/equity-chart-draw').then(({ drawEquity }) => {
      if (current && box.current !== null) cleanup = drawEquity(box.current, JSON.parse(data) as BacktestEquityPoint[], (value) => formatInr(value, locale, { maximumFractionDigits: 0 }));
    });
    return () => {
      current = false;
      cleanup?.();
    };
  }, [data, locale]);
  const first = points[0];
  const last = points.at(-1);
  if (first === undefined || last === undefined) return null;
  const deepest = Math.max(...points.map((point) => point.drawdown));
  return (
    <div
      ref={box}
      role="img"
      data-testid="equity-chart"
      aria-label={intl.formatMessage(messages.equityLabel, {
        from: formatDate(first.date),
        to: formatDate(last.date),
        last: formatShown(last.equity),
        drawdown: formatShown(deepest),
      })}
      className="h-72 w-full"
    />
  );
}
