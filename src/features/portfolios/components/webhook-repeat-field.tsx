import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { minutesRangeMessage, webhookRepeatMessages as m } from '@/features/portfolios/webhook-repeat-messages';

/** The contract's bounds of a bot's duplicate window (BotWebhook.duplicate_window_minutes). */
const minMinutes = 1;
const maxMinutes = 1440;

type WebhookRepeatFieldProps = {
  /** What is saved: null, an alert id counts for its IST day; else within this many minutes. */
  windowMinutes: number | null;
  disabled: boolean;
  busy: boolean;
  /** Saves the choice; resolves true once saved. */
  onSave: (windowMinutes: number | null) => Promise<boolean>;
};

/**
 * How long an alert id counts once placed (issue 60): its trading day, as a daily scan wants (ChartInk's 9:20
 * alert is a new one tomorrow), or a window of minutes, as a strategy that fires the same id again wants.
 */
export function WebhookRepeatField({ windowMinutes, disabled, busy, onSave }: WebhookRepeatFieldProps) {
  const intl = useIntl();
  const [mode, setMode] = useState<'day' | 'window'>(windowMinutes === null ? 'day' : 'window');
  const [minutes, setMinutes] = useState(String(windowMinutes ?? 15));
  const [saved, setSaved] = useState(false);
  // The saved value changed (this save read back, or another device's): the fields follow it.
  const [shown, setShown] = useState(windowMinutes);
  if (shown !== windowMinutes) {
    setShown(windowMinutes);
    setMode(windowMinutes === null ? 'day' : 'window');
    if (windowMinutes !== null) setMinutes(String(windowMinutes));
  }

  const value = Number(minutes);
  const valid = mode === 'day' || (/^\d+$/.test(minutes.trim()) && value >= minMinutes && value <= maxMinutes);
  const chosen = mode === 'day' ? null : value;
  const submit = async () => {
    setSaved(false);
    if (await onSave(chosen)) setSaved(true);
  };

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="text-sm font-semibold text-fg">{intl.formatMessage(m.title)}</h3>
      <SelectField
        label={intl.formatMessage(m.counts)}
        hint={intl.formatMessage(mode === 'day' ? m.dayHint : m.windowHint)}
        value={mode}
        disabled={disabled}
        onChange={(event) => {
          setSaved(false);
          setMode(event.target.value === 'window' ? 'window' : 'day');
        }}
      >
        <option value="day">{intl.formatMessage(m.day)}</option>
        <option value="window">{intl.formatMessage(m.window)}</option>
      </SelectField>
      {mode === 'window' ? (
        <TextField
          label={intl.formatMessage(m.minutes)}
          inputMode="numeric"
          value={minutes}
          disabled={disabled}
          onChange={(event) => {
            setSaved(false);
            setMinutes(event.target.value);
          }}
          error={valid ? undefined : intl.formatMessage(minutesRangeMessage, { min: minMinutes, max: maxMinutes })}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" busy={busy} disabled={disabled || !valid || chosen === windowMinutes}>
          {intl.formatMessage(m.save)}
        </Button>
        {saved ? (
          <span role="status" className="text-sm text-profit">
            {intl.formatMessage(m.saved)}
          </span>
        ) : null}
      </div>
    </form>
  );
}
