import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { brokerCandleIndices, fetchBrokerCandles, type BrokerCandlesFetched, type CandleInterval, type HistoryIndex } from '@/features/market-history/api/market-history-calls';
import { brokerFetchMessages as brokerMessages } from '@/features/market-history/broker-fetch-messages';
import { BrokerOptionFields, noOptions, type OptionChoice } from '@/features/market-history/components/broker-option-fields';
import { FetchAccountField, FetchChoiceField, FetchDaysAndButton, FetchIndexField, FetchPanel, FetchState } from '@/features/market-history/components/fetch-panel-parts';
import { Marked } from '@/features/market-history/components/marked';
import { marketHistoryMessages as messages } from '@/features/market-history/market-history-messages';
import { useFetchAccounts } from '@/features/market-history/hooks/use-fetch-accounts';
import { daysIn } from '@/features/market-history/model/days-in';
import { marks } from '@/features/market-history/model/marks';
import { strikesBetween } from '@/features/market-history/model/strike-range';
import { sayRefusal } from '@/i18n/say-refusal';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';

/** The server's limits (openapi BrokerCandlesFetch): a fetch spans at most 366 days. */
const maxRangeDays = 366;
const brokers = ['dhan', 'shoonya', 'flattrade'] as const;
/** The brokers' own names, which no language translates. */
const brokerNames: Readonly<Record<string, string>> = { dhan: 'Dhan', shoonya: 'Shoonya', flattrade: 'Flattrade' };
const intervals: readonly CandleInterval[] = ['minute', 'day'];

/**
 * Fetches an index's one-minute or daily candles from one of the trader's Dhan, Shoonya or Flattrade accounts,
 * shown only to a trader who has one, and with minutes, if asked, one listed expiry's option minutes over a range
 * of strikes. One request to the server, which paces the broker's requests under its data limits and answers when
 * every one is in; the broker's refusals are the server's words.
 */
export function BrokerFetchPanel({ onImported }: { onImported: () => void }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  const { accounts, account, setAccountId } = useFetchAccounts(brokers);
  const [index, setIndex] = useState<HistoryIndex>('NIFTY');
  const [interval, setInterval] = useState<CandleInterval>('minute');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [optionChoice, setOptionChoice] = useState<OptionChoice>(noOptions);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fetched, setFetched] = useState<BrokerCandlesFetched | null>(null);

  if (accounts === null || accounts.length === 0) return null;
  const indices = account === null ? brokerCandleIndices.dhan : brokerCandleIndices[account.broker as (typeof brokers)[number]];
  const chosenIndex = indices.includes(index) ? index : 'NIFTY';
  // Options are fetched with minutes only (the server's rule): an expiry asks for them.
  const withOptions = interval === 'minute' && optionChoice.expiry !== '';
  const range = strikesBetween(optionChoice.low, optionChoice.high, optionChoice.step);
  const strikes = 'strikes' in range ? range.strikes : [];

  const problem = (): string | null => {
    if (from === '' || to === '') return intl.formatMessage(messages.rangeRequired);
    if (from > to) return intl.formatMessage(messages.rangeOrder);
    if (daysIn(from, to) > maxRangeDays) return intl.formatMessage(messages.kiteRangeTooLong);
    if (!withOptions) return null;
    if (optionChoice.expiry < from) return intl.formatMessage(brokerMessages.expiryBeforeFrom);
    if ('problem' in range) {
      return intl.formatMessage(range.problem === 'order' ? brokerMessages.strikesOrder : range.problem === 'too_many' ? brokerMessages.strikesTooMany : brokerMessages.strikesIncomplete);
    }
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
      const options = withOptions ? { options: { expiries: [optionChoice.expiry], strikes } } : {};
      setFetched(await fetchBrokerCandles({ broker_account_id: account.id, index: chosenIndex, interval, from, to, ...options }));
      onImported();
    } catch (failure) {
      setError(isApiError(failure) ? sayRefusal(intl, failure) : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const outcome = fetched?.files.find((file) => file.status === 'imported');
  const broker = account === null ? '' : (brokerNames[account.broker] ?? account.broker);
  const progressText = withOptions
    ? intl.formatMessage(brokerMessages.fetchingOptions, { broker, index: chosenIndex, expiry: formatDate(optionChoice.expiry), strikes: strikes.length })
    : intl.formatMessage(brokerMessages.fetching, { broker });

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
        {interval === 'minute' && <BrokerOptionFields choice={optionChoice} busy={busy} onChange={setOptionChoice} />}
        <FetchDaysAndButton from={from} to={to} onFrom={setFrom} onTo={setTo} busy={busy} button={intl.formatMessage(brokerMessages.button)} />
      </form>
      <FetchState
        account={account}
        logInFirst={intl.formatMessage(brokerMessages.logInFirst)}
        progress={busy ? { label: intl.formatMessage(brokerMessages.title), text: progressText } : null}
        error={error}
      />
      {fetched !== null && (outcome !== undefined || fetched.option_minutes !== undefined) && (
        <div role="status" className="flex flex-col gap-1 text-sm text-profit">
          {fetched.option_minutes?.map((expiry) => (
            <Marked key={expiry.expiry} mark={marks.covered}>
              {intl.formatMessage(brokerMessages.fetchedExpiry, { candles: expiry.candles, contracts: expiry.fetched, expiry: formatDate(expiry.expiry), already: expiry.already_fetched })}
            </Marked>
          ))}
          <Marked mark={marks.covered}>
            {intl.formatMessage(brokerMessages.fetched, { rows: outcome?.rows ?? 0, interval, days: outcome?.days?.length ?? 0, requests: fetched.requests })}
          </Marked>
        </div>
      )}
    </FetchPanel>
  );
}
