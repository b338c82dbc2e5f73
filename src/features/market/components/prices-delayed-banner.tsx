import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { liveFeed } from '@/features/market/feed/live-feed';
import { feedCondition } from '@/features/market/feed/feed-condition';
import { nowAtom } from '@/features/market/feed/now-atom';
import { closedPricesText, delayedText, marketMessages as m, unreachableText } from '@/features/market/market-messages';
import { useFormat } from '@/lib/format/use-format';
import { useNetworkState } from '@/lib/network/use-online-status';
import { store } from '@/lib/store';

/**
 * Says so when the prices stop arriving for 10 s (or the connection is gone, or the server stopped answering:
 * then the prices shown are the last ones, or the service worker's saved copy, each marked with its age), and
 * why there are none when the page opened offline: data never silently freezes, nor silently stays empty.
 * With the exchange closed it says that instead: the prices are the last close, orders go as AMOs.
 */
export function PricesDelayedBanner() {
  const intl = useIntl();
  const feed = liveFeed();
  const network = useNetworkState();
  const online = network.kind !== 'offline';
  const { formatTime, formatWeekdayTime } = useFormat();
  const now = useAtomValue(nowAtom, { store });
  const lastPriceAt = useAtomValue(feed.lastPriceAtAtom, { store });
  const mode = useAtomValue(feed.modeAtom, { store });
  const market = useAtomValue(feed.marketAtom, { store });
  if (mode === 'idle') return null;
  const condition = feedCondition({ network, market, lastPriceAt, now });
  const text = (): string | null => {
    // Offline before any price arrived (a reload without a connection): say why the chain has no prices.
    if (lastPriceAt === null && condition !== 'closed') return online ? null : intl.formatMessage(m.offlineNoPrices);
    switch (condition) {
      case 'offline':
        return intl.formatMessage(m.delayedOffline);
      // Online in name only (a captive portal, dead Wi-Fi): what shows is a saved copy, each price with its age.
      case 'unreachable':
        return intl.formatMessage(unreachableText, { time: formatTime(network.kind === 'unreachable' ? network.since : now) });
      // Nothing moves, and the server still answers: not a delay.
      case 'closed':
        return market?.next_open === undefined
          ? intl.formatMessage(m.closedPrices)
          : intl.formatMessage(closedPricesText, { open: formatWeekdayTime(market.next_open) });
      case 'delayed':
        return intl.formatMessage(delayedText, { seconds: Math.floor((now - (lastPriceAt ?? now)) / 1000) });
      default:
        return null;
    }
  };
  const said = text();
  if (said === null) return null;
  return <p role="status" className="rounded-md border border-warn/40 bg-warn/10 px-3 py-2 text-sm text-fg">{said}</p>;
}
