import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { deleteHistoryDays, historyIndices, type HistoryDeleted, type HistoryIndex } from '@/features/market-history/api/market-history-calls';
import { marketHistoryMessages as messages } from '@/features/market-history/market-history-messages';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateField } from '@/components/ui/date-field';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { sayRefusal } from '@/i18n/say-refusal';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';

/** Deletes the days the trader imported in a range (the server keeps other traders' days and says how many). */
export function DeleteRangeForm({ onDeleted }: { onDeleted: () => void }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [index, setIndex] = useState<HistoryIndex | ''>('');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<HistoryDeleted | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDeleted(null);
    if (from === '' || to === '') return setError(intl.formatMessage(messages.rangeRequired));
    if (from > to) return setError(intl.formatMessage(messages.rangeOrder));
    setError(null);
    setAsking(true);
  };

  const handleConfirm = async () => {
    setBusy(true);
    try {
      setDeleted(await deleteHistoryDays(from, to, index === '' ? null : index));
      setAsking(false);
      onDeleted();
    } catch (failure) {
      setError(isApiError(failure) ? sayRefusal(intl, failure) : String(failure));
      setAsking(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4" aria-labelledby="history-delete">
      <h2 id="history-delete" className="text-lg font-semibold">
        {intl.formatMessage(messages.deleteTitle)}
      </h2>
      <p className="text-sm text-fg-muted">{intl.formatMessage(messages.deleteHint)}</p>
      <form className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start" onSubmit={handleSubmit}>
        <DateField className="sm:w-48" label={intl.formatMessage(messages.from)} value={from} onDayChange={setFrom} />
        <DateField className="sm:w-48" label={intl.formatMessage(messages.to)} value={to} onDayChange={setTo} />
        <SelectField
          className="sm:w-48"
          label={intl.formatMessage(messages.index)}
          value={index}
          onChange={(event) => setIndex(historyIndices.find((name) => name === event.target.value) ?? '')}
        >
          <option value="">{intl.formatMessage(messages.allIndices)}</option>
          {historyIndices.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="danger" className="sm:mt-7">
          {intl.formatMessage(messages.deleteButton)}
        </Button>
      </form>
      <FormError>{error}</FormError>
      {deleted !== null && (
        <p role="status" className="text-sm">
          {intl.formatMessage(messages.deleted, {
            options: deleted.option_rows,
            candles: deleted.minute_candles,
            kept: deleted.kept_other_traders_rows,
          })}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        title={intl.formatMessage(messages.confirmDelete)}
        description={intl.formatMessage(messages.deleteRange, {
          from: from === '' ? '' : formatDate(from),
          to: to === '' ? '' : formatDate(to),
          index: index === '' ? intl.formatMessage(messages.allIndices) : index,
        })}
        confirmLabel={intl.formatMessage(messages.deleteButton)}
        busy={busy}
        onConfirm={() => void handleConfirm()}
        onClose={() => setAsking(false)}
      />
    </section>
  );
}
