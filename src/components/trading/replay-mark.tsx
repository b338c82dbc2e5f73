import ClockIcon from '@heroicons/react/20/solid/ClockIcon';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { cx } from '@/components/ui/class-names';
import { useFormat } from '@/lib/format/use-format';
import { useReplayedAt } from '@/lib/replay/use-replayed-at';

const markText = defineMessage<{ date: MessageValue; time: MessageValue }>({ id: 'common.replay.mark', defaultMessage: 'Replay · {date} {time}' });
const shortText = defineMessage<{ time: MessageValue }>({ id: 'common.replay.markShort', defaultMessage: 'Replay · {time}' });

export const replayMarkMessages = defineMessages({
  hint: { id: 'common.replay.hint', defaultMessage: 'A past day replayed: prices are that day’s, orders fill in the replay’s own book and never reach a broker or your paper account' },
});

/**
 * "Replay · 12 Nov 2025 10:31" while a replay is open (issue 39), in the replay's violet with a clock: on the
 * shell, the ticket and the order book, so a replayed day is never taken for paper or live. Nothing otherwise.
 * `solid` for a button-sized mark (the shell's header), the soft tint elsewhere; `compact` leaves the date out
 * below 576 px (the header of a phone: "Replay · 10:31"), still said whole to a screen reader.
 */
export function ReplayMark({ solid = false, compact = false, className }: { solid?: boolean; compact?: boolean; className?: string }) {
  const intl = useIntl();
  const { formatDate, formatHourMinute } = useFormat();
  const replayed = useReplayedAt();
  if (replayed === null) return null;
  const time = formatHourMinute(replayed.at);
  const text = intl.formatMessage(markText, { date: formatDate(replayed.at), time });
  const short = intl.formatMessage(shortText, { time });
  return (
    <span
      data-trading-mode="replay"
      title={intl.formatMessage(replayMarkMessages.hint)}
      className={cx(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap tabular-nums',
        solid ? 'bg-replay text-replay-fg' : 'border border-replay bg-replay-soft text-fg',
        className,
      )}
    >
      <ClockIcon aria-hidden="true" className={cx('size-3.5 shrink-0', solid ? '' : 'text-replay')} />
      {compact ? (
        <>
          <span className="sm:hidden" aria-hidden="true">{short}</span>
          <span className="max-sm:sr-only">{text}</span>
        </>
      ) : (
        text
      )}
    </span>
  );
}
