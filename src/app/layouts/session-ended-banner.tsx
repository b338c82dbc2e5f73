import ExclamationTriangleIcon from '@heroicons/react/20/solid/ExclamationTriangleIcon';
import { useAtomValue } from 'jotai';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { useEndedSessions } from '@/app/session/use-ended-sessions';
import { brokersAtom } from '@/features/brokers/atoms/brokers-atom';
import { brokerName } from '@/features/brokers/broker-names';
import { RestartLoginButton } from '@/features/brokers/components/restart-login-button';
import { isolate } from '@/lib/format/isolate';
import { useFormat } from '@/lib/format/use-format';
import { store } from '@/lib/store';

const messages = defineMessages({
  region: { id: 'app.sessionEnded.region', defaultMessage: 'Broker logins needed' },
});

const endedText = defineMessage<{ broker: MessageValue; name: MessageValue; number: MessageValue; time: MessageValue }>({
  id: 'app.sessionEnded.text',
  defaultMessage:
    'Your {broker} session for {name} ({number}) ended at {time}. Log in again to see its positions and trade.',
});

/**
 * Above every screen of the shell while a live account's broker session ended without the trader logging
 * out (the broker refused the token, or the day's session ran out): names the account and its broker, with
 * the broker's login page one button away. Gone once the account is logged in again.
 */
export function SessionEndedBanner() {
  const intl = useIntl();
  const { formatDateTime } = useFormat();
  const brokers = useAtomValue(brokersAtom, { store });
  const ended = useEndedSessions();
  if (ended.length === 0) return null;
  return (
    <section aria-label={intl.formatMessage(messages.region)} data-testid="session-ended-banner" className="border-b border-danger/50 bg-danger/10 px-3 py-2 sm:px-6">
      <ul className="mx-auto flex max-w-content flex-col gap-2">
        {ended.map((account) => (
          <li key={account.id} className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p className="flex min-w-0 flex-1 basis-64 items-start gap-2 text-sm text-fg">
              <ExclamationTriangleIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
              <span>
                {intl.formatMessage(endedText, {
                  broker: brokerName(account.broker, brokers, intl),
                  name: isolate(account.name),
                  number: isolate(account.account_number),
                  time: formatDateTime(account.session_ended_at ?? ''),
                })}
              </span>
            </p>
            <RestartLoginButton accountId={account.id} accountName={account.name} />
          </li>
        ))}
      </ul>
    </section>
  );
}
