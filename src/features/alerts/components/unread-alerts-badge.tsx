import { useAtomValue } from 'jotai';
import { defineMessage, useIntl } from 'react-intl';
import { unreadAlertsAtom } from '@/features/alerts/model/unread-alerts';
import { useFormat } from '@/lib/format/use-format';

const unreadMessage = defineMessage<{ count: number }>({ id: 'alerts.badge.unread', defaultMessage: '{count, plural, one {# unread alert} other {# unread alerts}}' });
/** The badge's number when there are more than it shows: "99+". */
const beyondMessage = defineMessage<{ count: string }>({ id: 'alerts.badge.beyond', defaultMessage: '{count}+' });

/** Beyond this the badge says "99+": the feed itself has the number. */
const MOST_SHOWN = 99;

type Props = {
  /**
   * count: the number, read out with its words (the menu entry); dot: a mark on what leads to that entry (the
   * phone's menu button, the top bar's More), silent, since the entry says it. `className` places either.
   */
  variant: 'count' | 'dot';
  className?: string;
};

/** The alerts menu entry's unread mark; nothing while none are unread or the count is not known yet. */
export function UnreadAlertsBadge({ variant, className = '' }: Props) {
  const count = useAtomValue(unreadAlertsAtom);
  const intl = useIntl();
  const { formatNumber } = useFormat();
  if (count === null || count <= 0) return null;
  if (variant === 'dot') return <span aria-hidden="true" data-unread-dot="" className={`size-2.5 shrink-0 rounded-full bg-danger ring-2 ring-surface ${className}`} />;
  return (
    <span data-unread-alerts={count} className={`ms-auto shrink-0 ${className}`}>
      <span aria-hidden="true" className="inline-block min-w-5 rounded-full bg-danger px-1.5 text-center text-xs leading-5 font-semibold text-surface tabular-nums">
        {count > MOST_SHOWN ? intl.formatMessage(beyondMessage, { count: formatNumber(MOST_SHOWN) }) : formatNumber(count)}
      </span>
      <span className="sr-only">{intl.formatMessage(unreadMessage, { count })}</span>
    </span>
  );
}
