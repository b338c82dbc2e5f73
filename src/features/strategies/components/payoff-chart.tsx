import { memo, useId, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import type { PayoffCurve, PriceRange } from '@quant/payoff.ts';
import type { SigmaRanges } from '@quant/probability.ts';
import { chart as wideChart, linePath, makeScale, niceTicks, pnlBounds, tallChart } from '@/features/strategies/components/chart-scale';
import { useNarrowScreen } from '@/features/strategies/hooks/use-narrow-screen';
import { chartMessages, readingText } from '@/features/strategies/strategy-builder-messages';
import { useFormat } from '@/lib/format/use-format';

export type ChartMarker = { price: number; kind: 'stopLoss' | 'target'; label: string };

const noMarkers: readonly ChartMarker[] = [];

export type PayoffChartProps = {
  curve: PayoffCurve;
  range: PriceRange;
  spot: number;
  breakevens: readonly number[];
  sigma: SigmaRanges | null;
  markers?: readonly ChartMarker[];
  readAt: (price: number) => { atExpiry: number; onDate: number };
};

/**
 * The payoff in plain SVG (a few kilobytes instead of a charting library): P&L at expiry (solid) and on the
 * chosen date (dashed), the ±1σ/±2σ ranges shaded, the spot, breakevens and order markers, and a crosshair
 * read by pointer or keyboard. Drawn left to right whatever the page's direction: prices rise to the right.
 */
export const PayoffChart = memo(function PayoffChart({ curve, range, spot, breakevens, sigma, markers = noMarkers, readAt }: PayoffChartProps) {
  const intl = useIntl();
  const { formatNumber, formatSignedInr } = useFormat();
  const hintId = useId();
  const [cursor, setCursor] = useState<number | null>(null);
  // Taller on a phone, where the wide shape would be too flat to read.
  const chart = useNarrowScreen() ? tallChart : wideChart;
  const { low, high } = pnlBounds([curve.atExpiry, curve.onDate]);
  const scale = makeScale(range.from, range.to, low, high, chart);
  const clampPrice = (price: number) => Math.min(range.to, Math.max(range.from, price));
  const bottom = chart.height - chart.bottom;
  const band = (from: number, to: number) => {
    const x0 = scale.toX(Math.max(range.from, from));
    const x1 = scale.toX(Math.min(range.to, to));
    return { x: x0, width: Math.max(0, x1 - x0) };
  };

  const handlePointer = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0) return;
    setCursor(clampPrice(scale.fromX(((event.clientX - box.left) / box.width) * chart.width)));
  };
  const handleKey = (event: KeyboardEvent<SVGSVGElement>) => {
    const step = (range.to - range.from) / (event.shiftKey ? 10 : 100);
    const at = cursor ?? spot;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowUp' ? at + step
      : event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? at - step
      : event.key === 'Home' ? range.from
      : event.key === 'End' ? range.to
      : null;
    if (next === null) return;
    event.preventDefault();
    setCursor(clampPrice(next));
  };

  const shownMarkers = markers.filter((marker) => marker.price >= range.from && marker.price <= range.to);
  const reading = cursor === null ? null : readAt(cursor);
  const readingLine =
    cursor === null || reading === null
      ? ''
      : intl.formatMessage(readingText, {
          price: formatNumber(cursor, { maximumFractionDigits: 0 }),
          expiry: formatSignedInr(reading.atExpiry, { maximumFractionDigits: 0 }),
          today: formatSignedInr(reading.onDate, { maximumFractionDigits: 0 }),
        });

  return (
    <figure dir="ltr" className="flex flex-col gap-2" aria-label={intl.formatMessage(chartMessages.label)}>
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        className="h-auto w-full touch-none select-none rounded-md bg-surface text-fg focus:outline-2 focus:outline-brand"
        role="slider"
        tabIndex={0}
        aria-label={intl.formatMessage(chartMessages.crosshair)}
        aria-describedby={hintId}
        aria-valuemin={Math.round(range.from)}
        aria-valuemax={Math.round(range.to)}
        aria-valuenow={Math.round(cursor ?? spot)}
        aria-valuetext={readingLine || undefined}
        onPointerMove={handlePointer}
        onPointerDown={handlePointer}
        onKeyDown={handleKey}
      >
        {sigma && (
          <g aria-hidden="true">
            <rect {...band(sigma.twoSigma.from, sigma.twoSigma.to)} y={chart.top} height={bottom - chart.top} className="fill-brand/5" data-testid="two-sigma" />
            <rect {...band(sigma.oneSigma.from, sigma.oneSigma.to)} y={chart.top} height={bottom - chart.top} className="fill-brand/10" data-testid="one-sigma" />
          </g>
        )}
        <g aria-hidden="true" className="text-[20px] sm:text-[11px]">
          {niceTicks(low, high, 5).map((value) => (
            <g key={`y${value}`}>
              <line x1={chart.left} x2={chart.width - chart.right} y1={scale.toY(value)} y2={scale.toY(value)} className={value === 0 ? 'stroke-fg-muted' : 'stroke-line'} strokeWidth={value === 0 ? 1 : 0.5} />
              <text x={chart.left - 4} y={scale.toY(value) + 3} textAnchor="end" className="fill-fg-muted">
                {formatNumber(value, { compact: true, maximumFractionDigits: 1 })}
              </text>
            </g>
          ))}
          {niceTicks(range.from, range.to, 6).map((price) => (
            <text key={`x${price}`} x={scale.toX(price)} y={chart.height - 8} textAnchor="middle" className="fill-fg-muted">
              {formatNumber(price, { maximumFractionDigits: 0 })}
            </text>
          ))}
        </g>
        <path d={linePath(curve.prices, curve.onDate, scale)} fill="none" className="stroke-brand" strokeWidth={1.5} strokeDasharray="5 4" data-testid="today-line" />
        <path d={linePath(curve.prices, curve.atExpiry, scale)} fill="none" className="stroke-fg" strokeWidth={2} data-testid="expiry-line" />
        <g aria-hidden="true" className="text-[20px] sm:text-[11px]">
          <line x1={scale.toX(spot)} x2={scale.toX(spot)} y1={chart.top} y2={bottom} className="stroke-warn" strokeWidth={1} data-testid="spot-line" />
          <text x={scale.toX(spot) + 3} y={chart.top + 10} className="fill-warn">{intl.formatMessage(chartMessages.spot)}</text>
          {breakevens.filter((price) => price >= range.from && price <= range.to).map((price) => (
            <g key={`b${price}`} data-testid="breakeven-mark">
              <circle cx={scale.toX(price)} cy={scale.toY(0)} r={3.5} className="fill-surface stroke-fg" strokeWidth={1.5} />
              <text x={scale.toX(price)} y={scale.toY(0) - 6} textAnchor="middle" className="fill-fg">{formatNumber(price, { maximumFractionDigits: 0 })}</text>
            </g>
          ))}
          {shownMarkers.map((marker, index) => (
            <g key={`${marker.kind}${marker.price}${marker.label}`} data-testid={`marker-${marker.kind}`}>
              <line x1={scale.toX(marker.price)} x2={scale.toX(marker.price)} y1={chart.top} y2={bottom} className={marker.kind === 'stopLoss' ? 'stroke-loss' : 'stroke-profit'} strokeDasharray="2 3" />
              {/* Each line says what it is, stepped down so neighbouring labels do not overlap. */}
              <text x={scale.toX(marker.price) + 3} y={chart.top + 30 + (index % 3) * 22} className={marker.kind === 'stopLoss' ? 'fill-loss' : 'fill-profit'} data-testid="marker-label">
                {intl.formatMessage(marker.kind === 'stopLoss' ? chartMessages.stopLoss : chartMessages.target)}
              </text>
              <title>{marker.label}</title>
            </g>
          ))}
          {cursor !== null && reading !== null && (
            <g>
              <line x1={scale.toX(cursor)} x2={scale.toX(cursor)} y1={chart.top} y2={bottom} className="stroke-fg-muted" strokeWidth={0.75} />
              <circle cx={scale.toX(cursor)} cy={scale.toY(reading.atExpiry)} r={3} className="fill-fg" />
              <circle cx={scale.toX(cursor)} cy={scale.toY(reading.onDate)} r={3} className="fill-brand" />
            </g>
          )}
        </g>
      </svg>
      <figcaption className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-fg-muted">
        <span className="inline-flex items-center gap-1"><span aria-hidden="true" className="inline-block h-0.5 w-4 bg-fg" />{intl.formatMessage(chartMessages.atExpiry)}</span>
        <span className="inline-flex items-center gap-1"><span aria-hidden="true" className="inline-block h-0.5 w-4 border-t-2 border-dashed border-brand" />{intl.formatMessage(chartMessages.today)}</span>
        {sigma && <span className="inline-flex items-center gap-1"><span aria-hidden="true" className="inline-block h-3 w-4 bg-brand/10" />{intl.formatMessage(chartMessages.sigmaRanges)}</span>}
        <span className="inline-flex items-center gap-1"><span aria-hidden="true" className="inline-block h-3 w-0.5 bg-warn" />{intl.formatMessage(chartMessages.spot)}</span>
        {breakevens.length > 0 && <span className="inline-flex items-center gap-1"><span aria-hidden="true" className="inline-block size-2.5 rounded-full border-2 border-fg" />{intl.formatMessage(chartMessages.breakeven)}</span>}
        {shownMarkers.some((marker) => marker.kind === 'stopLoss') && <span className="inline-flex items-center gap-1"><span aria-hidden="true" className="inline-block h-3 w-0 border-s-2 border-dotted border-loss" />{intl.formatMessage(chartMessages.stopLossLine)}</span>}
        {shownMarkers.some((marker) => marker.kind === 'target') && <span className="inline-flex items-center gap-1"><span aria-hidden="true" className="inline-block h-3 w-0 border-s-2 border-dotted border-profit" />{intl.formatMessage(chartMessages.targetLine)}</span>}
        <span id={hintId}>{intl.formatMessage(chartMessages.hint)}</span>
      </figcaption>
      <p aria-live="polite" className="min-h-5 text-sm font-medium text-fg" data-testid="crosshair-reading">{readingLine}</p>
    </figure>
  );
});
