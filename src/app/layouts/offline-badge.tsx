import { defineMessages, useIntl } from 'react-intl';
import SignalSlashIcon from '@heroicons/react/24/outline/SignalSlashIcon';
import { useOnlineStatus } from '@/lib/network/use-online-status';

const messages = defineMessages({
  offline: { id: 'app.header.offline', defaultMessage: 'Offline' },
  offlineHint: {
    id: 'app.header.offlineHint',
    defaultMessage: 'You are offline. Saved screens still open; trading needs a connection.',
  },
});

/** Tells the trader at a glance that the connection is gone (flaky mobile networks are the norm). */
export function OfflineBadge() {
  const intl = useIntl();
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <span
      role="status"
      title={intl.formatMessage(messages.offlineHint)}
      className="inline-flex items-center gap-1 rounded-full bg-warn/15 px-2.5 py-1 text-xs font-semibold text-warn"
    >
      <SignalSlashIcon className="size-4" aria-hidden="true" />
      {intl.formatMessage(messages.offline)}
    </span>
  );
}
