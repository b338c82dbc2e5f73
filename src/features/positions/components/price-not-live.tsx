import SignalSlashIcon from '@heroicons/react/16/solid/SignalSlashIcon';
import { useIntl } from 'react-intl';
import { notLiveTotalText, positionMessages } from '@/features/positions/position-messages';

const tone = 'inline-flex items-center gap-1 rounded bg-warn/15 px-1 text-xs font-medium text-warn';

/**
 * Beside a position whose P&L is marked at its last trade's price for want of a quote (position-marks.ts):
 * a word and an icon, the reason in its title and read with it, so that figure is never taken for a live one.
 */
export function PriceNotLiveBadge({ className = '' }: { className?: string }) {
  const intl = useIntl();
  const hint = intl.formatMessage(positionMessages.notLiveHint);
  return (
    <span className={`${tone} ${className}`} title={hint} data-field="price-not-live">
      <SignalSlashIcon aria-hidden="true" className="size-3.5 shrink-0" />
      <span aria-hidden="true">{intl.formatMessage(positionMessages.notLive)}</span>
      <span className="sr-only">{hint}</span>
    </span>
  );
}

/** Beside a total: how many of the positions it adds up have no live price (nothing when all do). */
export function NotLiveTotal({ count, id, className = '' }: { count: number; id?: string | undefined; className?: string }) {
  const intl = useIntl();
  if (count === 0) return null;
  return (
    <span id={id} className={`${tone} ${className}`} data-field="total-not-live">
      <SignalSlashIcon aria-hidden="true" className="size-3.5 shrink-0" />
      {intl.formatMessage(notLiveTotalText, { count })}
    </span>
  );
}
