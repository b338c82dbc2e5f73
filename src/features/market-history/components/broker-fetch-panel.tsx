import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { brokerCandleIndices, fetchBrokerCandles, type BrokerCandlesFetched, type CandleInterval, type HistoryIndex } from '@/features/market-history/api/market-history-calls';
import { brokerFetchMessages as brokerMessages } from '@/features/market-history/broker-fetch-messages';
import { FetchAccountField, FetchChoiceField, FetchDaysAndButton, FetchIndexField, FetchPanel, FetchState } from '@/features/market-history/components/fetch-panel-parts';
import { Marked } from '@/features/market-history/components/marked';
import { marketHistoryMessages as messages } from '@/features/market-history/market-history-messages';
import { useFetchAccounts } from '@/features/market-history/hooks/use-fetch-accounts';
import { daysIn } from '@/features/market-history/model/days-in';
import { marks } from '@/features/market-history/model/marks';
import { sayRefusal } from '@/i18n/say-refusal';
import { isApiError } from '@/lib/api/api-error';

/** The server's limits (openapi BrokerCandlesFetch): a fetch spans at most 366 days. */
const maxRangeDays = 366;
const brokers = ['dhan', 'shoonya', 'flattrade'] as const;
/** The brokers' own names, which no language translates. */
const brokerNames: Readonly<Record<string, string>> = { dhan: 'Dhan', shoonya: 'Shoonya', flattrade: 'Flattrade' };
const intervals: readonly CandleInterval[] = ['minute', 'day'];

/**
 * Fetches an index's one-minute or daily candles from one of the trader's Dhan, Shoonya or Flattrade accounts,
 * shown only to a trader who has one. One request to the server, which asks the broker in its windows and
 * answers when every window is in; the broker's refusals are the server's words.
 */
export function BrokerFetchPanel({ onImported }: { onImported: () => void }) {
  const intl = useIntl();
  const { accounts, account, setAccountId } = useFetchAccounts(brokers);
  const [index, setIndex] = useState<HistoryIndex>('NIFTY');
  const [interval, setInterval] = useState<CandleInterval>('minute');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fetched, setFetched] = useState<BrokerCandlesFetched | null>(null);

  if (accounts === null || accounts.length === 0) return null;
  const indices = account === null ? brokerCandleIndices.dhan : brokerCandleIndices[account.broker as (typeof brokers)[number]];
  const chosenIndex = indices.includes(index) ? index : 'NIFTY';

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
      setFetched(await fetchBrokerCandles({ broker_account_id: account.id, index: chosenIndex, interval, from, to }));
      onImported();
    } catch (failure) {
      setError(isApiError(failure) ? sayRefusal(intl, failure) : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const outcome = fetched?.files.find((file) => file.status === 'imported');
  const broker = account === null ? '' : (brokerNames[account.broker] ?? account.broker);

  return (
    <FetchPanel id="history-broker" title={intl.formatMessage(brokerMessages.title)} hint={intl.formatMessage(brokerMessages.hint)}>
      <form className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start" onSubmit={(event) => void handleSubmit(event)}>
        <FetchAccountField label={intl.formatMessage(brokerMessages.account)} accounts={accounts} account={account} busy={busy} onChange={setAccountId} />
        <FetchIndexField indices={indices} value={chosenIndex} busy={busy} onChange={setIndex} />
        <FetchChoiceField
          label={intl.formatMessage(brokerMessages.interval)}
          options={intervals}
          value={interval}
          busy={busy}
          onChange={setInterval}
          optionLabel={(name) => intl.formatMessage(brokerMessages[name])}
        />
        <FetchDaysAndButton from={from} to={to} onFrom={setFrom} onTo={setTo} busy={busy} button={intl.formatMessage(brokerMessages.button)} />
      </form>
      <FetchState
        account={account}
        logInFirst={intl.formatMessage(brokerMessages.logInFirst)}
        progress={busy ? { label: intl.formatMessage(brokerMessages.title), text: intl.formatMessage(brokerMessages.fetching, { broker }) } : null}
        error={error}
      />
      {fetched !== null && outcome !== undefined && (
        <p role="status" className="text-sm text-profit">
          <Marked mark={marks.covered}>
            {intl.formatMessage(brokerMessages.fetched, { rows: outcome.rows ?? 0, interval, days: outcome.days?.length ?? 0, requests: fetched.requests })}
          </Marked>
        </p>
      )}
    </FetchPanel>
  );
}
