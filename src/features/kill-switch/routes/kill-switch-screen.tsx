import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { getBrokerAccounts, type BrokerAccount } from '@/features/kill-switch/api/get-broker-accounts';
import { disarmKillSwitch, getKillSwitches, type KillSwitch, type KillSwitchEvent } from '@/features/kill-switch/api/kill-switch-calls';
import { killSwitchParam } from '@/features/kill-switch/components/kill-switch-button';
import { RiskLimitsForm } from '@/features/kill-switch/components/risk-limits-form';
import { killSwitchPageMessages as messages } from '@/features/kill-switch/kill-switch-messages';
import { sayServerText } from '@/i18n/say-server-text';
import { sayRefusal } from '@/i18n/say-refusal';
import { TradingModeBadge } from '@/components/trading/trading-mode-badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormError } from '@/components/ui/form-error';
import { LoadStatus } from '@/components/ui/load-status';
import { StaleNote } from '@/components/ui/stale-note';
import { useReloadWhenOnline } from '@/lib/network/use-reload-when-online';
import { useLastKnown } from '@/lib/persist/last-known';
import { PageHeader } from '@/components/ui/page-header';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { store } from '@/lib/store';
import { keepSwitch, killSwitchesAtom, readKillSwitches } from '@/lib/trading/kill-switches';
import { tradingModeOf } from '@/lib/trading/trading-mode';
import StopCircleIcon from '@heroicons/react/24/outline/StopCircleIcon';

const sourceMessages = {
  header: messages.sourceHeader,
  shortcut: messages.sourceShortcut,
  notification: messages.sourceNotification,
  settings: messages.sourceSettings,
  risk_limit: messages.sourceRiskLimit,
} as const;

