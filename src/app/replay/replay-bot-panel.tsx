import CpuChipIcon from '@heroicons/react/20/solid/CpuChipIcon';
import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { ReplayBotDialog } from '@/app/replay/replay-bot-dialog';
import { attachedText, botNameText, replayBotMessages as m } from '@/app/replay/replay-bot-messages';
import { useReplayBot } from '@/app/replay/use-replay-bot';
import { useWideScreen } from '@/app/trading/use-wide-screen';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadStatus } from '@/components/ui/load-status';
import { ReportSections } from '@/features/backtests/components/report-sections';
import { statusWordMessage } from '@/features/portfolios/bot-state-messages';
import { actionText } from '@/features/portfolios/components/bot-action-text';
import { BotToday } from '@/features/portfolios/components/bot-today';
import { useClockTime } from '@/features/portfolios/hooks/use-clock-time';
import { PositionsTable } from '@/features/positions/components/positions-table';
import { markPositions } from '@/features/positions/model/position-marks';
import { RefusalText, ServerText } from '@/i18n/server-text';
import { isApiError, type ApiError } from '@/lib/api/api-error';
import { useOnlineStatus } from '@/lib/network/use-online-status';
import type { HeldReplay } from '@/lib/replay/replay-atom';
import { getReplayBotReport, stopReplayBot, type ReplayBot, type ReplayBotReport } from '@/lib/replay/replay-calls';

/** "Bot · RB1" in the replay's violet with a chip: what is the bot's on the desk, never the trader's own. */
export function ReplayBotMark() {
  const intl = useIntl();
  return (
    <span
      data-replay-bot-mark
      title={intl.formatMessage(m.badgeHint)}
      className="inline-flex shrink-0 items-center gap-1 rounded-full border border-replay bg-replay-soft px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-fg"
    >
      <CpuChipIcon aria-hidden="true" className="size-3.5 shrink-0 text-replay" />
      {intl.formatMessage(m.badge)}
    </span>
  );
}

