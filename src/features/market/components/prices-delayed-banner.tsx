import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { liveFeed } from '@/features/market/feed/live-feed';
import { delayedAfterMs, nowAtom } from '@/features/market/feed/now-atom';
import { delayedText, marketMessages as m } from '@/features/market/market-messages';
import { useOnlineStatus } from '@/lib/network/use-online-status';
import { store } from '@/lib/store';

/** Says so when the prices stop arriving for 10 s (or the connection is gone): data never silently freezes. */
export function PricesDelayedBanner() {
  const intl = useIntl();
  const feed = liveFeed();
  const online = useOnlineStatus();
  const now = useAtomValue(nowAtom, { store });
  const lastMessageAt = useAtomValue(feed.lastMessageAtAtom, { store });
  const mode = useAtomValue(feed.modeAtom, { store });
  if (mode === 'idle' || lastMessageAt === null) return null;
  const silentMs = now - lastMessageAt;
  if (online && silentMs < delayedAfterMs) return null;
  return (
    <p role="status" className="rounded-md border border-warn/40 bg-warn/10 px-3 py-2 text-sm text-fg">
      {online ? intl.formatMessage(delayedText, { seconds: Math.floor(silentMs / 1000) }) : intl.formatMessage(m.delayedOffline)}
    </p>
  );
}
