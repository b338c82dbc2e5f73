import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { deleteBacktest, isUnderway, type Backtest } from '@/features/backtests/api/backtest-calls';
import { BacktestStatus } from '@/features/backtests/components/backtest-status';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { botTitle } from '@/features/backtests/model/bot-title';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';

function BacktestRow({ backtest, onChanged, offline }: { backtest: Backtest; onChanged: () => void; offline: boolean }) {
  const intl = useIntl();
  const { formatDate, formatInr, formatSignedInr } = useFormat();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const underway = isUnderway(backtest.status);

  const handleDelete = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteBacktest(backtest.id);
      setAsking(false);
      onChanged();
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="flex flex-col gap-2 rounded-md border border-line bg-surface p-3 md:flex-row md:items-center md:gap-4" data-testid="backtest-row">
      <div className="flex min-w-0 flex-col md:w-1/3">
        <span className="font-semibold break-words">{botTitle(backtest.bot, intl)}</span>
        <span className="text-sm text-fg-muted">
          {intl.formatMessage(messages.rowRange, { underlying: backtest.bot.underlying, from: formatDate(backtest.from), to: formatDate(backtest.to) })}
        </span>
        <span className="text-sm text-fg-muted">{intl.formatMessage(messages.capitalLine, { capital: formatInr(backtest.capital, { maximumFractionDigits: 0 }) })}</span>
      </div>
      <div className="min-w-0 md:flex-1">
        <BacktestStatus backtest={backtest} />
        {backtest.summary !== null && (
          <span className={`text-sm font-medium ${backtest.summary.net_pnl >= 0 ? 'text-profit' : 'text-loss'}`}>
            {intl.formatMessage(messages.netPnlLine, { pnl: formatSignedInr(backtest.summary.net_pnl) })}
          </span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {backtest.status === 'done' && (
          <Link to={`/app/backtests/${backtest.id}`} className="inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-medium text-brand-fg">
            {intl.formatMessage(messages.openReport)}
          </Link>
        )}
        {underway ? (
          <Button variant="secondary" busy={busy} disabled={offline} onClick={() => void handleDelete()}>
            {intl.formatMessage(messages.cancel)}
          </Button>
        ) : (
          <Button variant="ghost" disabled={offline} onClick={() => setAsking(true)}>
            {intl.formatMessage(messages.delete)}
          </Button>
        )}
      </div>
      {error !== null && !asking && <p className="text-sm text-loss">{error}</p>}
      <ConfirmDialog
        open={asking}
        title={intl.formatMessage(messages.confirmDelete)}
        description={intl.formatMessage(messages.confirmDeleteText)}
        confirmLabel={intl.formatMessage(messages.delete)}
        busy={busy}
        error={error}
        onConfirm={() => void handleDelete()}
        onClose={() => setAsking(false)}
      />
    </li>
  );
}

/** The trader's backtests, newest first: status and progress, the report once done, cancel and delete. */
export function BacktestList({ backtests, onChanged, offline }: { backtests: Backtest[]; onChanged: () => void; offline: boolean }) {
  return (
    <ul className="flex flex-col gap-2">
      {backtests.map((backtest) => (
        <BacktestRow key={backtest.id} backtest={backtest} onChanged={onChanged} offline={offline} />
      ))}
    </ul>
  );
}
