import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { BacktestSummary } from '@/features/backtests/api/backtest-calls';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { useFormat } from '@/lib/format/use-format';

function Figure({ label, value, detail, tone }: { label: string; value: ReactNode; detail?: ReactNode; tone?: 'profit' | 'loss' }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-md border border-line bg-surface p-3">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className={`text-lg font-semibold tabular-nums ${tone === 'profit' ? 'text-profit' : tone === 'loss' ? 'text-loss' : ''}`}>{value}</dd>
      {detail !== undefined && <dd className="text-xs text-fg-muted">{detail}</dd>}
    </div>
  );
}

const toneOf = (value: number | null) => (value === null || value === 0 ? undefined : value > 0 ? 'profit' : 'loss');

/** The report's figures: P&L after charges first, then trades, drawdown, days, margin and the modelled share. */
export function SummaryFigures({ summary }: { summary: BacktestSummary }) {
  const intl = useIntl();
  const { formatSignedInr, formatInr, formatPercent, formatNumber, formatDate } = useFormat();
  const say = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);
  const none = say(messages.none);
  const signed = (value: number | null) => (value === null ? none : formatSignedInr(value));
  const drawdown = summary.max_drawdown;
  const charges = summary.charges.by_kind;
  const kinds = [
    [messages.brokerage, charges.brokerage],
    [messages.stt, charges.stt],
    [messages.exchange, charges.exchange],
    [messages.sebi, charges.sebi],
    [messages.stampDuty, charges.stamp_duty],
    [messages.gst, charges.gst],
    // Only when the broker squared off an MIS position itself during the backtest.
    ...(charges.call_and_trade > 0 ? ([[messages.callAndTrade, charges.call_and_trade]] as const) : []),
  ] as const;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-4" data-testid="summary-figures">
        <Figure label={say(messages.netPnl)} value={formatSignedInr(summary.net_pnl)} tone={toneOf(summary.net_pnl)} detail={intl.formatMessage(messages.grossLine, { pnl: formatSignedInr(summary.gross_pnl) })} />
        <Figure label={say(messages.charges)} value={formatInr(summary.charges.total)} />
        <Figure label={say(messages.trades)} value={formatNumber(summary.trades)} />
        <Figure label={say(messages.winRate)} value={summary.win_rate === null ? none : formatPercent(summary.win_rate, { maximumFractionDigits: 1 })} />
        <Figure label={say(messages.avgWin)} value={signed(summary.avg_win)} tone={toneOf(summary.avg_win)} />
        <Figure label={say(messages.avgLoss)} value={signed(summary.avg_loss)} tone={toneOf(summary.avg_loss)} />
        <Figure label={say(messages.expectancy)} value={signed(summary.expectancy)} tone={toneOf(summary.expectancy)} />
        <Figure
          label={say(messages.maxDrawdown)}
          value={formatInr(drawdown.amount)}
          detail={
            drawdown.from !== null && drawdown.to !== null
              ? intl.formatMessage(messages.drawdownDetail, { from: formatDate(drawdown.from), to: formatDate(drawdown.to), days: drawdown.days })
              : undefined
          }
        />
        <Figure
          label={say(messages.bestDay)}
          value={summary.best_day === null ? none : formatSignedInr(summary.best_day.pnl)}
          tone={toneOf(summary.best_day?.pnl ?? null)}
          detail={summary.best_day === null ? undefined : intl.formatMessage(messages.dayDetail, { date: formatDate(summary.best_day.date) })}
        />
        <Figure
          label={say(messages.worstDay)}
          value={summary.worst_day === null ? none : formatSignedInr(summary.worst_day.pnl)}
          tone={toneOf(summary.worst_day?.pnl ?? null)}
          detail={summary.worst_day === null ? undefined : intl.formatMessage(messages.dayDetail, { date: formatDate(summary.worst_day.date) })}
        />
        <Figure label={say(messages.maxMargin)} value={formatInr(summary.max_margin)} />
        <Figure
          label={say(messages.modelledShare)}
          value={formatPercent(summary.modelled_share, { maximumFractionDigits: 1 })}
          detail={intl.formatMessage(messages.fillPrices, { real: summary.real_fills, modelled: summary.modelled_fills })}
        />
        <Figure label={say(messages.tradingDays)} value={formatNumber(summary.trading_days)} />
        {summary.execution_slippage !== undefined && (
          <Figure
            label={say(messages.executionSlippage)}
            value={formatInr(summary.execution_slippage.amount)}
            detail={intl.formatMessage(messages.slippageDetail, { orders: summary.execution_slippage.orders })}
          />
        )}
      </dl>
      <details className="rounded-md border border-line bg-surface p-3">
        <summary className="cursor-pointer font-medium">{say(messages.chargesByKind)}</summary>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="charges-by-kind">
          {kinds.map(([label, amount]) => (
            <div key={label.id} className="contents">
              <dt>{say(label)}</dt>
              <dd className="text-end tabular-nums">{formatInr(amount)}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
