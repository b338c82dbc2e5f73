import { useId } from 'react';
import { useIntl } from 'react-intl';
import { spotShiftLimit, volatilityShiftLimit, type PayoffScenarioState } from '@/features/strategies/hooks/use-payoff-scenario';
import { sliderMessages, daysValueText, pointsText } from '@/features/strategies/strategy-builder-messages';
import { useFormat } from '@/lib/format/use-format';

function Slider({ label, value, text, min, max, step, onChange }: { label: string; value: number; text: string; min: number; max: number; step: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <label htmlFor={id} className="font-medium text-fg">{label}</label>
        <output htmlFor={id} className="tabular-nums text-fg-muted">{text}</output>
      </div>
      <input
        id={id}
        type="range"
        dir="ltr"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={text}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-11 w-full accent-brand"
      />
    </div>
  );
}

/** Spot, IV shift and days to expiry: the chart follows on the next frame, the figures when there is time. */
export function PayoffSliders({ scenario }: { scenario: PayoffScenarioState }) {
  const intl = useIntl();
  const { formatNumber } = useFormat();
  const { sliders, setSliders, daysToExpiry } = scenario;
  const days = sliders.daysLeft === null ? daysToExpiry : Math.min(sliders.daysLeft, daysToExpiry);
  const points = sliders.volatilityShift * 100;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <Slider
        label={intl.formatMessage(sliderMessages.spot)}
        value={sliders.spotShift}
        text={formatNumber(scenario.spot, { maximumFractionDigits: 0 })}
        min={-spotShiftLimit}
        max={spotShiftLimit}
        step={0.001}
        onChange={(spotShift) => setSliders({ spotShift })}
      />
      <Slider
        label={intl.formatMessage(sliderMessages.volatility)}
        value={sliders.volatilityShift}
        text={intl.formatMessage(pointsText, { points: formatNumber(points, { maximumFractionDigits: 1, signDisplay: 'exceptZero' }) })}
        min={-volatilityShiftLimit}
        max={volatilityShiftLimit}
        step={0.005}
        onChange={(volatilityShift) => setSliders({ volatilityShift })}
      />
      <Slider
        label={intl.formatMessage(sliderMessages.days)}
        value={days}
        text={intl.formatMessage(daysValueText, { days: Math.round(days * 10) / 10 })}
        min={0}
        max={Math.max(daysToExpiry, 0.01)}
        step={Math.max(daysToExpiry / 100, 0.01)}
        onChange={(daysLeft) => setSliders({ daysLeft })}
      />
      <div className="sm:col-span-3">
        <button type="button" onClick={scenario.reset} className="min-h-11 rounded-md px-3 text-sm font-medium text-brand hover:underline">
          {intl.formatMessage(sliderMessages.reset)}
        </button>
      </div>
    </div>
  );
}
