import ArrowDownIcon from '@heroicons/react/16/solid/ArrowDownIcon';
import ArrowUpIcon from '@heroicons/react/16/solid/ArrowUpIcon';
import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { useFormat } from '@/lib/format/use-format';

const m = defineMessages({
  up: { id: 'change.up', defaultMessage: 'up' },
  down: { id: 'change.down', defaultMessage: 'down' },
});

const changeText = defineMessage<{ change: MessageValue; percent: MessageValue }>({
  id: 'change.text',
  defaultMessage: '{change} ({percent})',
});

/**
 * "+98.45 (+0.42 %)" with an arrow and its word for screen readers: the colour is never the only sign. The
 * index strip of the shell draws the same thing itself: importing this would add a chunk to the list the
 * first visit's script carries, and that script is at its budget. In a narrow box (`wrap`), the percentage
 * may go under the points instead of spilling out of it; each figure stays whole.
 */
export function ChangeText({ change, percent, wrap = false }: { change: number; percent: number; wrap?: boolean }) {
  const intl = useIntl();
  const { formatNumber, formatPercent } = useFormat();
  const direction = change === 0 ? null : change > 0 ? 'up' : 'down';
  const tone = direction === 'up' ? 'text-profit' : direction === 'down' ? 'text-loss' : 'text-fg-muted';
  const two = { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' } as const;
  return (
    <span className={`inline-flex items-center gap-0.5 tabular-nums ${wrap ? 'min-w-0 max-w-full' : 'whitespace-nowrap'} ${tone}`}>
      {direction === 'up' && <ArrowUpIcon className="size-3.5" aria-hidden="true" />}
      {direction === 'down' && <ArrowDownIcon className="size-3.5" aria-hidden="true" />}
      {direction !== null && <span className="sr-only">{intl.formatMessage(m[direction])}</span>}
      {wrap ? (
        <span className="min-w-0">{intl.formatMessage(changeText, { change: formatNumber(change, two), percent: formatPercent(percent / 100, two) })}</span>
      ) : (
        intl.formatMessage(changeText, { change: formatNumber(change, two), percent: formatPercent(percent / 100, two) })
      )}
    </span>
  );
}
