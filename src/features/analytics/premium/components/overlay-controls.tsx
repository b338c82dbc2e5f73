import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { OverlaySettings } from '@/features/analytics/premium/model/premium-view';
import { premiumMessages as m } from '@/features/analytics/premium/premium-messages';
import { cx } from '@/components/ui/class-names';

/** `dayCandles`: the chart draws day candles, where a VWAP (restarted each day) has nothing to draw. */
type Props = { value: OverlaySettings; onChange: (value: OverlaySettings) => void; dayCandles?: boolean };

const chip =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-line bg-surface px-3 text-sm has-checked:border-brand has-checked:bg-brand-soft has-checked:font-medium has-checked:text-brand has-focus-visible:outline-2 has-focus-visible:outline-focus';
const numberInput = 'min-h-11 w-16 rounded-md border border-line bg-surface px-2 text-sm text-fg tabular-nums';

/** A whole number in [min, max] typed in a period field, else the value it had. */
const whole = (text: string, min: number, max: number, fallback: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
};

/**
 * The overlays as toggles, each with its period (SuperTrend with its multiplier too), remembered by the screen. On
 * day candles the VWAP is off and says why (issue 62: it was on by default there and drew nothing); the trader's
 * choice comes back with minute candles.
 */
export function OverlayControls({ value, onChange, dayCandles = false }: Props) {
  const intl = useIntl();
  const vwapWhyId = useId();
  const period = (name: 'sma' | 'ema' | 'superTrend') => (
    <input
      type="number"
      inputMode="numeric"
      min={2}
      max={200}
      value={value[name].period}
      aria-label={intl.formatMessage(m.period, { overlay: intl.formatMessage(m[name]) })}
      onChange={(event) => onChange({ ...value, [name]: { ...value[name], period: whole(event.target.value, 2, 200, value[name].period) } })}
      className={numberInput}
    />
  );
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-sm font-medium">{intl.formatMessage(m.overlays)}</legend>
      <div className="flex flex-wrap items-center gap-2">
        <label className={cx(chip, dayCandles && 'cursor-not-allowed opacity-60')}>
          <input
            type="checkbox"
            checked={value.vwap && !dayCandles}
            disabled={dayCandles}
            aria-describedby={dayCandles ? vwapWhyId : undefined}
            onChange={(event) => onChange({ ...value, vwap: event.target.checked })}
            className="size-4 accent-brand"
          />
          {intl.formatMessage(m.vwap)}
        </label>
        {(['sma', 'ema', 'superTrend'] as const).map((name) => (
          <div key={name} className="flex items-center gap-1">
            <label className={chip}>
              <input type="checkbox" checked={value[name].on} onChange={(event) => onChange({ ...value, [name]: { ...value[name], on: event.target.checked } })} className="size-4 accent-brand" />
              {intl.formatMessage(m[name])}
            </label>
            {period(name)}
            {name === 'superTrend' && (
              <input
                type="number"
                inputMode="decimal"
                min={0.5}
                max={10}
                step={0.5}
                value={value.superTrend.multiplier}
                aria-label={intl.formatMessage(m.multiplier)}
                onChange={(event) => {
                  const multiplier = Number(event.target.value);
                  if (multiplier >= 0.5 && multiplier <= 10) onChange({ ...value, superTrend: { ...value.superTrend, multiplier } });
                }}
                className={numberInput}
              />
            )}
          </div>
        ))}
      </div>
      {dayCandles && (
        <p id={vwapWhyId} className="text-xs text-fg-muted">
          {intl.formatMessage(m.vwapDayCandles)}
        </p>
      )}
    </fieldset>
  );
}
