import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { fetchUpstoxCandles, historyIndices, type HistoryIndex, type UpstoxCandlesFetched } from '@/features/market-history/api/market-history-calls';
import { FetchAccountField, FetchDaysAndButton, FetchIndexField, FetchPanel, FetchState } from '@/features/market-history/components/fetch-panel-parts';
import { Marked } from '@/features/market-history/components/marked';
import { marketHistoryMessages as messages } from '@/features/market-history/market-history-messages';
import { upstoxFetchMessages as upstoxMessages } from '@/features/market-history/upstox-fetch-messages';
import { useFetchAccounts } from '@/features/market-history/hooks/use-fetch-accounts';
import { daysIn } from '@/features/market-history/model/days-in';
import { marks } from '@/features/market-history/model/marks';
import { DateField } from '@/components/ui/date-field';
import { SelectField } from '@/components/ui/select-field';
import { sayRefusal } from '@/i18n/say-refusal';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';

/** The server's limits (openapi UpstoxCandlesFetch): 31 days a fetch, strikes_around 0 to 40 (10 by default). */
const maxRangeDays = 31;
const strikeChoices = [5, 10, 20, 40] as const;

/**
 * Fetches one expired expiry's option minutes (and the index's minutes of the same days) from one of the
 * trader's Upstox accounts, shown only to a trader who has one. One request to the server, which paces
 * Upstox's requests and answers when they are all in; a fetch cut short is resumed by asking again.
 */
export function UpstoxFetchPanel({ onImported }: { onImported: () => void }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const { accounts, account, setAccountId } = useFetchAccounts('upstox');
  const [index, setIndex] = useState<HistoryIndex>('NIFTY');
  const [expiry, setExpiry] = useState('');
  const [around, setAround] = useState<number>(10);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fetched, setFetched] = useState<UpstoxCandlesFetched | null>(null);

  if (accounts === null || accounts.length === 0) return null;

  const refusalText = (failure: unknown): string => {
    if (!isApiError(failure)) return String(failure);
    if (failure.code === 'broker_session_expired') return intl.formatMessage(upstoxMessages.sessionEnded);
    return sayRefusal(intl, failure);
  };

  const problem = (): string | null => {
    if (expiry === '') return intl.formatMessage(upstoxMessages.expiryRequired);
    if (from === '' || to === '') return intl.formatMessage(messages.rangeRequired);
    if (from > to) return intl.formatMessage(messages.rangeOrder);
    if (daysIn(from, to) > maxRangeDays) return intl.formatMessage(upstoxMessages.rangeTooLong);
    if (expiry < from) return intl.formatMessage(upstoxMessages.expiryBeforeFrom);
    return null;
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFetched(null);
    if (account === null) return;
    const refusal = problem();
    setError(refusal);
    if (refusal !== null) return;
    setBusy(true);
    try {
      setFetched(await fetchUpstoxCandles({ broker_account_id: account.id, index, from, to, expiries: [expiry], strikes_around: around }));
      onImported();
    } catch (failure) {
      setError(refusalText(failure));
    } finally {
      setBusy(false);
    }
  };

  const indexFile = fetched?.files.find((file) => file.status === 'imported');

  return (
    <FetchPanel id="history-upstox" title={intl.formatMessage(upstoxMessages.title)} hint={intl.formatMessage(upstoxMessages.hint)}>
      <form className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start" onSubmit={(event) => void handleSubmit(event)}>
        <FetchAccountField label={intl.formatMessage(upstoxMessages.account)} accounts={accounts} account={account} busy={busy} onChange={setAccountId} />
        <FetchIndexField indices={historyIndices} value={index} busy={busy} onChange={setIndex} />
        <DateField className="sm:w-48" label={intl.formatMessage(upstoxMessages.expiry)} value={expiry} onDayChange={setExpiry} disabled={busy} />
        <SelectField className="sm:w-64" label={intl.formatMessage(upstoxMessages.strikes)} value={around} disabled={busy} onChange={(event) => setAround(Number(event.target.value))}>
          {strikeChoices.map((count) => (
            <option key={count} value={count}>
              {intl.formatMessage(count === strikeChoices.at(-1) ? upstoxMessages.strikesAll : upstoxMessages.strikesAround, { count })}
            </option>
          ))}
        </SelectField>
        <FetchDaysAndButton from={from} to={to} onFrom={setFrom} onTo={setTo} busy={busy} button={intl.formatMessage(upstoxMessages.button)} />
      </form>
      <FetchState
        account={account}
        logInFirst={intl.formatMessage(upstoxMessages.logInFirst)}
        progress={busy ? { label: intl.formatMessage(upstoxMessages.title), text: intl.formatMessage(upstoxMessages.fetching, { index, expiry: formatDate(expiry) }) } : null}
        error={error}
      />
      {fetched !== null && (
        <div role="status" className="flex flex-col gap-1 text-sm text-profit">
          {fetched.option_minutes.map((outcome) => (
            <Marked key={outcome.expiry} mark={marks.covered}>
              {intl.formatMessage(upstoxMessages.fetchedExpiry, {
                candles: outcome.candles,
                contracts: outcome.fetched,
                expiry: formatDate(outcome.expiry),
                already: outcome.already_fetched,
              })}
            </Marked>
          ))}
          <span>{intl.formatMessage(upstoxMessages.fetchedIndex, { rows: indexFile?.rows ?? 0, days: indexFile?.days?.length ?? 0, requests: fetched.requests })}</span>
        </div>
      )}
    </FetchPanel>
  );
}
