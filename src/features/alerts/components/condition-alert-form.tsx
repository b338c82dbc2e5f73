import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { ConditionAlertCreate, ConditionAlertKind } from '@/features/alerts/api/alert-calls';
import { conditionMessages as m } from '@/features/alerts/condition-alert-messages';
import { parseLevel } from '@/features/alerts/components/price-alert-form';
import { sayRefusal } from '@/i18n/say-refusal';
import { ApiError, isApiError } from '@/lib/api/api-error';
import { minuteBefore } from '@/lib/market/session-facts';
import { useTodaySession } from '@/lib/market/use-today-session';
import { notify } from '@/lib/notify/notify';
import { useServerRefusal } from '@/lib/validation/use-server-refusal';

/** What the alert watches: a strategy's legs (as the premium chart's link spells them), or an expiry's ATM IV. */
export type ConditionSubject = { kind: 'premium'; legs: string } | { kind: 'iv'; index: 'NIFTY' | 'BANKNIFTY' | 'FINNIFTY' | 'MIDCPNIFTY'; expiry: string };

const premiumKinds: readonly ConditionAlertKind[] = [
  'premium_falls',
  'premium_rises',
  'premium_crosses_above_vwap',
  'premium_crosses_below_vwap',
  'premium_crosses_above',
  'premium_crosses_below',
];
const ivKinds: readonly ConditionAlertKind[] = ['iv_crosses_above', 'iv_crosses_below', 'iv_above', 'iv_below'];
const fields = ['kind', 'from_minute', 'move', 'move_unit', 'level', 'legs', 'expiry'] as const;

const needsMove = (kind: ConditionAlertKind) => kind === 'premium_falls' || kind === 'premium_rises';
const needsMinute = (kind: ConditionAlertKind) => needsMove(kind) || kind.endsWith('_vwap');
const needsLevel = (kind: ConditionAlertKind) => kind.startsWith('iv_') || kind === 'premium_crosses_above' || kind === 'premium_crosses_below';

/**
 * A session minute as the server takes it: HH:MM from the open to the minute before the close of today's session
 * (the server's word: 15:39 since 3 August 2026); any HH:MM before it has said, the server judging.
 */
export function parseMinute(text: string, session: { open: string; close: string } | null): string | null {
  const match = /^(\d{1,2})[:.h]?(\d{2})$/.exec(text.trim());
  if (match === null) return null;
  const minute = `${match[1]!.padStart(2, '0')}:${match[2]!}`;
  if (Number(match[2]) >= 60 || minute > '23:59') return null;
  return session === null || (minute >= session.open && minute < session.close) ? minute : null;
}

/**
 * An alert on a strategy's premium (a fall or rise from a minute's value, a cross of its VWAP or of a level) or on
 * an expiry's ATM IV (above, below or crossing a level), made from the chart that draws it. The server's refusal
 * shows under the field it names.
 */
