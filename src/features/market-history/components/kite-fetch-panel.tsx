import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { fetchKiteCandles, kiteHistoryIndices, type KiteCandlesFetched, type KiteHistoryIndex } from '@/features/market-history/api/market-history-calls';
import { FetchAccountField, FetchDaysAndButton, FetchIndexField, FetchPanel, FetchState } from '@/features/market-history/components/fetch-panel-parts';
import { Marked } from '@/features/market-history/components/marked';
import { marketHistoryMessages as messages } from '@/features/market-history/market-history-messages';
import { useFetchAccounts } from '@/features/market-history/hooks/use-fetch-accounts';
import { daysIn } from '@/features/market-history/model/days-in';
import { marks } from '@/features/market-history/model/marks';
import { sayRefusal } from '@/i18n/say-refusal';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';

/** The server's limits (openapi KiteCandlesFetch): a request spans at most 366 days, Kite sends 60 a request. */
const maxRangeDays = 366;
const daysPerKiteRequest = 60;

/**
 * Fetches an index's minute candles from one of the trader's Kite accounts (the historical API), shown only
 * to a trader who has a Kite account. One request to the server, which splits and paces Kite's requests;
 * meanwhile the panel says how many Kite requests that is.
 */
export function KiteFetchPanel({ onImported }: { onImported: () => void }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const { accounts, account, setAccountId } = useFetchAccounts('kite');
  const [index, setIndex] = useState<KiteHistoryIndex>('NIFTY');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fetched, setFetched] = useState<KiteCandlesFetched | null>(null);

  if (accounts === null || accounts.length === 0) return null;

  const refusalText = (failure: unknown): string => {
    if (!isApiError(failure)) return String(failure);
    if (failure.code === 'historical_data_not_enabled') return intl.formatMessage(messages.kiteNoHistoricalData);
    if (failure.code === 'broker_session_expired') return intl.formatMessage(messages.kiteSessionEnded);
    if (failure.code === 'no_candles') return intl.formatMessage(messages.kiteNoCandles, { index });
    return sayRefusal(intl, failure);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFetched(null);
    if (account === null) return;
    if (from === '' || to === '') return setError(intl.formatMessage(messages.rangeRequired));
    if (from > to) return setError(intl.formatMessage(messages.rangeOrder));
    if (daysIn(from, to) > maxRangeDays) return setError(intl.formatMessage(messages.kiteRangeTooLong));
    setError(null);
    setBusy(true);
    try {
      setFetched(await fetchKiteCandles({ broker_account_id: account.id, index, from, to }));
      onImported();
    } catch (failure) {
      setError(refusalText(failure));
    } finally {
      setBusy(false);
    }
  };

  const requests = from !== '' && to !== '' && from <= to ? Math.ceil(daysIn(from, to) / daysPerKiteRequest) : 1;
  const outcome = fetched?.files.find((file) => file.status === 'imported');
  const held = outcome?.kept_days ?? [];

  return (
    <FetchPanel id="history-kite" title={intl.formatMessage(messages.kiteTitle)} hint={intl.formatMessage(messages.kiteHint)}>
      <form className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start" onSubmit={(event) => void handleSubmit(event)}>
        <FetchAccountField label={intl.formatMessage(messages.kiteAccount)} accounts={accounts} account={account} busy={busy} onChange={setAccountId} />
        <FetchIndexField indices={kiteHistoryIndices} value={index} busy={busy} onChange={setIndex} />
        <FetchDaysAndButton from={from} to={to} onFrom={setFrom} onTo={setTo} busy={busy} button={intl.formatMessage(messages.kiteButton)} />
      </form>
      <FetchState
        account={account}
        logInFirst={intl.formatMessage(messages.kiteLogInFirst)}
        progress={busy ? { label: intl.formatMessage(messages.kiteTitle), text: intl.formatMessage(messages.kiteFetching, { requests }) } : null}
        error={error}
      />
      {fetched !== null && outcome !== undefined && (outcome.rows ?? 0) > 0 && (
        <p role="status" className="text-sm text-profit">
          <Marked mark={marks.covered}>
            {intl.formatMessage(messages.kiteFetched, { rows: outcome.rows ?? 0, days: (outcome.days?.length ?? 0) - held.length, requests: fetched.requests })}
          </Marked>
        </p>
      )}
      {/* Days another import holds (another broker's fetch, a file) are kept as they are: said so, never as "Stored 0". */}
      {fetched !== null && held.length > 0 && (
        <p role="status" className="text-sm text-fg" data-testid="kite-held-days">
          {intl.formatMessage(messages.kiteHeld, {
            count: held.length,
            days: intl.formatList(held.map((day) => intl.formatMessage(messages.kiteHeldDay, { day: `${day.index} ${formatDate(day.trade_date)}`, source: day.source ?? 'file' }))),
          })}
        </p>
      )}
    </FetchPanel>
  );
}
