import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { BotRun } from '@/features/portfolios/api/bot-engine-types';
import { botStateMessages as m, dayStateMessage, statusWordMessage } from '@/features/portfolios/bot-state-messages';
import { actionText } from '@/features/portfolios/components/bot-action-text';
import { BotPnl } from '@/features/portfolios/components/bot-pnl';
import { useClockTime } from '@/features/portfolios/hooks/use-clock-time';
import { useFormat } from '@/lib/format/use-format';
import { ServerText } from '@/i18n/server-text';

/** One trading day of a bot: its state and why, entries, net P&L, and each action with time, status and message. */
export function BotRunItem({ run }: { run: BotRun }) {
  const intl = useIntl();
  const { formatDate, formatNumber } = useFormat();
  const clock = useClockTime();
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-fg">
          {formatDate(`${run.trading_day}T12:00:00+05:30`)}
        </h3>
        <span className="font-medium text-fg">{intl.formatMessage(dayStateMessage, { state: run.state })}</span>
      </div>
      {run.reason ? <p className="text-fg break-words"><ServerText text={run.reason_i18n} fallback={run.reason} /></p> : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
        <div>
          <dt className="text-fg-muted">{intl.formatMessage(m.runEntries)}</dt>
          <dd className="font-medium text-fg tabular-nums">{formatNumber(run.entries)}</dd>
        </div>
        <div>
          <dt className="text-fg-muted">{intl.formatMessage(m.runPnl)}</dt>
          <dd>
            <BotPnl pnl={run.pnl} traded={run.entries > 0} />
          </dd>
        </div>
      </dl>
      {run.actions.length > 0 ? (
        <ul aria-label={intl.formatMessage(m.runActions)} className="flex flex-col gap-1 border-t border-line pt-2">
          {run.actions.map((action) => (
            <li key={`${action.action}-${action.sequence}-${action.leg ?? ''}`} className="flex flex-col" data-action-status={action.status}>
              <span className="flex flex-wrap justify-between gap-x-2">
                <span className="text-fg">{actionText(intl, action, clock)}</span>
                <span className={action.status === 'failed' ? 'font-medium text-danger' : 'text-fg-muted'}>
                  {intl.formatMessage(statusWordMessage, { status: action.status })}
                </span>
              </span>
              {action.message ? (
                <span className={`break-words ${action.status === 'failed' ? 'text-danger' : 'text-fg-muted'}`}>
                  <ServerText text={action.message_i18n} fallback={action.message} />
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
