import { useEffect, useRef } from 'react';
import type { PnlDay } from '@/features/positions/components/pnl-history-chart';
import { formatInr } from '@/lib/format/number';
import { useFormat } from '@/lib/format/use-format';

/** The P&L history chart; its library arrives with it, only on the screen that shows it. */
export function PnlHistory({ days, label }: { days: readonly PnlDay[]; label: string }) {
  const { locale } = useFormat();
  const box = useRef<HTMLDivElement | null>(null);
  // The summary is read again every few seconds: redraw only when the history itself changed.
  const history = JSON.stringify(days);
  useEffect(() => {
    let cleanup: (() => void) | null = null;
    let current = true;
    void import('@/features/positions/components/pnl-history-chart').then(({ drawPnlHistory }) => {
      if (current && box.current !== null) cleanup = drawPnlHistory(box.current, JSON.parse(history) as PnlDay[], (value) => formatInr(value, locale));
    });
    return () => {
      current = false;
      cleanup?.();
    };
  }, [history, locale]);
  return <div ref={box} role="img" aria-label={label} className="h-64 w-full" />;
}
