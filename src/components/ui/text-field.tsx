import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { ExclamationCircleIcon } from '@heroicons/react/20/solid';
import { cx } from '@/components/ui/class-names';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'size'> & {
  label: ReactNode;
  /** Help shown under the input and read with it (aria-describedby). */
  hint?: ReactNode;
  /** The field's error, already translated; marks the input aria-invalid and is read with it. */
  error?: ReactNode;
  /** A control inside the input at its inline end, such as PasswordField's show/hide button. */
  trailing?: ReactNode;
  /** Classes of the wrapper; the input itself is styled here. */
  className?: string;
};

export function TextField({
  label,
  hint,
  error,
  trailing,
  className,
  id,
  required,
  'aria-describedby': describedBy,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  // One message line sits under every field, reserved even when empty, and an error takes the hint's
  // place: a message appearing must not push the form down between a pointer's press and release (the
  // click on "Create account" would be lost).
  const showHint = Boolean(hint) && !hasError;
  const describers = [describedBy, showHint ? hintId : undefined, hasError ? errorId : undefined].filter(Boolean);

  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-fg">
        {label}
        {required && <span aria-hidden="true" className="ms-0.5 text-danger after:content-['*']" />}
      </label>
      <div className="relative">
        <input
          id={inputId}
          required={required}
          aria-invalid={hasError || undefined}
          aria-describedby={describers.length > 0 ? describers.join(' ') : undefined}
          className={cx(
            'min-h-11 w-full rounded-md border bg-surface px-3 text-base text-fg placeholder:text-fg-muted',
            'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-fg-muted',
            hasError ? 'border-danger' : 'border-line',
            trailing ? 'pe-12' : undefined,
          )}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 end-0 flex items-center">{trailing}</div>}
      </div>
      <div className="min-h-5 text-sm">
        {showHint && (
          <p id={hintId} className="text-fg-muted">
            {hint}
          </p>
        )}
        {hasError && (
          <p id={errorId} className="flex items-start gap-1 text-danger">
            <ExclamationCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </p>
        )}
      </div>
    </div>
  );
}
