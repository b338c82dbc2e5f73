import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { historyIndices, importHistoryFile, type HistoryIndex } from '@/features/market-history/api/market-history-calls';
import { ImportQueueLine } from '@/features/market-history/components/import-queue-line';
import { UploadRow, type Upload } from '@/features/market-history/components/upload-row';
import { marketHistoryMessages as messages } from '@/features/market-history/market-history-messages';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { sayRefusal } from '@/i18n/say-refusal';
import { isApiError } from '@/lib/api/api-error';

let uploadCount = 0;

/**
 * Chooses files and sends them one a request, one after the other: each has its own progress bar and its own
 * answer, a refused file does not hold the others back, and the server parses one file at a time.
 */
export function UploadPanel({ onImported }: { onImported: () => void }) {
  const intl = useIntl();
  const input = useRef<HTMLInputElement>(null);
  const [index, setIndex] = useState<HistoryIndex | ''>('');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [busy, setBusy] = useState(false);

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const files = [...(input.current?.files ?? [])];
    if (files.length === 0) return;
    const queued = files.map((file): Upload => ({ key: `upload-${(uploadCount += 1)}`, file, sent: null, outcomes: null, error: null }));
    setUploads(queued);
    setBusy(true);
    for (const upload of queued) {
      update(upload.key, { sent: 0 });
      try {
        const outcomes = await importHistoryFile(upload.file, index === '' ? null : index, (sent) => update(upload.key, { sent }));
        update(upload.key, { outcomes, sent: 1 });
        // The coverage above follows each file, not the batch's end: a year is ~250 files, and "No history imported
        // yet" above eleven imported ones reads as lost work (issue 62).
        if (outcomes.some((outcome) => outcome.status === 'imported')) onImported();
      } catch (failure) {
        update(upload.key, { error: isApiError(failure) ? sayRefusal(intl, failure) : String(failure) });
      }
    }
    setBusy(false);
    if (input.current !== null) input.current.value = '';
  };

  return (
    <section className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4" aria-labelledby="history-upload">
      <h2 id="history-upload" className="text-lg font-semibold">
        {intl.formatMessage(messages.upload)}
      </h2>
      <p className="text-sm text-fg-muted">{intl.formatMessage(messages.uploadHint)}</p>
      <form className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end" onSubmit={(event) => void handleSubmit(event)}>
        <label className="flex min-w-0 flex-col gap-1 sm:flex-1">
          <span className="font-medium">{intl.formatMessage(messages.files)}</span>
          <input
            ref={input}
            type="file"
            multiple
            accept=".csv,.zip,text/csv,application/zip"
            disabled={busy}
            className="min-h-11 w-full text-sm file:me-3 file:min-h-11 file:rounded-md file:border file:border-line file:bg-surface-muted file:px-3 file:text-fg"
          />
        </label>
        <SelectField
          className="sm:w-56"
          label={intl.formatMessage(messages.minuteIndex)}
          hint={intl.formatMessage(messages.minuteIndexHint)}
          value={index}
          disabled={busy}
          onChange={(event) => setIndex(historyIndices.find((name) => name === event.target.value) ?? '')}
        >
          <option value="">{intl.formatMessage(messages.fromFileName)}</option>
          {historyIndices.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" busy={busy} className="sm:mb-6">
          {intl.formatMessage(messages.importButton)}
        </Button>
      </form>
      <ImportQueueLine active={busy} />
      {uploads.length > 1 && <BatchProgress uploads={uploads} />}
      {uploads.length > 0 && (
        <ul className="flex flex-col gap-2" aria-live="polite">
          {uploads.map((upload) => (
            <UploadRow key={upload.key} upload={upload} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A year is about 250 files: one bar for the whole batch above each file's own, so the trader sees how far it is. */
function BatchProgress({ uploads }: { uploads: Upload[] }) {
  const intl = useIntl();
  const done = uploads.filter((upload) => upload.outcomes !== null || upload.error !== null).length;
  const total = uploads.length;
  return (
    <div className="flex flex-col gap-1" data-testid="batch-progress">
      <p className="text-sm font-medium">{intl.formatMessage(messages.batchProgress, { done, total })}</p>
      <progress
        className="h-2 w-full overflow-hidden rounded-full accent-brand [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-surface-muted [&::-webkit-progress-value]:bg-brand"
        value={done}
        max={total}
        aria-label={intl.formatMessage(messages.batchProgressLabel, { total })}
      />
    </div>
  );
}
