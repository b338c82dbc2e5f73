import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { StrategyLeg } from '@quant/strategy-legs.ts';
import { PayoffChart, type ChartMarker } from '@/features/strategies/components/payoff-chart';
import { PayoffSliders } from '@/features/strategies/components/payoff-sliders';
import { StrategyFigures } from '@/features/strategies/components/strategy-figures';
import type { MarginFigure } from '@/features/strategies/components/strategy-margin-figure';
import { usePayoffScenario } from '@/features/strategies/hooks/use-payoff-scenario';
import { payoffMessages, failedText } from '@/features/strategies/strategy-builder-messages';

const noPrices: readonly number[] = [];

type StrategyPayoffProps = {
  legs: readonly StrategyLeg[];
  spot: number | null;
  nowMs: number;
  margin?: MarginFigure;
  realised?: number;
  markers?: readonly ChartMarker[];
  priceAge?: ReactNode;
  title?: string;
  /** The nearest expiry's at-the-money IV from its chain (the probability of profit's volatility), if known. */
  atmVolatility?: number | null;
};

/**
 * The payoff picture of a set of legs (the builder's, or a portfolio's open positions): the chart above, the
 * sliders, then the figures. A live book's realised P&L comes in the legs (withConstantPnl); `realised` only
 * says so among the figures. The chart and the figures are memoised: a slider's input re-renders the sliders,
 * and the next frame the chart and the figures, once each.
 */
export function StrategyPayoff({ legs, spot, nowMs, margin, realised, markers, priceAge, title, atmVolatility = null }: StrategyPayoffProps) {
  const intl = useIntl();
  const scenario = usePayoffScenario(legs, spot, nowMs, atmVolatility);
  const { curve, readAt } = scenario;
  const hasLegs = legs.some((leg) => leg.enabled);
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-3 sm:p-4" aria-label={title ?? intl.formatMessage(payoffMessages.title)}>
      <h2 className="text-lg font-semibold text-fg">{title ?? intl.formatMessage(payoffMessages.title)}</h2>
      {!hasLegs ? (
        <p className="text-sm text-fg-muted">{intl.formatMessage(payoffMessages.noLegs)}</p>
      ) : spot === null ? (
        <p role="status" className="text-sm text-fg-muted">{intl.formatMessage(payoffMessages.noSpot)}</p>
      ) : scenario.error !== null ? (
        <p role="alert" className="text-sm text-loss">{intl.formatMessage(failedText, { reason: scenario.error })}</p>
      ) : (
        <>
          {curve && scenario.range && readAt && (
            <PayoffChart
              curve={curve}
              range={scenario.range}
              spot={scenario.chartSpot}
              breakevens={scenario.summary?.atExpiry.breakevens ?? noPrices}
              sigma={scenario.summary?.sigmaRanges ?? null}
              markers={markers}
              readAt={readAt}
            />
          )}
          <PayoffSliders scenario={scenario} />
          {scenario.summary && <StrategyFigures summary={scenario.summary} margin={margin} realised={realised} priceAge={priceAge} expiryAtm={atmVolatility !== null} />}
        </>
      )}
    </section>
  );
}
