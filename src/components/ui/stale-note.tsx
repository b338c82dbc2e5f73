import ClockIcon from '@heroicons/react/24/outline/ClockIcon';
import { useState } from 'react';
import { defineMessage, useIntl, type MessageValue } from 'react-intl';
import { useFormat } from '@/lib/format/use-format';

export const staleMessage = defineMessage<{ time: MessageValue }>({
  id: 'load.stale',
  defaultMessage: 'Last known, as of {time} IST: it could not be refreshed.',
});

/**
 * Says that the value beside it is the last one the server gave, and when, because the latest attempt to
 * refresh it failed. The failure's cause is not repeated: the app's notifier or the Offline badge said it.
 * A copy from an earlier day (kept on the device, opened offline) names its day too: a time alone would read
 * as today's.
 */
export function StaleNote({ asOf }: { asOf: number }) {
  const intl = useIntl();
  const { formatTime, formatDate, formatDateTime } = useFormat();
  // Today as of when the note first showed (it mounts again with each screen the trader opens).
  const [shownAt] = useState(Date.now);
  const today = formatDate(asOf) === formatDate(shownAt);
  return (
    <p className="flex items-center gap-1.5 text-xs text-fg-muted">
      <ClockIcon aria-hidden="true" className="size-4 shrink-0 text-warn" />
      {intl.formatMessage(staleMessage, { time: today ? formatTime(asOf) : formatDateTime(asOf) })}
    </p>
  );
}
