import CalendarDaysIcon from '@heroicons/react/24/outline/CalendarDaysIcon';
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';
import { parseTypedDay, typedDayOf } from '@/lib/format/typed-day';

const messages = defineMessages({
  placeholder: { id: 'form.date.placeholder', defaultMessage: 'DD/MM/YYYY' },
  invalid: { id: 'form.date.invalid', defaultMessage: 'Enter a day as DD/MM/YYYY, for example 05/01/2026.' },
  calendar: { id: 'form.date.calendar', defaultMessage: 'Choose a day on the calendar' },
  todayWhenEmpty: { id: 'form.date.todayWhenEmpty', defaultMessage: 'Today, or DD/MM/YYYY' },
});

export type DateFieldProps = Omit<TextFieldProps, 'type' | 'value' | 'onChange' | 'trailing' | 'error'> & {
  /** The day as YYYY-MM-DD; '' for none. */
  value: string;
  /** Called with the day as YYYY-MM-DD ('' when the field is emptied) once what was typed reads as a day. */
  onDayChange: (day: string) => void;
  /** Left empty, the screen shows today's (a book's day): the empty field says so, not a bare DD/MM/YYYY (issue 62). */
  emptyIsToday?: boolean;
};

/**
 * A day in the interface language's order, DD/MM/YYYY, on every device. A native `<input type=date>` shows
 * the browser's own format (MM/DD/YYYY on a US-English Chromium, whatever the app's language), so the day
 * is typed as text and read when the field is left or Enter is pressed; the calendar button opens the
 * browser's date picker on a hidden native input, whose choice lands in the text field.
 */
export function DateField({ value, onDayChange, onBlur, id, emptyIsToday = false, ...props }: DateFieldProps) {
  const intl = useIntl();
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const picker = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState(() => typedDayOf(value));
  const [shownValue, setShownValue] = useState(value);
  const [invalid, setInvalid] = useState(false);
  // A day set from outside (another screen's choice, a reset) replaces what the field shows.
  if (shownValue !== value) {
    setShownValue(value);
    setTyped(typedDayOf(value));
    setInvalid(false);
  }

  const commit = (text: string) => {
    if (text.trim() === '') {
      setInvalid(false);
      if (value !== '') onDayChange('');
      return;
    }
    const day = parseTypedDay(text);
    setInvalid(day === null);
    if (day === null) return;
    setTyped(typedDayOf(day));
    if (day !== value) onDayChange(day);
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    commit(event.currentTarget.value);
    onBlur?.(event);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit(event.currentTarget.value);
  };
  const openCalendar = () => {
    const input = picker.current;
    if (input === null) return;
    input.value = value;
    try {
      input.showPicker();
    } catch {
      // No picker (an old browser, or not allowed now): typing the day still works.
      document.getElementById(inputId)?.focus();
    }
  };

  return (
    <TextField
      {...props}
      id={inputId}
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      maxLength={10}
      placeholder={intl.formatMessage(emptyIsToday ? messages.todayWhenEmpty : messages.placeholder)}
      value={typed}
      onChange={(event) => setTyped(event.target.value)}
      onBlur={handleBlur}
      onKeyDown={handleKeyDown}
      error={invalid ? intl.formatMessage(messages.invalid) : undefined}
      trailing={
        <>
          <button
            type="button"
            aria-label={intl.formatMessage(messages.calendar)}
            aria-controls={inputId}
            disabled={props.disabled}
            onClick={openCalendar}
            className="inline-flex size-11 items-center justify-center rounded-md text-fg-muted hover:text-fg disabled:cursor-not-allowed"
          >
            <CalendarDaysIcon aria-hidden="true" className="size-5" />
          </button>
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            className="pointer-events-none absolute end-0 bottom-0 size-px opacity-0"
            onChange={(event) => {
              const day = event.target.value;
              setTyped(typedDayOf(day));
              setInvalid(false);
              if (day !== value) onDayChange(day);
            }}
          />
        </>
      }
    />
  );
}
