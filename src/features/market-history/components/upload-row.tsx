import { useIntl } from 'react-intl';
import type { HistoryFileOutcome } from '@/features/market-history/api/market-history-calls';
import { marketHistoryMessages as messages } from '@/features/market-history/market-history-messages';
import { marks } from '@/features/market-history/model/marks';
import { Marked } from '@/features/market-history/components/marked';
import { sayServerText } from '@/i18n/say-server-text';
import { formatBytes } from '@/lib/format/bytes';
import { useFormat } from '@/lib/format/use-format';

export type Upload = {
  key: string;
  file: File;
  /** Share sent, 0 to 1; null while it waits its turn. */
  sent: number | null;
  outcomes: HistoryFileOutcome[] | null;
  /** Why it could not be sent at all (offline, too large...), already in words. */
  error: string | null;
};

function Outcome({ outcome, many }: { outcome: HistoryFileOutcome; many: boolean }) {
  const intl = useIntl();
  const { formatNumber, formatDate } = useFormat();
  const name = many ? <span className="block font-medium break-all text-fg">{outcome.file_name}</span> : null;
  if (outcome.status === 'imported') {
    // Days another trader's import holds stay theirs (issue 61): said, so the trader knows why fewer rows were stored.
    const kept = outcome.kept_days ?? [];
    return (
      <div className="text-sm">
        <p className="text-profit">
          {name}
          <Marked mark={marks.covered}>
            {intl.formatMessage(messages.imported, {
              days: outcome.days?.length ?? 0,
              rows: outcome.rows ?? 0,
              skipped: formatNumber(outcome.skipped_rows ?? 0),
            })}
          </Marked>
        </p>
        {kept.length > 0 && (
          <p className="text-fg-muted" data-testid="kept-days">
            {intl.formatMessage(messages.kept, {
              count: kept.length,
              days: intl.formatList(kept.map((day) => `${day.index} ${formatDate(day.trade_date)}`)),
            })}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="text-sm">
      <p className="font-medium text-loss">
        {name}
        <Marked mark={marks.missing}>{intl.formatMessage(messages.refused)}</Marked>
      </p>
      {/* Each reason is a coded server text, said in the trader's language; the columns and values it names stay as the file has them. */}
      <ul className="ms-4 list-disc" data-testid="refusal-lines">
        {(outcome.problems ?? []).map((problem, index) => {
          const reason = sayServerText(intl, problem.reason_i18n, problem.reason);
          return (
            <li key={index}>
              {problem.line === 0 ? intl.formatMessage(messages.wholeFile, { reason }) : intl.formatMessage(messages.problem, { line: problem.line, reason })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A file being imported: its bar while it is sent, then what the server did with it (each CSV of a ZIP). */
export function UploadRow({ upload }: { upload: Upload }) {
  const intl = useIntl();
  const { formatPercent, locale } = useFormat();
  const { file, sent, outcomes, error } = upload;
  const state =
    error !== null
      ? intl.formatMessage(messages.failedUpload)
      : outcomes !== null
        ? null
        : sent === null
          ? intl.formatMessage(messages.waiting)
          : intl.formatMessage(messages.uploading, { percent: formatPercent(sent, { maximumFractionDigits: 0 }) });
  return (
    <li className="flex flex-col gap-1 rounded-md border border-line p-3" data-testid="upload-row">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium break-all">{file.name}</span>
        <span className="text-sm text-fg-muted">{formatBytes(file.size, locale)}</span>
      </div>
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-brand [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-surface-muted [&::-webkit-progress-value]:bg-brand"
        max={1}
        value={outcomes !== null || error !== null ? 1 : (sent ?? 0)}
        aria-label={intl.formatMessage(messages.progressLabel, { file: file.name })}
      />
      {state !== null && <p className={`text-sm ${error === null ? 'text-fg-muted' : 'text-loss'}`}>{state}</p>}
      {error !== null && <p className="text-sm text-loss">{error}</p>}
      {outcomes?.map((outcome) => <Outcome key={outcome.file_name} outcome={outcome} many={outcomes.length > 1 || outcome.file_name !== file.name} />)}
    </li>
  );
}
