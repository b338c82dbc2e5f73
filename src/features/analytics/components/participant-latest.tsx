import ArrowDownIcon from '@heroicons/react/16/solid/ArrowDownIcon';
import ArrowUpIcon from '@heroicons/react/16/solid/ArrowUpIcon';
import { useIntl } from 'react-intl';
import { participantStyles } from '@/features/analytics/charts/participant-styles';
import { participantMessages as m } from '@/features/analytics/participant-messages';
import type { LatestNet } from '@/features/analytics/model/participant-series';
import { useFormat } from '@/lib/format/use-format';

/** The last day's net of each participant and its change: the chart's figures in words, a sign and an arrow beside the colour. */
export function ParticipantLatest({ rows, date }: { rows: readonly LatestNet[]; date: string }) {
  const intl = useIntl();
  const { formatNumber, formatDate } = useFormat();
  const signed = { signDisplay: 'exceptZero' } as const;
  const cell = 'px-2 py-1.5';
  return (
    <table className="w-full border-collapse text-sm" data-testid="participants-latest">
      <caption className="mb-1 text-start font-medium">{intl.formatMessage(m.latest, { date: formatDate(date) })}</caption>
      <thead className="text-xs text-fg-muted">
        <tr className="border-b border-line">
          <th scope="col" className={`${cell} text-start font-medium`}>{intl.formatMessage(m.participant)}</th>
          <th scope="col" className={`${cell} text-end font-medium`}>{intl.formatMessage(m.net)}</th>
          <th scope="col" className={`${cell} text-end font-medium`}>{intl.formatMessage(m.change)}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ participant, net, change }) => (
          <tr key={participant} className="border-b border-line last:border-0">
            <th scope="row" className={`${cell} text-start font-normal`}>
              <span className="inline-flex items-center gap-2">
                <span aria-hidden="true" className={`inline-block w-5 border-t-2 ${participantStyles[participant].legend}`} />
                {participant}
              </span>
            </th>
            <td className={`${cell} text-end tabular-nums`}>
              {formatNumber(net, signed)}
              <span className="ms-1 text-xs text-fg-muted">{intl.formatMessage(net > 0 ? m.netLong : net < 0 ? m.netShort : m.flat)}</span>
            </td>
            <td className={`${cell} text-end tabular-nums`}>
              {change === null ? (
                <span className="text-xs text-fg-muted">{intl.formatMessage(m.noChange)}</span>
              ) : (
                <span className={`inline-flex items-center gap-0.5 ${change > 0 ? 'text-profit' : change < 0 ? 'text-loss' : 'text-fg-muted'}`}>
                  {change > 0 && <ArrowUpIcon className="size-3.5" aria-hidden="true" />}
                  {change < 0 && <ArrowDownIcon className="size-3.5" aria-hidden="true" />}
                  {formatNumber(change, signed)}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
