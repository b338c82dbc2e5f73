import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import StopCircleIcon from '@heroicons/react/24/outline/StopCircleIcon';
import { laterPart, pendingClass } from '@/components/ui/later-part';
import { getBrokerAccounts } from '@/features/kill-switch/api/get-broker-accounts';
import { getKillSwitches } from '@/features/kill-switch/api/kill-switch-calls';
import { killSwitchMessages as messages } from '@/features/kill-switch/kill-switch-messages';
import { store } from '@/lib/store';
import { killSwitchesAtom, readKillSwitches } from '@/lib/trading/kill-switches';

/**
 * `?kill-switch=arm` on any screen opens the confirmation: the home-screen shortcut's and a notification
 * action's target; `?kill-switch=page` is the kill switch page's own button (the audit trail says which).
 */
export const killSwitchParam = 'kill-switch';

/**
 * The confirmation, with its dialog's code, loaded on its own: not before a screen's first drawing (issue 61), but
 * right after it (app/layouts/shell-parts.tsx preloads it, this first), or at the first tap if that comes sooner:
 * the tap is kept and the confirmation opens as the code arrives, the button saying it waits.
 */
export const KillSwitchDialog = laterPart(() => import('@/features/kill-switch/components/kill-switch-dialog').then((module) => module.KillSwitchDialog));

/** Each account's name by its number, read while some switch is on (the button names whose it is). */
function useAccountNames(armedKey: string): ReadonlyMap<string, string> {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    if (armedKey === '') return;
    let current = true;
    getBrokerAccounts()
      .then((accounts) => current && setNames(new Map(accounts.map((account) => [account.account_number, account.name]))))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [armedKey]);
  return names;
}

/**
 * The kill switch in the header of every screen: one tap opens its one confirmation. Red and saying how many
 * accounts are armed ("Kill switch · 1 armed", "1 armed" on a phone) while any account's switch is on, its
 * name naming them, so a trader sees at a glance whose entries are blocked (one account's switch says nothing
 * of the others'). It shows the switches' shared copy, which an arm's answer updates as it arrives.
 */
export function KillSwitchButton() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const asked = params.get(killSwitchParam);
  const [clicked, setClicked] = useState(false);
  const switches = useAtomValue(killSwitchesAtom, { store });
  const armedNumbers = (switches ?? []).filter((entry) => entry.armed).map((entry) => entry.account_number);
  const names = useAccountNames(armedNumbers.join(' '));
  const count = armedNumbers.length;
  const open = clicked || asked === 'arm' || asked === 'page';
  const { Part: Dialog, pending } = KillSwitchDialog.useWanted(open);
  // A push notification's action adds source=notification (sw/push.ts), so the audit says where it came from.
  const source = asked === 'arm' ? (params.get('source') === 'notification' ? 'notification' : 'shortcut') : asked === 'page' ? 'settings' : 'header';

  const refresh = useCallback(() => {
    readKillSwitches(getKillSwitches).catch(() => undefined);
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

  const label = count > 0 ? intl.formatMessage(messages.buttonArmed, { count }) : intl.formatMessage(messages.button);
  // "Paper (PA1234)" for each armed account; its number alone while the accounts are not read. Listed only when
  // one is armed: the browser's first list formatter loads its language's list data, 180 ms of a phone's 4×
  // slower CPU on the first render of every screen (a chart screen's CPU profile, docs/benchmarks.md).
  const name =
    count > 0
      ? intl.formatMessage(messages.buttonArmedFor, {
          count,
          accounts: intl.formatList(
            armedNumbers.map((number) => (names.has(number) ? `${names.get(number)} (${number})` : number)),
            { type: 'conjunction' },
          ),
        })
      : label;
  return (
    <>
      <button
        type="button"
        onClick={() => setClicked(true)}
        aria-label={name}
        title={name}
        data-armed={count > 0 || undefined}
        aria-busy={pending || undefined}
        className={`${pendingClass} inline-flex min-h-11 shrink-0 items-center gap-1 rounded-md px-2 text-sm font-semibold whitespace-nowrap ${
          count > 0 ? 'bg-danger text-surface' : 'text-danger hover:bg-surface-muted'
        }`}
      >
        <StopCircleIcon className="size-6" aria-hidden="true" />
        {/* A phone has room for the count only; the icon and the colour say whose it is. */}
        {count > 0 && <span className="md:hidden">{intl.formatMessage(messages.buttonArmedShort, { count })}</span>}
        <span className="hidden md:inline">{label}</span>
      </button>
      {open && Dialog && <Dialog onClose={handleClose} source={source} />}
    </>
  );
}
