import { memo, useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Extreme } from '@quant/payoff-analysis.ts';
import type { StrategySummary } from '@quant/strategy.ts';
import { roundToPaise } from '@quant/paise.ts';
import { StrategyMarginFigures, type MarginFigure } from '@/features/strategies/components/strategy-margin-figure';
import { figureMessages, flowText, paidText, probabilityExpiryAtmText, probabilityModelText, ratioText, receivedText } from '@/features/strategies/strategy-builder-messages';
import { cx } from '@/components/ui/class-names';
import { useFormat } from '@/lib/format/use-format';

type FiguresProps = {
  summary: StrategySummary;
  /** The live book's realised P&L, already added into the lines: said so here. */
  realised?: number;
  margin?: MarginFigure;
  /** How old the prices behind these figures are (nothing while fresh). */
  priceAge?: ReactNode;
  /** The probability's volatility is the expiry's at-the-money IV (from the chain), not the leg nearest the money. */
  expiryAtm?: boolean;
};

function Figure({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="flex flex-col rounded-md border border-line bg-surface px-3 py-2" data-testid={testId}>
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="font-semibold tabular-nums text-fg">{children}</dd>
    </div>
  );
}

/**
 * Max profit and loss, breakevens and probability of profit always in view; reward:risk, premium, margin and
 * net greeks beside them, behind "Show figures" on a phone.
 */
export const StrategyFigures = memo(function StrategyFigures({ summary, realised, margin, priceAge, expiryAtm = false }: FiguresProps) {
  const intl = useIntl();
  const { formatInr, formatSignedInr, formatNumber, formatPercent } = useFormat();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const money = (rupees: number) => formatSignedInr(roundToPaise(rupees) / 100);
  const extreme = (value: Extreme) => (value === 'unlimited' ? intl.formatMessage(figureMessages.unlimited) : money(value));
  const { atExpiry, premium, greeks, probabilityOfProfit, probabilityModel } = summary;
  const reward = atExpiry.rewardToRisk;
  const netPremium = roundToPaise(premium.net) / 100;

  return (
    <section className="flex flex-col gap-2" aria-labelledby={`${listId}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${listId}-title`} className="flex items-center gap-2 font-semibold text-fg">
          {intl.formatMessage(figureMessages.title)} {priceAge}
        </h3>
        <button type="button" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)} className="min-h-11 px-2 text-sm font-medium text-brand sm:hidden">
          {intl.formatMessage(open ? figureMessages.hide : figureMessages.show)}
        </button>
      </div>
      {/* What a trader decides on, always in view, on a phone too; the rest a tap away there. */}
      <dl className="grid grid-cols-2 gap-2 md:grid-cols-4" data-testid="key-figures">
        <Figure label={intl.formatMessage(figureMessages.maxProfit)} testId="max-profit">{extreme(atExpiry.maxProfit)}</Figure>
        <Figure label={intl.formatMessage(figureMessages.maxLoss)} testId="max-loss">{extreme(atExpiry.maxLoss)}</Figure>
        <Figure label={intl.formatMessage(figureMessages.breakevens)} testId="breakevens">
          {atExpiry.breakevens.length === 0
            ? intl.formatMessage(figureMessages.none)
            : intl.formatList(atExpiry.breakevens.map((price) => formatNumber(price, { maximumFractionDigits: 2 })))}
        </Figure>
        <Figure label={intl.formatMessage(figureMessages.probability)} testId="probability">
          {probabilityOfProfit === null ? intl.formatMessage(figureMessages.notApplicable) : formatPercent(probabilityOfProfit, { maximumFractionDigits: 1 })}
        </Figure>
      </dl>
      <dl id={listId} className={cx('grid-cols-2 gap-2 sm:grid md:grid-cols-4', open ? 'grid' : 'hidden')}>
        <Figure label={intl.formatMessage(figureMessages.rewardRisk)} testId="reward-risk">
          {reward === null
            ? intl.formatMessage(figureMessages.notApplicable)
            : reward === 'unlimited'
              ? intl.formatMessage(figureMessages.unlimited)
              : intl.formatMessage(ratioText, { reward: formatNumber(reward, { maximumFractionDigits: 2 }) })}
        </Figure>
        {realised === undefined && (
          <Figure label={intl.formatMessage(figureMessages.netPremium)} testId="net-premium">
            <span className="flex flex-col">
              <span>{intl.formatMessage(netPremium >= 0 ? receivedText : paidText, { amount: formatInr(Math.abs(netPremium)) })}</span>
              <span className="text-xs font-normal text-fg-muted">
                {intl.formatMessage(flowText, { received: formatInr(roundToPaise(premium.received) / 100), paid: formatInr(roundToPaise(premium.paid) / 100) })}
              </span>
            </span>
          </Figure>
        )}
        {margin && <StrategyMarginFigures margin={margin} />}
        {realised !== undefined && <Figure label={intl.formatMessage(figureMessages.realised)} testId="realised">{money(realised)}</Figure>}
        <Figure label={intl.formatMessage(figureMessages.delta)} testId="delta">{formatNumber(greeks.delta, { maximumFractionDigits: 2, signDisplay: 'exceptZero' })}</Figure>
        <Figure label={intl.formatMessage(figureMessages.gamma)} testId="gamma">{formatNumber(greeks.gamma, { maximumFractionDigits: 4, signDisplay: 'exceptZero' })}</Figure>
        <Figure label={intl.formatMessage(figureMessages.theta)} testId="theta">{money(greeks.theta)}</Figure>
        <Figure label={intl.formatMessage(figureMessages.vega)} testId="vega">{money(greeks.vega)}</Figure>
      </dl>
      {probabilityModel && (
        <p className={cx('text-xs text-fg-muted sm:block', open ? 'block' : 'hidden')}>
          {intl.formatMessage(expiryAtm ? probabilityExpiryAtmText : probabilityModelText, { volatility: formatPercent(probabilityModel.volatility, { maximumFractionDigits: 1 }) })}
        </p>
      )}
    </section>
  );
});