/** The bot's report, a backtest's of the replayed day: read when shown, again as the bot acts and at the close. */
function BotReport({ replayId, bot }: { replayId: number; bot: ReplayBot }) {
  const intl = useIntl();
  const [report, setReport] = useState<ReplayBotReport | null>(null);
  const [failed, setFailed] = useState(false);
  const [stamp, setStamp] = useState(0);
  const actions = bot.actions.length;
  useEffect(() => {
    let current = true;
    getReplayBotReport(replayId).then(
      (answer) => {
        if (!current) return;
        setReport(answer);
        setFailed(false);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [replayId, bot.report_final, actions, stamp]);
  if (report === null) {
    return <LoadStatus loadingText={intl.formatMessage(m.reportLoading)} failedText={intl.formatMessage(m.reportFailed)} failed={failed} onRetry={() => setStamp((value) => value + 1)} />;
  }
  return (
    <div className="flex flex-col gap-6" data-replay-bot-report={report.final ? 'final' : 'so-far'}>
      <p className="rounded-md border border-line bg-surface-raised px-3 py-2 text-sm text-fg">{intl.formatMessage(report.final ? m.reportFinal : m.reportSoFar)}</p>
      <ReportSections report={report} idPrefix={`replay-${replayId}-report`} />
    </div>
  );
}

function BotLog({ bot }: { bot: ReplayBot }) {
  const intl = useIntl();
  const clock = useClockTime();
  if (bot.actions.length === 0) return <p className="text-sm text-fg-muted">{intl.formatMessage(m.noActions)}</p>;
  return (
    <ol className="flex flex-col gap-1 text-sm">
      {bot.actions.map((action) => (
        <li key={`${action.action}-${action.sequence}-${action.leg ?? ''}`} className="flex flex-col border-b border-line py-1 last:border-b-0" data-action-status={action.status}>
          <span className="flex flex-wrap justify-between gap-x-2">
            <span className="text-fg">{actionText(intl, action, clock)}</span>
            <span className={action.status === 'failed' ? 'font-medium text-danger' : 'text-fg-muted'}>{intl.formatMessage(statusWordMessage, { status: action.status })}</span>
          </span>
          {action.message ? (
            <span className={`break-words ${action.status === 'failed' ? 'text-danger' : 'text-fg-muted'}`}>
              <ServerText text={action.message_i18n} fallback={action.message} />
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * The replay's bot on the replay desk (issue 39): run a saved bot, or one configured on the spot, in the
 * replay; watch it as the replayed clock runs (what it is doing, its positions and its log, marked as the
 * bot's); and read its report, a backtest's of the day, final once the replayed day closes. The server runs
 * the bot, so a reload finds it where it was.
 */
export function ReplayBotPanel({ held }: { held: HeldReplay }) {
  const intl = useIntl();
  const titleId = useId();
  const online = useOnlineStatus();
  const phone = !useWideScreen('(min-width: 768px)');
  const clock = useClockTime();
  const read = useReplayBot(held);
  const [choosing, setChoosing] = useState(false);
  const [showing, setShowing] = useState(false);
  const [stopping, setStopping] = useState<'asking' | 'busy' | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const { replay } = held;
  const bot = read.bot;
  const disabled = !online || held.asOf !== null;
  // Stopped, or done for the day: nothing left to stop.
  const stoppable = bot !== null && bot !== undefined && !bot.report_final && !bot.stopped;

  const stop = async () => {
    setStopping('busy');
    setRefusal(null);
    try {
      read.hold(await stopReplayBot(replay.id));
      setStopping(null);
    } catch (error) {
      if (isApiError(error)) setRefusal(error);
      setStopping('asking');
    }
  };

  return (
    <section aria-labelledby={titleId} className="flex min-w-0 flex-col gap-4 rounded-lg border-2 border-replay bg-surface p-3 sm:p-4" data-replay-bot>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {intl.formatMessage(m.title)}
        </h2>
        {bot !== null && bot !== undefined && (
          <div className="flex flex-wrap items-center gap-2">
            <ReplayBotMark />
            {stoppable && (
              <Button type="button" variant="danger" disabled={disabled} onClick={() => setStopping('asking')}>
                {intl.formatMessage(m.stop)}
              </Button>
            )}
          </div>
        )}
      </div>
      {bot === undefined ? (
        <LoadStatus loadingText={intl.formatMessage(m.loading)} failedText={intl.formatMessage(m.failed)} failed={read.failed} onRetry={read.reload} />
      ) : bot === null ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-fg-muted">{intl.formatMessage(m.none)}</p>
          <Button type="button" disabled={disabled || replay.at_close} onClick={() => setChoosing(true)} className="inline-flex items-center gap-2">
            <CpuChipIcon aria-hidden="true" className="size-5" />
            {intl.formatMessage(m.run)}
          </Button>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <p className="font-semibold break-words text-fg">{intl.formatMessage(botNameText, { name: bot.bot.name, underlying: bot.bot.underlying })}</p>
            <p className="text-sm text-fg-muted">{intl.formatMessage(attachedText, { time: clock(bot.attached_at) })}</p>
          </div>
          <BotToday state={bot.state} />
          <section className="flex min-w-0 flex-col gap-2" aria-label={intl.formatMessage(m.positions)}>
            <h3 className="text-base font-semibold">{intl.formatMessage(m.positions)}</h3>
            <PositionsTable rows={markPositions(bot.positions, new Map())} phone={phone} />
          </section>
          <section className="flex min-w-0 flex-col gap-2" aria-label={intl.formatMessage(m.actions)}>
            <h3 className="text-base font-semibold">{intl.formatMessage(m.actions)}</h3>
            <BotLog bot={bot} />
          </section>
          <section className="flex min-w-0 flex-col gap-3" aria-label={intl.formatMessage(m.report)}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-base font-semibold">{intl.formatMessage(m.report)}</h3>
              {!bot.report_final && (
                <Button type="button" variant="secondary" aria-expanded={showing} onClick={() => setShowing((value) => !value)}>
                  {intl.formatMessage(showing ? m.hideReport : m.showReport)}
                </Button>
              )}
            </div>
            {(bot.report_final || showing) && <BotReport replayId={replay.id} bot={bot} />}
          </section>
        </>
      )}
      <ConfirmDialog
        open={stopping !== null}
        title={intl.formatMessage(m.stopTitle)}
        description={intl.formatMessage(m.stopText)}
        confirmLabel={intl.formatMessage(m.stop)}
        busy={stopping === 'busy'}
        error={refusal === null ? undefined : <RefusalText error={refusal} />}
        onConfirm={() => void stop()}
        onClose={() => setStopping(null)}
      />
      {choosing && (
        <ReplayBotDialog
          replay={replay}
          onClose={() => setChoosing(false)}
          onAttached={(attached) => {
            read.hold(attached);
            setChoosing(false);
          }}
        />
      )}
    </section>
  );
}
