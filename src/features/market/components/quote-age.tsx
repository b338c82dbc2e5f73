import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { nowAtom, staleAfterMs } from '@/features/market/feed/now-atom';
import { ageMinutesText, ageText } from '@/features/market/market-messages';
import { store } from '@/lib/store';

/** "12 s old" once a price is older than 5 s; nothing while it is fresh. */
export function QuoteAge({ timestamp }: { timestamp: string | undefined }) {
  const intl = useIntl();
  const now = useAtomValue(nowAtom, { store });
  if (timestamp === undefined) return null;
  const ageMs = now - Date.parse(timestamp);
  if (!(ageMs > staleAfterMs)) return null;
  const seconds = Math.floor(ageMs / 1000);
  const text =
    seconds < 120
      ? intl.formatMessage(ageText, { seconds })
      : intl.formatMessage(ageMinutesText, { minutes: Math.floor(seconds / 60) });
  return <span className="rounded bg-warn/15 px-1 text-xs font-medium text-warn">{text}</span>;
}
