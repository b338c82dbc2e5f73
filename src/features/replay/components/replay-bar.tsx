import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { ReplayMark } from '@/components/trading/replay-mark';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StaleNote } from '@/components/ui/stale-note';
import { TimeField } from '@/components/ui/time-field';
import { speedName } from '@/features/replay/components/speed-name';
import { replaySpeeds } from '@/features/replay/components/replay-start-dialog';
import { holdReplay } from '@/features/replay/model/hold-replay';
import {
  atCloseText,
  betweenSessionsText,
  bookPlaceText,
  closesNoteText,
  ohlcNoteText,
  replayMessages as m,
  resetText,
  sampleNoteText,
  simulatedNoteText,
  speedLabelText,
} from '@/features/replay/replay-messages';
import { RefusalText } from '@/i18n/server-text';
import { isApiError, type ApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { useOnlineStatus } from '@/lib/network/use-online-status';
import { endReplay, resetReplay, seekReplay, setReplaySpeed, stepReplay, type Replay } from '@/lib/replay/replay-calls';
import { useReplayedAt } from '@/lib/replay/use-replayed-at';
import { parseClockTime } from '@/lib/validation/clock-time';

const toggle = 'min-h-11 min-w-11 rounded-md border px-2 text-sm font-medium tabular-nums';

/**
 * Under the shell's header while a replay is open (issue 39): "Replay · <date> <time>" in the replay's violet,
 * and its clock: the speeds (paused, 1×, 5×, 30×, 60×), a minute's step, a minute to go to, reset and end.
 * Each move is the server's (it keeps the clock); the answer is held and the desk reads its market again.
 */
export function ReplayBar() {
  const intl = useIntl();
  const { formatHourMinute, formatNumber } = useFormat();
  const online = useOnlineStatus();
  const replayed = useReplayedAt();
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [seekText, setSeekText] = useState('');
  const [asking, setAsking] = useState<'reset' | 'end' | null>(null);
  if (replayed === null) return null;
  const { replay, asOf } = replayed.held;
  const disabled = !online || asOf !== null;

  const move = async (name: string, call: () => Promise<Replay | null>) => {
    setBusy(name);
    setRefusal(null);
    try {
      holdReplay(await call(), true);
      setAsking(null);
    } catch (error) {
      if (isApiError(error)) setRefusal(error);
    } finally {
      setBusy(null);
    }
  };
  const seek = (event: FormEvent) => {
    event.preventDefault();
    const minute = parseClockTime(seekText);
    if (minute !== null) void move('seek', () => seekReplay(replay.id, minute));
  };

  const { pause } = replay.session;
  // What is not market data, said on the bar for the whole replay (issue 62): a sample, a demo day, a modelled index.
  const sourceNote =
    replay.origin === 'sample' ? sampleNoteText : replay.origin === 'simulated' ? simulatedNoteText : replay.index_path === 'ohlc' ? ohlcNoteText : replay.index_path === 'closes' ? closesNoteText : null;
  const indexNote = replay.origin === 'sample' && replay.index_path === 'ohlc' ? ohlcNoteText : null;
  return (
    <section aria-label={intl.formatMessage(m.bar)} className="flex flex-col gap-2 border-b-2 border-replay bg-replay-soft px-3 py-2 sm:px-6" data-replay-bar>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <ReplayMark solid className="text-sm" />
        {asOf !== null && <StaleNote asOf={asOf} />}
        {replay.book_place !== undefined && (
          <p role="status" className="text-sm text-fg">
            {intl.formatMessage(bookPlaceText, { place: formatNumber(replay.book_place) })}
          </p>
        )}
        {sourceNote !== null && (
          <p className="text-sm text-fg" data-replay-source={replay.origin}>
            {intl.formatMessage(sourceNote)}
            {indexNote !== null && <> {intl.formatMessage(indexNote)}</>}
          </p>
        )}
        {replay.at_close && <p className="text-sm text-fg">{intl.formatMessage(atCloseText, { close: replay.session.close })}</p>}
        {pause !== undefined && replay.minute >= pause.from && replay.minute < pause.until && (
          <p className="text-sm text-fg">{intl.formatMessage(betweenSessionsText, { until: pause.until })}</p>
        )}
        <div role="group" aria-label={intl.formatMessage(m.speedGroup)} className="flex flex-wrap items-center gap-1">
          {replaySpeeds.map((speed) => (
            <button
              key={speed}
              type="button"
              aria-pressed={replay.speed === speed}
              aria-label={speed === 0 ? intl.formatMessage(m.pause) : intl.formatMessage(speedLabelText, { speed })}
              disabled={disabled || busy !== null}
              onClick={() => void move('speed', () => setReplaySpeed(replay.id, speed))}
              className={`${toggle} ${replay.speed === speed ? 'border-replay bg-replay text-replay-fg' : 'border-line bg-surface text-fg'}`}
            >
              {speedName(speed, intl)}
            </button>
          ))}
          <button type="button" aria-label={intl.formatMessage(m.stepLabel)} disabled={disabled || busy !== null || replay.at_close} onClick={() => void move('step', () => stepReplay(replay.id))} className={`${toggle} border-line bg-surface text-fg`}>
            {intl.formatMessage(m.step)}
          </button>
        </div>
        <form onSubmit={seek} className="flex items-end gap-1">
          <TimeField
            label={intl.formatMessage(m.seek)}
            className="w-28"
            value={seekText}
            placeholder={formatHourMinute(replayed.at)}
            onChange={(event) => setSeekText(event.target.value)}
            onNormalise={setSeekText}
          />
          <Button type="submit" variant="secondary" busy={busy === 'seek'} disabled={disabled || parseClockTime(seekText) === null}>
            {intl.formatMessage(m.seekGo)}
          </Button>
        </form>
        <div className="flex items-center gap-1 sm:ms-auto">
          <Button type="button" variant="secondary" disabled={disabled} onClick={() => setAsking('reset')}>
            {intl.formatMessage(m.reset)}
          </Button>
          <Button type="button" variant="secondary" disabled={disabled} onClick={() => setAsking('end')}>
            {intl.formatMessage(m.end)}
          </Button>
        </div>
      </div>
      {refusal !== null && asking === null && (
        <p role="alert" className="text-sm text-loss">
          <RefusalText error={refusal} />
        </p>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={intl.formatMessage(asking === 'end' ? m.endTitle : m.resetTitle)}
        description={asking === 'end' ? intl.formatMessage(m.endText) : intl.formatMessage(resetText, { start: replay.start })}
        confirmLabel={intl.formatMessage(asking === 'end' ? m.end : m.reset)}
        busy={busy !== null}
        error={refusal === null ? undefined : <RefusalText error={refusal} />}
        onConfirm={() => void (asking === 'end' ? move('end', async () => (await endReplay(replay.id), null)) : move('reset', () => resetReplay(replay.id)))}
        onClose={() => setAsking(null)}
      />
    </section>
  );
}