export function ConditionAlertForm({ subject, words, onCreate, onCreated }: { subject: ConditionSubject; /** The subject in words, for the confirmation. */ words: string; onCreate: (body: ConditionAlertCreate) => Promise<void>; onCreated?: () => void }) {
  const intl = useIntl();
  const formRef = useRef<HTMLFormElement>(null);
  const kinds = subject.kind === 'premium' ? premiumKinds : ivKinds;
  const [kind, setKind] = useState<ConditionAlertKind>(kinds[0]!);
  const [minuteText, setMinuteText] = useState('09:20');
  const [moveText, setMoveText] = useState('20');
  const [unit, setUnit] = useState<'percent' | 'points'>('percent');
  const [levelText, setLevelText] = useState('');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const values = { kind, from_minute: minuteText, move: moveText, move_unit: unit, level: levelText };
  const refused = useMemo(() => (error?.kind === 'rejected' ? { text: sayRefusal(intl, error), field: error.field } : null), [error, intl]);
  const refusal = useServerRefusal(refused, values, fields, formRef);
  const session = useTodaySession();
  const minute = parseMinute(minuteText, session);
  const move = parseLevel(moveText);
  const level = parseLevel(levelText);
  const minuteError = checked && needsMinute(kind) && minute === null ? (session === null ? intl.formatMessage(m.fromMinuteInvalidNoHours) : intl.formatMessage(m.fromMinuteInvalid, { first: session.open, last: minuteBefore(session.close) })) : undefined;
  const moveError = checked && needsMove(kind) && move === null ? intl.formatMessage(m.moveInvalid) : undefined;
  const levelError = checked && needsLevel(kind) && level === null ? intl.formatMessage(m.levelInvalid) : undefined;

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (busy || (needsMinute(kind) && minute === null) || (needsMove(kind) && move === null) || (needsLevel(kind) && level === null)) return;
    const body: ConditionAlertCreate = {
      kind,
      ...(subject.kind === 'premium' ? { legs: subject.legs } : { index: subject.index, expiry: subject.expiry }),
      ...(needsMinute(kind) && minute !== null ? { from_minute: minute } : {}),
      ...(needsMove(kind) ? { move, move_unit: unit } : {}),
      ...(needsLevel(kind) ? { level } : {}),
    };
    setBusy(true);
    setError(null);
    refusal.markSent(values);
    try {
      await onCreate(body);
      notify({
        kind: 'success',
        title: m.created,
        values: { rule: intl.formatMessage(m.rule, { subject: words, kind, move: move ?? 0, unit, level: level ?? 0, from: minute ?? '' }) },
      });
      setChecked(false);
      onCreated?.();
    } catch (failure) {
      setError(isApiError(failure) ? failure : new ApiError('setup', 'Error', { cause: failure }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void handleSubmit(event)} className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
      {refusal.banner !== null && <FormError className="sm:col-span-2">{refusal.banner}</FormError>}
      <SelectField
        name="kind"
        className="sm:col-span-2"
        label={intl.formatMessage(m.when)}
        value={kind}
        onChange={(event) => setKind(kinds.find((listed) => listed === event.target.value) ?? kinds[0]!)}
        error={refusal.fieldError('kind')}
      >
        {kinds.map((listed) => (
          <option key={listed} value={listed}>
            {intl.formatMessage(m[listed])}
          </option>
        ))}
      </SelectField>
      {needsMove(kind) && (
        <>
          <TextField name="move" label={intl.formatMessage(m.move)} inputMode="decimal" value={moveText} onChange={(event) => setMoveText(event.target.value)} error={moveError ?? refusal.fieldError('move')} />
          <SelectField name="move_unit" label={intl.formatMessage(m.unit)} value={unit} onChange={(event) => setUnit(event.target.value === 'points' ? 'points' : 'percent')} error={refusal.fieldError('move_unit')}>
            <option value="percent">{intl.formatMessage(m.percent)}</option>
            <option value="points">{intl.formatMessage(m.points)}</option>
          </SelectField>
        </>
      )}
      {needsMinute(kind) && (
        <TextField
          name="from_minute"
          className="sm:col-span-2"
          label={intl.formatMessage(m.fromMinute)}
          inputMode="numeric"
          value={minuteText}
          onChange={(event) => setMinuteText(event.target.value)}
          hint={intl.formatMessage(m.fromMinuteHint)}
          error={minuteError ?? refusal.fieldError('from_minute')}
        />
      )}
      {needsLevel(kind) && (
        <TextField
          name="level"
          className="sm:col-span-2"
          label={intl.formatMessage(subject.kind === 'iv' ? m.levelIv : m.levelRupees)}
          inputMode="decimal"
          value={levelText}
          onChange={(event) => setLevelText(event.target.value)}
          error={levelError ?? refusal.fieldError('level')}
        />
      )}
      <p className="text-sm text-fg-muted sm:col-span-2">{intl.formatMessage(m.readNote)}</p>
      <div className="flex items-end pt-3 pb-6 sm:col-span-2">
        <Button type="submit" busy={busy}>
          {intl.formatMessage(m.create)}
        </Button>
      </div>
    </form>
  );
}
