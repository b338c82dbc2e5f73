import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { nowAtom, staleAfterMs } from '@/features/market/feed/now-atom';
import { ageAsOfText, ageMinutesText, ageText } from '@/features/market/market-messages';
import { useFormat } from '@/lib/format/use-format';
import { quoteAgeMs } from '@/lib/replay/replay-atom';
import { store } from '@/lib/store';

/**
 * "12 s old" once a price is older than 5 s, "4 min old", and from an hour the time it is as of (the day too
 * when it is not today's: a last-known copy after a reload offline); nothing while it is fresh.
 */
export function QuoteAge({ timestamp }: { timestamp: string | undefined }) {
  const intl = useIntl();
  const { formatTime, formatDateTime, formatDate } = useFormat();
  const now = useAtomValue(nowAtom, { store });
  if (timestamp === undefined) return null;
  // In a replay, its age on the replayed clock, in the seconds a trader waits (replay-atom.ts).
  const ageMs = quoteAgeMs(timestamp, now);
  if (!(ageMs > staleAfterMs)) return null;
  const seconds = Math.floor(ageMs / 1000);
  const sameDay = formatDate(timestamp) === formatDate(now);
  const text =
    seconds < 120
      ? intl.formatMessage(ageText, { seconds })
      : seconds < 3600
        ? intl.formatMessage(ageMinutesText, { minutes: Math.floor(seconds / 60) })
        : intl.formatMessage(ageAsOfText, { time: sameDay ? formatTime(timestamp) : formatDateTime(timestamp) });
  return <span className="rounded bg-warn/15 px-1 text-xs font-medium text-warn">{text}</span>;
}
