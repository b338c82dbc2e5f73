import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { BotsToday } from '@/app/dashboard/bots-today';
import { BotPnl } from '@/features/portfolios/components/bot-pnl';

const messages = defineMessages({
  unavailable: { id: 'dashboard.botsUnavailable', defaultMessage: 'Your bots could not be read.' },
  pnl: { id: 'dashboard.botsNetPnl', defaultMessage: 'Net P&L today' },
  manage: { id: 'dashboard.botsManage', defaultMessage: 'Portfolios and bots' },
});

const countsText = defineMessage<{ running: number; inPosition: number; paused: number; stopped: number }>({
  id: 'dashboard.botsCounts',
  defaultMessage:
    '{running, plural, other {# running}} · {inPosition, plural, other {# in position}} · {paused, plural, other {# paused}}{stopped, plural, =0 {} other { · # stopped}}',
});

/** The bots across the trader's portfolios today: how many run and hold a position, and their net P&L. */
export function BotsTile({ bots }: { bots: BotsToday | null }) {
  const intl = useIntl();
  if (bots === null) return <p className="text-sm text-fg-muted">{intl.formatMessage(messages.unavailable)}</p>;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="text-fg">{intl.formatMessage(countsText, bots)}</p>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-fg-muted">{intl.formatMessage(messages.pnl)}</span>
        <BotPnl pnl={bots.pnl} />
      </p>
      <Link to="/app/portfolio" className="self-start text-xs font-medium text-brand underline">
        {intl.formatMessage(messages.manage)}
      </Link>
    </div>
  );
}
