import { useEffect, useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { LoadStatus } from '@/components/ui/load-status';
import { Modal } from '@/components/ui/modal';
import { SelectField } from '@/components/ui/select-field';
import { TimeField } from '@/components/ui/time-field';
import { holdReplay } from '@/features/replay/model/hold-replay';
import {
  dayOptionText,
  indexClosesText,
  indexOhlcText,
  modelledPricesText,
  pricesAndIndexText,
  realPricesText,
  replayMessages as m,
  samplePricesText,
  simulatedPricesText,
  specialDayOptionText,
  specialDayTwiceOptionText,
  startHintNoDayText,
  startHintText,
  startHintTwiceText,
  startInvalidText,
  startInvalidTwiceText,
} from '@/features/replay/replay-messages';
import { speedName } from '@/features/replay/components/speed-name';
import { commonMessages } from '@/i18n/common-messages';
import { RefusalText } from '@/i18n/server-text';
import { isApiError, type ApiError } from '@/lib/api/api-error';
import { useFormat } from '@/lib/format/use-format';
import { getReplayDays, startReplay, type ReplayDay, type ReplaySpeed } from '@/lib/replay/replay-calls';
import { parseClockTime } from '@/lib/validation/clock-time';

export const replaySpeeds: readonly ReplaySpeed[] = [0, 1, 5, 30, 60];
type Hours = { open: string; close: string; pause?: { from: string; until: string } | undefined };
/** A start the replay can take: a minute of the day's session, not of the pause between two sessions. */
const inSession = (time: string | null, { open, close, pause }: Hours) =>
  time !== null && time >= open && time <= close && (pause === undefined || time < pause.from || time >= pause.until);

/**
 * Starting a replay: a day market history can replay (each with whether its option prices are real minutes or
 * modelled), the minute to start at and the speed. While another replay is open the server refuses with
 * `replay_open`; the trader is asked, and confirming starts this one with `replace`.
 */
export function ReplayStartDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const { formatDate, formatNumber } = useFormat();
  const formId = useId();
  const [days, setDays] = useState<ReplayDay[] | null>(null);
  const [daysFailed, setDaysFailed] = useState(false);
  const [dayKey, setDayKey] = useState('');
  // The chosen day's open once the days arrive: its session is the server's (each day has its own hours).
  const [start, setStart] = useState('');
  const [speed, setSpeed] = useState<ReplaySpeed>(0);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [stamp, setStamp] = useState(0);

  useEffect(() => {
    let current = true;
    getReplayDays().then(
      (list) => {
        if (!current) return;
        setDays(list);
        setDaysFailed(false);
        setDayKey((key) => key || (list[0] === undefined ? '' : `${list[0].index}/${list[0].day}`));
        if (list[0] !== undefined) setStart(list[0].session.open);
      },
      () => current && setDaysFailed(true),
    );
    return () => {
      current = false;
    };
  }, [stamp]);

  const chosen = days?.find((day) => `${day.index}/${day.day}` === dayKey) ?? null;
  const startTime = parseClockTime(start);
  // The start is a minute of the chosen day's session as the server gives it: a regular day's (15:30 or 15:40,
  // by its date) or a special session's own hours (Muhurat trading's evening hour). No day, no hours to check.
  const session: Hours | null = chosen?.session ?? null;
  const twice = session?.pause === undefined ? null : { open: session.open, close: session.close, pauseFrom: session.pause.from, pauseUntil: session.pause.until };
  const startError =
    session === null || inSession(startTime, session)
      ? null
      : twice === null
        ? intl.formatMessage(startInvalidText, { open: session.open, close: session.close })
        : intl.formatMessage(startInvalidTwiceText, twice);
  const startHint =
    session === null
      ? intl.formatMessage(startHintNoDayText)
      : twice === null
        ? intl.formatMessage(startHintText, { open: session.open, close: session.close })
        : intl.formatMessage(startHintTwiceText, twice);
  const open = refusal?.code === 'replay_open';

  const begin = async (replace: boolean) => {
    if (chosen === null || startTime === null || startError !== null) return;
    setBusy(true);
    try {
      holdReplay(await startReplay({ index: chosen.index, day: chosen.day, start: startTime, speed, ...(replace ? { replace } : {}) }), true);
      onClose();
    } catch (error) {
      setRefusal(isApiError(error) ? error : null);
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void begin(false);
  };

  /** Where the day's prices come from (issue 62): a sample's and a demo day's said first, an index not from its minutes said too. */
  const prices = (day: ReplayDay) => {
    const contracts = formatNumber(day.contracts);
    if (day.origin === 'simulated') return intl.formatMessage(simulatedPricesText, { contracts, open: day.session.open, close: day.session.close });
    const options =
      day.origin === 'sample'
        ? intl.formatMessage(samplePricesText, { contracts })
        : day.prices === 'real'
          ? intl.formatMessage(realPricesText, { real: formatNumber(day.real_contracts), contracts })
          : intl.formatMessage(modelledPricesText, { contracts });
    if (day.index_path !== 'ohlc' && day.index_path !== 'closes') return options;
    return intl.formatMessage(pricesAndIndexText, { prices: options, index: intl.formatMessage(day.index_path === 'ohlc' ? indexOhlcText : indexClosesText) });
  };

  /** A day in the picker: a special session's name and hours, both sessions when the day had two. */
  const dayOption = (day: ReplayDay) => {
    const named = { index: day.index, date: formatDate(`${day.day}T06:00:00Z`), prices: prices(day) };
    if (day.special === null) return intl.formatMessage(dayOptionText, named);
    const { open, close, pause } = day.session;
    if (pause === undefined) return intl.formatMessage(specialDayOptionText, { ...named, session: day.special, open, close });
    return intl.formatMessage(specialDayTwiceOptionText, { ...named, session: day.special, open, close, pauseFrom: pause.from, pauseUntil: pause.until });
  };

  return (
    <Modal
      onClose={onClose}
      title={intl.formatMessage(m.dialogTitle)}
      description={intl.formatMessage(m.dialogDescription)}
      actions={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            {intl.formatMessage(commonMessages.cancel)}
          </Button>
          {open ? (
            <Button type="button" variant="danger" busy={busy} onClick={() => void begin(true)}>
              {intl.formatMessage(m.replace)}
            </Button>
          ) : (
            <Button type="submit" form={formId} busy={busy} disabled={chosen === null}>
              {intl.formatMessage(m.begin)}
            </Button>
          )}
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
        {days === null || days.length === 0 ? (
          days === null ? (
            <LoadStatus loadingText={intl.formatMessage(m.daysLoading)} failedText={intl.formatMessage(m.daysFailed)} failed={daysFailed} onRetry={() => setStamp((value) => value + 1)} />
          ) : (
            <p className="text-sm text-fg-muted">{intl.formatMessage(m.noDays)}</p>
          )
        ) : (
          <SelectField label={intl.formatMessage(m.day)} value={dayKey} onChange={(event) => {
            const next = days.find((day) => `${day.index}/${day.day}` === event.target.value);
            setDayKey(event.target.value);
            // Another day's session (a Muhurat evening after a regular day): start at its open.
            if (next !== undefined && next.session.open !== chosen?.session.open) setStart(next.session.open);
            setRefusal(null);
          }}>
            {days.map((day) => (
              <option key={`${day.index}/${day.day}`} value={`${day.index}/${day.day}`}>
                {dayOption(day)}
              </option>
            ))}
          </SelectField>
        )}
        <div className="grid grid-cols-2 gap-3">
          <TimeField label={intl.formatMessage(m.start)} hint={startHint} value={start} onChange={(event) => setStart(event.target.value)} onNormalise={setStart} error={startError ?? undefined} />
          <SelectField label={intl.formatMessage(m.speed)} value={speed} onChange={(event) => setSpeed(replaySpeeds.find((value) => String(value) === event.target.value) ?? 0)}>
            {replaySpeeds.map((value) => (
              <option key={value} value={value}>
                {speedName(value, intl)}
              </option>
            ))}
          </SelectField>
        </div>
        {refusal !== null && (
          <FormError>
            <RefusalText error={refusal} />
          </FormError>
        )}
      </form>
    </Modal>
  );
}
