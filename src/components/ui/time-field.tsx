import type { FocusEvent } from 'react';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';
import { parseClockTime } from '@/lib/validation/clock-time';

export type TimeFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'value'> & {
  value: string;
  /** Called on leaving the field with the time rewritten as HH:MM ("920" → "09:20"), when it reads as one. */
  onNormalise: (time: string) => void;
};

/**
 * A 24-hour time of day typed as text. A native `<input type=time>` follows the browser's locale, so an
 * en-US phone shows "02:00 PM" beside a hint in 24-hour IST; a text field shows what the trader types, on
 * every device. The keypad is numeric (phones have no colon there), and "0920", "9.20" or "9h20" become
 * "09:20" when the field is left.
 */
export function TimeField({ value, onNormalise, onBlur, ...props }: TimeFieldProps) {
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const time = parseClockTime(event.currentTarget.value);
    if (time !== null && time !== event.currentTarget.value) onNormalise(time);
    onBlur?.(event);
  };
  return (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      maxLength={8}
      value={value}
      onBlur={handleBlur}
      {...props}
    />
  );
}
