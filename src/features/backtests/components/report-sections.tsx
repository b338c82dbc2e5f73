import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Backtest, BacktestSummary } from '@/features/backtests/api/backtest-calls';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { EquityChart } from '@/features/backtests/components/equity-chart';
import { NoTradeDays } from '@/features/backtests/components/no-trade-days';
import { PnlCalendarView } from '@/features/backtests/components/pnl-calendar-view';
import { SummaryFigures } from '@/features/backtests/components/summary-figures';
import { TradesList } from '@/features/backtests/components/trades-list';
import { PanelBoundary } from '@/components/ui/panel-boundary';

/** What a report shows: a backtest's, or a replayed day's bot (the same engine, the same fields). */
export type ReportFigures = Pick<Backtest, 'equity' | 'daily' | 'trades' | 'risk_stops' | 'no_trade_days'> & { summary: BacktestSummary };

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <PanelBoundary>{children}</PanelBoundary>
    </section>
  );
}

/**
 * A backtest's report: its figures, equity curve, P&L calendar, trades (with the risk stops) and the days it did
 * not trade. `compare` goes between the calendar and the trades (the backtest screen's paper record). `idPrefix`
 * keeps the headings' ids apart when the report is not the screen's only one.
 */
export function ReportSections({ report, compare, idPrefix = 'report' }: { report: ReportFigures; compare?: ReactNode; idPrefix?: string }) {
  const intl = useIntl();
  return (
    <>
      <Section id={`${idPrefix}-figures`} title={intl.formatMessage(messages.figures)}>
        <SummaryFigures summary={report.summary} />
      </Section>
      <Section id={`${idPrefix}-equity`} title={intl.formatMessage(messages.equity)}>
        <EquityChart points={report.equity} />
      </Section>
      <Section id={`${idPrefix}-calendar`} title={intl.formatMessage(messages.calendar)}>
        <PnlCalendarView daily={report.daily} />
      </Section>
      {compare !== undefined && (
        <Section id={`${idPrefix}-compare`} title={intl.formatMessage(messages.compare)}>
          {compare}
        </Section>
      )}
      <Section id={`${idPrefix}-trades`} title={intl.formatMessage(messages.tradesTitle)}>
        <TradesList trades={report.trades} riskStops={report.risk_stops} />
        <NoTradeDays days={report.no_trade_days ?? []} open={report.trades.length === 0} />
      </Section>
    </>
  );
}
