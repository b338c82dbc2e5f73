import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { getBacktest, isUnderway, underwayPollMs, type Backtest } from '@/features/backtests/api/backtest-calls';
import { BacktestStatus } from '@/features/backtests/components/backtest-status';
import { ComparePanel } from '@/features/backtests/components/compare-panel';
import { CsvExportButton } from '@/features/backtests/components/csv-export-button';
import { ReportSections } from '@/features/backtests/components/report-sections';
import { SaveAsBotButton, type SavedBotNote } from '@/features/backtests/components/save-as-bot';
import { backtestMessages as messages } from '@/features/backtests/backtest-messages';
import { configuredBotMessages } from '@/features/backtests/configured-bot-messages';
import { botTitle } from '@/features/backtests/model/bot-title';
import { LoadStatus } from '@/components/ui/load-status';
import { PageHeader } from '@/components/ui/page-header';
import { StaleNote } from '@/components/ui/stale-note';
import { useFormat } from '@/lib/format/use-format';
import { useLastKnownRead, type Polling } from '@/lib/persist/use-last-known-read';

function Report({ backtest }: { backtest: Backtest }) {
  const summary = backtest.summary;
  if (summary === null) return <BacktestStatus backtest={backtest} />;
  return <ReportSections report={{ ...backtest, summary }} compare={<ComparePanel backtest={backtest} />} />;
}

const polling: Polling<Backtest> = { everyMs: underwayPollMs, until: (backtest) => isUnderway(backtest.status) };

/**
 * /app/backtests/:id: the report, read again while the backtest runs. A report once read is kept on the
 * device (lib/persist/last-known), so it opens offline, marked with the time it was read.
 */
export function BacktestReportScreen() {
  const intl = useIntl();
  const { formatDate, formatInr } = useFormat();
  const id = Number(useParams().id);
  const read = useLastKnownRead(`backtest:${id}`, useCallback(() => getBacktest(id), [id]), polling);
  const backtest = read.value;
  const [saved, setSaved] = useState<SavedBotNote | null>(null);
  const title = backtest === null ? intl.formatMessage(messages.reportTitle) : botTitle(backtest.bot, intl);
  const description =
    backtest === null
      ? undefined
      : `${intl.formatMessage(messages.rowRange, { underlying: backtest.bot.underlying, from: formatDate(backtest.from), to: formatDate(backtest.to) })} · ${intl.formatMessage(messages.capitalLine, { capital: formatInr(backtest.capital, { maximumFractionDigits: 0 }) })}`;
  return (
    <div className="flex flex-col gap-6">
      <Link to="/app/backtests" className="text-sm text-brand underline">
        {intl.formatMessage(messages.back)}
      </Link>
      <PageHeader
        title={title}
        description={description}
        actions={
          backtest?.summary ? (
            <>
              {/* A bot configured on the spot can be kept: saved once, as a paused paper bot. */}
              {backtest.bot.id === null && saved === null && <SaveAsBotButton bot={backtest.bot} onSaved={setSaved} />}
              <CsvExportButton backtest={backtest} />
            </>
          ) : null
        }
      />
      {saved !== null && (
        <p role="status" className="flex flex-wrap gap-x-2 rounded-md border border-line bg-brand-soft px-3 py-2 text-sm">
          <span>{intl.formatMessage(configuredBotMessages.saved, { name: saved.name, portfolio: saved.portfolio })}</span>
          <Link to="/app/portfolio" className="text-brand underline">
            {intl.formatMessage(configuredBotMessages.openPortfolios)}
          </Link>
        </p>
      )}
      {read.asOf !== null && <StaleNote asOf={read.asOf} />}
      {backtest === null ? (
        <LoadStatus loadingText={intl.formatMessage(messages.reportLoading)} failedText={intl.formatMessage(messages.reportFailed)} failed={read.failed} onRetry={read.reload} />
      ) : (
        <Report backtest={backtest} />
      )}
    </div>
  );
}
