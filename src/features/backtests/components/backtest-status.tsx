import { useIntl } from 'react-intl';
import type { Backtest } from '@/features/backtests/api/backtest-calls';
import { botTitle } from '@/features/backtests/model/bot-title';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { sayServerText } from '@/i18n/say-server-text';
import { useFormat } from '@/lib/format/use-format';

const statusMessages = {
  queued: messages.statusQueued,
  running: messages.statusRunning,
  done: messages.statusDone,
  failed: messages.statusFailed,
  cancelled: messages.statusCancelled,
} as const;

const statusClass = {
  queued: 'text-fg-muted',
  running: 'text-brand',
  done: 'text-profit',
  failed: 'text-loss',
  cancelled: 'text-fg-muted',
} as const;

/** The status in words, the progress bar while queued or running, and why it failed. */
export function BacktestStatus({ backtest }: { backtest: Backtest }) {
  const intl = useIntl();
  const { formatPercent } = useFormat();
  const underway = backtest.status === 'queued' || backtest.status === 'running';
  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid="backtest-status">
      <span className={`text-sm font-medium ${statusClass[backtest.status]}`}>
        {underway
          ? intl.formatMessage(messages.statusProgress, {
              status: intl.formatMessage(statusMessages[backtest.status]),
              percent: formatPercent(backtest.progress, { maximumFractionDigits: 0 }),
            })
          : intl.formatMessage(statusMessages[backtest.status])}
      </span>
      {underway && (
        <progress
          className="h-2 w-full overflow-hidden rounded-full accent-brand [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-surface-muted [&::-webkit-progress-value]:bg-brand"
          max={1}
          value={backtest.progress}
          aria-label={intl.formatMessage(messages.progressLabel, { name: botTitle(backtest.bot, intl) })}
        />
      )}
      {backtest.status === 'failed' && backtest.error !== null && (
        <span className="text-sm text-loss">{intl.formatMessage(messages.failedBecause, { reason: sayServerText(intl, backtest.error, backtest.error.code) })}</span>
      )}
    </div>
  );
}
