import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import StopCircleIcon from '@heroicons/react/24/outline/StopCircleIcon';
import { getBrokerAccounts } from '@/features/kill-switch/api/get-broker-accounts';
import { getKillSwitches } from '@/features/kill-switch/api/kill-switch-calls';
import { KillSwitchDialog } from '@/features/kill-switch/components/kill-switch-dialog';
import { killSwitchMessages as messages } from '@/features/kill-switch/kill-switch-messages';

/**
 * `?kill-switch=arm` on any screen opens the confirmation: the home-screen shortcut's and a notification
 * action's target; `?kill-switch=page` is the kill switch page's own button (the audit trail says which).
 */
export const killSwitchParam = 'kill-switch';

/** "Paper (PA1234)" for each armed account; its number alone when the accounts cannot be read. */
async function armedAccounts(): Promise<string[]> {
  const armed = (await getKillSwitches()).filter((entry) => entry.armed).map((entry) => entry.account_number);
  if (armed.length === 0) return [];
  const names = new Map((await getBrokerAccounts().catch(() => [])).map((account) => [account.account_number, account.name]));
  return armed.map((number) => (names.has(number) ? `${names.get(number)} (${number})` : number));
}

/**
 * The kill switch in the header of every screen: one tap opens its one confirmation. Red and labelled "on"
 * while any account's switch is armed, naming the accounts, so a trader sees at a glance whose entries are
 * blocked (one account's switch says nothing of the others').
 */
export function KillSwitchButton() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const asked = params.get(killSwitchParam);
  const [clicked, setClicked] = useState(false);
  const [armedNames, setArmedNames] = useState<string[]>([]);
  const armed = armedNames.length > 0;
  const open = clicked || asked === 'arm' || asked === 'page';
  // A push notification's action adds source=notification (sw/push.ts), so the audit says where it came from.
  const source = asked === 'arm' ? (params.get('source') === 'notification' ? 'notification' : 'shortcut') : asked === 'page' ? 'settings' : 'header';

  const refresh = useCallback(() => {
    armedAccounts()
      .then(setArmedNames)
      .catch(() => undefined);
  }, []);
  useEffect(refresh, [refresh]);

  const handleClose = () => {
    setClicked(false);
    refresh();
    if (params.has(killSwitchParam)) {
      params.delete(killSwitchParam);
      params.delete('source');
      setParams(params, { replace: true });
    }
  };

  const label = armed ? intl.formatMessage(messages.buttonArmedFor, { accounts: intl.formatList(armedNames, { type: 'conjunction' }) }) : intl.formatMessage(messages.button);
  return (
    <>
      <button
        type="button"
        onClick={() => setClicked(true)}
        aria-label={label}
        title={label}
        data-armed={armed || undefined}
        className={`inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-semibold ${
          armed ? 'bg-danger text-surface' : 'text-danger hover:bg-surface-muted'
        }`}
      >
        <StopCircleIcon className="size-6" aria-hidden="true" />
        <span className="hidden max-w-64 truncate md:inline">{label}</span>
      </button>
      {open && <KillSwitchDialog onClose={handleClose} source={source} />}
    </>
  );
}
