import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { liveFeed } from '@/features/market/feed/live-feed';
import { delayedAfterMs, nowAtom } from '@/features/market/feed/now-atom';
import { delayedText, marketMessages as m, unreachableText } from '@/features/market/market-messages';
import { useFormat } from '@/lib/format/use-format';
import { useNetworkState } from '@/lib/network/use-online-status';
import { store } from '@/lib/store';

/**
 * Says so when the prices stop arriving for 10 s (or the connection is gone, or the server stopped answering:
 * then the prices shown are the last ones, or the service worker's saved copy, each marked with its age), and
 * why there are none when the page opened offline: data never silently freezes, nor silently stays empty.
 */
export function PricesDelayedBanner() {
  const intl = useIntl();
  const feed = liveFeed();
  const network = useNetworkState();
  const online = network.kind !== 'offline';
  const { formatTime } = useFormat();
  const now = useAtomValue(nowAtom, { store });
  const lastMessageAt = useAtomValue(feed.lastMessageAtAtom, { store });
  const mode = useAtomValue(feed.modeAtom, { store });
  if (mode === 'idle') return null;
  const text = (): string | null => {
    // Offline before any price arrived (a reload without a connection): say why the chain has no prices.
    if (lastMessageAt === null) return online ? null : intl.formatMessage(m.offlineNoPrices);
    if (!online) return intl.formatMessage(m.delayedOffline);
    // Online in name only (a captive portal, dead Wi-Fi): what shows is a saved copy, each price with its age.
    if (network.kind === 'unreachable') return intl.formatMessage(unreachableText, { time: formatTime(network.since) });
    const silentMs = now - lastMessageAt;
    return silentMs < delayedAfterMs ? null : intl.formatMessage(delayedText, { seconds: Math.floor(silentMs / 1000) });
  };
  const said = text();
  if (said === null) return null;
  return <p role="status" className="rounded-md border border-warn/40 bg-warn/10 px-3 py-2 text-sm text-fg">{said}</p>;
}
