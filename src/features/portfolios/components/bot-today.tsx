import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { BotState } from '@/features/portfolios/api/bot-engine-types';
import { botStateMessages as m, cardDayStateMessage, nextActionMessage, waitingForSignalMessage, waitingForStockAlertMessage } from '@/features/portfolios/bot-state-messages';
import { dayWordsOf } from '@/features/portfolios/model/day-state-words';
import { actionText } from '@/features/portfolios/components/bot-action-text';
import { BotPnl } from '@/features/portfolios/components/bot-pnl';
import { useClockTime } from '@/features/portfolios/hooks/use-clock-time';
import { isDailyBot, type Bot } from '@/features/portfolios/model/bot-kind';
import { ServerText } from '@/i18n/server-text';

const TONES: Record<BotState['state'], string> = {
  waiting: 'bg-surface-muted text-fg',
  in_position: 'bg-brand-soft text-fg',
  exited: 'bg-surface-muted text-fg',
  stopped: 'bg-danger/10 text-danger',
  paused: 'bg-warn/10 text-fg',
  not_today: 'bg-surface-muted text-fg-muted',
  missed: 'bg-warn/10 text-fg',
};

/**
 * What the bot is doing today, as the server last said: its state in words (with the reason when it
 * stopped, exited, missed or was paused), its net P&L, its last action and when, and its next one.
 * `state` undefined: being read (`reading`: a bot just saved, on a slow server), else not known yet (the
 * read failed), and nothing is made up meanwhile.
 */
export function BotToday({ state, bot, reading = false }: { state: BotState | undefined; bot?: Bot; reading?: boolean }) {
  const intl = useIntl();
  const clock = useClockTime();
  if (state === undefined) {
    return <p className="text-sm text-fg-muted">{intl.formatMessage(reading ? m.reading : m.unknown)}</p>;
  }
  const last = state.last_action;
  const rows: [string, ReactNode][] = [
    [intl.formatMessage(m.pnlToday), <BotPnl key="pnl" pnl={state.pnl_today} />],
    [
      intl.formatMessage(m.lastAction),
      last === null ? (
        intl.formatMessage(m.noAction)
      ) : (
        <>
          {actionText(intl, last, clock)}
          {last.status === 'failed' && last.message ? (
            <span className="block text-danger break-words"><ServerText text={last.message_i18n} fallback={last.message} /></span>
          ) : null}
        </>
      ),
    ],
  ];
  if (state.next_action_at !== null) {
    rows.push([intl.formatMessage(m.nextAction), intl.formatMessage(nextActionMessage, { state: state.state, time: clock(state.next_action_at) })]);
  } else if (state.state === 'waiting' && bot !== undefined && !isDailyBot(bot)) {
    // A signal has no time of its own: "Waiting" alone left the trader guessing what for and until when.
    const waitingFor =
      bot.stock_from_alert === true
        ? intl.formatMessage(waitingForStockAlertMessage, { from: bot.entry_from, until: bot.entry_until })
        : intl.formatMessage(waitingForSignalMessage, { underlying: bot.underlying, from: bot.entry_from, until: bot.entry_until });
    rows.push([intl.formatMessage(m.nextAction), waitingFor]);
  }
  return (
    <div className="flex flex-col gap-2 rounded-md border border-line bg-surface-raised p-3 text-sm" data-bot-state={state.state}>
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-fg-muted">{intl.formatMessage(m.today)}</span>
        <span className={`rounded px-2 py-0.5 font-medium ${TONES[state.state]}`}>{intl.formatMessage(cardDayStateMessage, { state: dayWordsOf(state) })}</span>
      </p>
      {state.reason ? <p className="text-fg break-words"><ServerText text={state.reason_i18n} fallback={state.reason} /></p> : null}
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-3">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-fg-muted">{label}</dt>
            <dd className="font-medium text-fg break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
