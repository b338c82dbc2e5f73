import CheckCircleIcon from '@heroicons/react/20/solid/CheckCircleIcon';
import MinusCircleIcon from '@heroicons/react/20/solid/MinusCircleIcon';
import { defineMessage, defineMessages, type MessageValue, useIntl } from 'react-intl';
import type { BrokerAccount } from '@/features/brokers/api/broker-types';
import { isSessionOpen } from '@/lib/session/session-open';
import { useFormat } from '@/lib/format/use-format';

const loggedInUntil = defineMessage<{ date: MessageValue; time: MessageValue }>({
  id: 'brokers.session.loggedInUntil',
  defaultMessage: 'Logged in until {date}, {time} IST',
});

const messages = defineMessages({
  loggedIn: { id: 'brokers.session.loggedIn', defaultMessage: 'Logged in' },
  loggedOut: { id: 'brokers.session.loggedOut', defaultMessage: 'Logged out' },
});

/** The broker session in words and an icon, never colour alone. */
export function SessionStatus({ account }: { account: BrokerAccount }) {
  const intl = useIntl();
  const { formatDate, formatHourMinute } = useFormat();
  if (!isSessionOpen(account)) {
    return (
      <span className="inline-flex items-start gap-1.5 text-fg-muted">
        <MinusCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {intl.formatMessage(messages.loggedOut)}
      </span>
    );
  }
  const ends = account.session_expires_at;
  return (
    <span className="inline-flex items-start gap-1.5 text-profit">
      <CheckCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span className="text-fg">
        {ends === null
          ? intl.formatMessage(messages.loggedIn)
          : intl.formatMessage(loggedInUntil, { date: formatDate(ends), time: formatHourMinute(ends) })}
      </span>
    </span>
  );
}
