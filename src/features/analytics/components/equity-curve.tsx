import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import type { StrategyBot } from '@/features/analytics/api/analytics-reads';
import { useFormat } from '@/lib/format/use-format';

const summary = defineMessage<{ from: MessageValue; to: MessageValue; last: MessageValue; low: MessageValue; high: MessageValue }>({
  id: 'strategies.curve',
  defaultMessage: 'Cumulative P&L from {from} to {to}: {last} now, lowest {low}, highest {high}.',
});

const width = 320;
const height = 96;

/** A bot's cumulative P&L by day as a plain SVG line (a few hundred bytes, no chart library), zero marked. */
export function EquityCurve({ bot }: { bot: StrategyBot }) {
  const intl = useIntl();
  const { formatSignedInr, formatDate } = useFormat();
  const points = bot.equity_curve;
  const first = points[0];
  const last = points.at(-1);
  if (first === undefined || last === undefined || points.length < 2) return null;
  // Cumulative P&L: the equity less the capital deployed.
  const values = points.map((point) => point.equity - bot.capital);
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const span = high - low || 1;
  const x = (i: number) => (i / (points.length - 1)) * width;
  const y = (value: number) => height - ((value - low) / span) * height;
  const path = values.map((value, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(value).toFixed(1)}`).join('');
  const rupees = (value: number) => formatSignedInr(value, { maximumFractionDigits: 0 });
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="h-24 w-full"
      preserveAspectRatio="none"
      role="img"
      style={{ direction: 'ltr' }}
      aria-label={intl.formatMessage(summary, {
        from: formatDate(first.date),
        to: formatDate(last.date),
        last: rupees(values.at(-1)!),
        low: rupees(Math.min(...values)),
        high: rupees(Math.max(...values)),
      })}
    >
      <line x1="0" x2={width} y1={y(0)} y2={y(0)} className="stroke-line" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
      <path d={path} fill="none" className={values.at(-1)! >= 0 ? 'stroke-profit' : 'stroke-loss'} strokeWidth="2" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
