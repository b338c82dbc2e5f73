import BeakerIcon from '@heroicons/react/20/solid/BeakerIcon';
import ExclamationTriangleIcon from '@heroicons/react/20/solid/ExclamationTriangleIcon';
import SignalIcon from '@heroicons/react/20/solid/SignalIcon';
import { useIntl } from 'react-intl';
import { feedLiveText, feedLoggedOutText, feedMissingText, priceSourceMessages as m } from '@/components/trading/price-source-messages';
import { cx } from '@/components/ui/class-names';
import { isolate } from '@/lib/format/isolate';
import { feedBrokerName, type PriceSource } from '@/lib/trading/price-source';

/**
 * Whose prices a paper account shows and fills at, in words ("Prices: Kite · AB1234 (live)", "Simulated
 * market"), its icon repeating it; a feed whose live account logged out says that orders are paused. Nothing
 * for a live account (its Live badge says it trades on its own broker). An inline box, so in a right-to-left
 * layout the icon stays with its words; the account number is isolated so its digits keep their order.
 */
export function PriceSourceNote({ source, className, iconOnPhone = false }: { source: PriceSource; className?: string; iconOnPhone?: boolean }) {
  const intl = useIntl();
  if (source.kind === 'own') return null;
  if (source.kind === 'simulator') {
    // `iconOnPhone`: under 640 px the beaker alone (its words kept for screen readers), where the demo badge
    // beside it already says the market is simulated and the indices need the room.
    return (
      <span data-price-source="simulator" title={intl.formatMessage(m.simulatedHint)} className={cx('inline-flex items-center gap-1', className)}>
        <BeakerIcon aria-hidden="true" className="size-3.5 shrink-0 text-brand" />
        <span className={iconOnPhone ? 'sr-only sm:not-sr-only' : undefined}>{intl.formatMessage(m.simulated)}</span>
      </span>
    );
  }
  const values = source.feed === null ? null : { broker: feedBrokerName(source.feed.broker), account: isolate(source.feed.account_number) };
  const words = values === null ? intl.formatMessage(feedMissingText) : intl.formatMessage(source.loggedIn ? feedLiveText : feedLoggedOutText, values);
  // Logged out is a warning; a feed the list does not hold yet (being read) is only named.
  const loggedOut = source.feed !== null && !source.loggedIn;
  const Icon = loggedOut ? ExclamationTriangleIcon : SignalIcon;
  return (
    <span
      data-price-source={loggedOut ? 'feed-logged-out' : 'feed'}
      title={intl.formatMessage(m.feedHint)}
      className={cx('inline-flex min-w-0 items-center gap-1', className, loggedOut && 'font-semibold text-warn')}
    >
      <Icon aria-hidden="true" className={cx('size-3.5 shrink-0', loggedOut ? 'text-warn' : 'text-profit')} />
      <span className="min-w-0 break-words">{words}</span>
    </span>
  );
}
