import { useCallback, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import StopCircleIcon from '@heroicons/react/24/outline/StopCircleIcon';
import { getKillSwitches } from '@/features/kill-switch/api/kill-switch-calls';
import { KillSwitchDialog } from '@/features/kill-switch/components/kill-switch-dialog';
import { killSwitchMessages as messages } from '@/features/kill-switch/kill-switch-messages';

/**
 * `?kill-switch=arm` on any screen opens the confirmation: the home-screen shortcut's and a notification
 * action's target; `?kill-switch=page` is the kill switch page's own button (the audit trail says which).
 */
export const killSwitchParam = 'kill-switch';

/**
 * The kill switch in the header of every screen: one tap opens its one confirmation. Red and labelled "on"
 * while any account's switch is armed, so a trader sees at a glance that entries are blocked.
 */
export function KillSwitchButton() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const asked = params.get(killSwitchParam);
  const [clicked, setClicked] = useState(false);
  const [armed, setArmed] = useState(false);
  const open = clicked || asked === 'arm' || asked === 'page';
  // A push notification's action adds source=notification (sw/push.ts), so the audit says where it came from.
  const source = asked === 'arm' ? (params.get('source') === 'notification' ? 'notification' : 'shortcut') : asked === 'page' ? 'settings' : 'header';

  const refresh = useCallback(() => {
    getKillSwitches()
      .then((list) => setArmed(list.some((entry) => entry.armed)))
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

  const label = intl.formatMessage(armed ? messages.buttonArmed : messages.button);
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
        <span className="hidden md:inline">{label}</span>
      </button>
      {open && <KillSwitchDialog onClose={handleClose} source={source} />}
    </>
  );
}
