import { defineMessage, defineMessages, useIntl, type MessageValue } from 'react-intl';
import { Link } from 'react-router-dom';
import type { HistoryCoverage } from '@/features/market-history/api/market-history-calls';
import { marketHistoryMessages } from '@/features/market-history/market-history-messages';
import { marks } from '@/features/market-history/model/marks';
import { Marked } from '@/features/market-history/components/marked';
import { useFormat } from '@/lib/format/use-format';

const messages = defineMessages({
  title: { id: 'market-history.participants.title', defaultMessage: 'Participant-wise open interest (NSE)' },
  chart: { id: 'market-history.participants.chart', defaultMessage: 'Open the Participants chart' },
});
const missing = defineMessage<{ days: MessageValue }>({ id: 'market-history.participants.missing', defaultMessage: 'Missing: {days}' });

/** The days of NSE's participant-wise open interest imported: their span, count and the trading days missing. */
export function ParticipantSummary({ participants }: { participants: NonNullable<HistoryCoverage['participants']> }) {
  const intl = useIntl();
  const { formatDate } = useFormat();
  return (
    <section className="flex flex-col gap-1 rounded-md border border-line bg-surface p-3" data-testid="participant-coverage" aria-labelledby="participant-coverage-title">
      <h3 id="participant-coverage-title" className="font-semibold">
        {intl.formatMessage(messages.title)}
      </h3>
      <span className="text-sm">
        {intl.formatMessage(marketHistoryMessages.indexSummary, {
          from: formatDate(participants.first_day),
          to: formatDate(participants.last_day),
          days: participants.days.length,
          gaps: participants.gaps.length,
        })}
      </span>
      {participants.gaps.length > 0 && (
        <Marked mark={marks.missing} className="text-sm text-loss">
          {intl.formatMessage(missing, { days: intl.formatList(participants.gaps.map((day) => formatDate(day))) })}
        </Marked>
      )}
      <Link to="/app/participants" className="text-sm text-brand underline">
        {intl.formatMessage(messages.chart)}
      </Link>
    </section>
  );
}