/** /app/kill-switch: each account's switch (turn it off with the typed account number), its history and its limits. */
export function KillSwitchScreen() {
  const intl = useIntl();
  // The switches' shared copy: an arm's answer turns a card on at once, behind the result dialog.
  const switches = useAtomValue(killSwitchesAtom, { store });
  const [failed, setFailed] = useState(false);
  // "Stop all accounts" opens the header's own confirmation (one dialog for the whole app); when it closes
  // the parameter goes, and the switches are read again.
  const [params, setParams] = useSearchParams();
  const stopping = params.has(killSwitchParam);

  const [stamp, setStamp] = useState(0);
  const load = useCallback(() => setStamp((value) => value + 1), []);
  useEffect(() => {
    let current = true;
    readKillSwitches(getKillSwitches)
      .then(() => current && setFailed(false))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [stamp, stopping]);
  // The accounts only name the switches (and say paper or live): without them each switch still works.
  const [accounts, setAccounts] = useState<BrokerAccount[]>([]);
  useEffect(() => {
    let current = true;
    getBrokerAccounts()
      .then((list) => current && setAccounts(list))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [stamp]);

  // Offline or with the server unreachable, the last-known switches show "as of" their time, not "could not be loaded".
  // A copy read before this page's own read failed is no fresher than the kept one: it shows "as of" too.
  const lastKnown = useLastKnown('kill-switch:list', failed ? undefined : (switches ?? undefined), failed);
  const shown = lastKnown.value ?? null;
  useReloadWhenOnline(failed, load);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={intl.formatMessage(messages.title)}
        description={intl.formatMessage(messages.description)}
        actions={
          switches !== null && switches.length > 0 ? (
            <Button variant="danger" onClick={() => setParams({ [killSwitchParam]: 'page' })}>
              {intl.formatMessage(messages.stopAll)}
            </Button>
          ) : null
        }
      />
      {lastKnown.asOf !== null && <StaleNote asOf={lastKnown.asOf} />}
      {shown === null ? (
        <LoadStatus loadingText={intl.formatMessage(messages.loading)} failedText={intl.formatMessage(messages.failed)} failed={failed} onRetry={load} />
      ) : shown.length === 0 ? (
        <EmptyState icon={StopCircleIcon} title={intl.formatMessage(messages.noAccountsTitle)} description={intl.formatMessage(messages.noAccounts)} />
      ) : (
        shown.map((entry) => (
          <AccountSwitch
            key={entry.account_number}
            entry={entry}
            account={accounts.find((account) => account.account_number === entry.account_number)}
            onChanged={load}
          />
        ))
      )}
    </div>
  );
}

function AccountSwitch({ entry, account, onChanged }: { entry: KillSwitch; account: BrokerAccount | undefined; onChanged: () => void }) {
  const intl = useIntl();
  const { formatDateTime } = useFormat();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // What the server says the disarm did: what stays as it was (orders, stopped bots), or that another device
  // had already turned it off; the state line alone would not tell either.
  const [done, setDone] = useState<string | null>(null);

  const handleDisarm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const answer = await disarmKillSwitch(entry.account_number, typed);
      keepSwitch(answer.kill_switch);
      setDone(sayServerText(intl, answer.message_i18n, answer.message));
      setTyped('');
      onChanged();
    } catch (failure) {
      setError(isApiError(failure) ? sayRefusal(intl, failure) : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4" aria-labelledby={`switch-${entry.account_number}`} data-testid="account-switch">
      <div className="flex flex-col gap-1">
        <h2 id={`switch-${entry.account_number}`} className="text-lg font-semibold">
          {entry.account_number}
        </h2>
        {account !== undefined && (
          <p className="flex flex-wrap items-center gap-2 text-sm text-fg">
            <TradingModeBadge mode={tradingModeOf(account)} />
            <span className="min-w-0 break-words">{account.name}</span>
          </p>
        )}
        <p className={`font-medium ${entry.armed ? 'text-loss' : 'text-profit'}`} data-testid="switch-state">
          {entry.armed ? intl.formatMessage(messages.on, { time: formatDateTime(entry.armed_at!) }) : intl.formatMessage(messages.off)}
        </p>
        {entry.armed && entry.reason !== null && <p className="text-sm">{intl.formatMessage(messages.reason, { reason: sayServerText(intl, entry.reason_i18n, entry.reason) })}</p>}
        {entry.armed && entry.cool_off_until !== null && (
          <p className="text-sm text-fg-muted">{intl.formatMessage(messages.coolOffUntil, { time: formatDateTime(entry.cool_off_until) })}</p>
        )}
        {/* The broker's own switch (Dhan's), read from the broker: on, it refuses every order on the account for the day. */}
        {entry.broker_switch !== undefined && (
          <p className={`text-sm ${entry.broker_switch.state === 'on' ? 'text-loss' : 'text-fg-muted'}`} data-testid="broker-switch-state">
            {sayServerText(intl, entry.broker_switch.message_i18n, entry.broker_switch.message)}
          </p>
        )}
      </div>
      {entry.armed && (
        <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={(event) => void handleDisarm(event)}>
          <TextField
            className="sm:flex-1"
            label={intl.formatMessage(messages.disarmLabel, { account: entry.account_number })}
            hint={intl.formatMessage(messages.disarmHint)}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" variant="secondary" busy={busy} disabled={typed.trim() === ''}>
            {intl.formatMessage(messages.disarm)}
          </Button>
        </form>
      )}
      <FormError>{error}</FormError>
      <p role="status" className="break-words text-sm empty:hidden" data-testid="disarm-outcome">
        {done}
      </p>
      <RiskLimitsForm accountNumber={entry.account_number} />
      {entry.events.length > 0 && (
        <details>
          <summary className="cursor-pointer font-medium">{intl.formatMessage(messages.history)}</summary>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {entry.events.map((event, index) => (
              <EventLine key={index} event={event} />
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function EventLine({ event }: { event: KillSwitchEvent }) {
  const intl = useIntl();
  const { formatDateTime } = useFormat();
  const values = { time: formatDateTime(event.at), source: intl.formatMessage(sourceMessages[event.source]), summary: sayServerText(intl, event.summary_i18n, event.summary) };
  return <li>{intl.formatMessage(event.action === 'arm' ? messages.eventArm : messages.eventDisarm, values)}</li>;
}
