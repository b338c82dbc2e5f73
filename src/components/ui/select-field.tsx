import { ChevronDownIcon, ExclamationCircleIcon } from '@heroicons/react/20/solid';
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from '@/components/ui/class-names';

export type SelectFieldProps = ComponentPropsWithRef<'select'> & {
  label: ReactNode;
  /** Help shown under the select and read with it (aria-describedby). */
  hint?: ReactNode;
  /** The field's error, already translated; marks the select aria-invalid and is read with it. */
  error?: ReactNode;
  /** Classes of the wrapper; the select itself is styled here. */
  className?: string;
};

/** A native select laid out like TextField: label, control, and one reserved line for the hint or error. */
export function SelectField({
  label,
  hint,
  error,
  className,
  id,
  required,
  children,
  'aria-describedby': describedBy,
  ...select
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  // As in TextField: the message line is reserved even when empty, and an error takes the hint's place.
  const showHint = Boolean(hint) && !hasError;
  const describers = [describedBy, showHint ? hintId : undefined, hasError ? errorId : undefined].filter(Boolean);

  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-fg">
        {label}
        {required && <span aria-hidden="true" className="ms-0.5 text-danger after:content-['*']" />}
      </label>
      <div className="relative">
        <select
          id={selectId}
          required={required}
          aria-invalid={hasError || undefined}
          aria-describedby={describers.length > 0 ? describers.join(' ') : undefined}
          className={cx(
            'min-h-11 w-full appearance-none rounded-md border bg-surface ps-3 pe-10 text-base text-fg',
            'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-fg-muted',
            hasError ? 'border-danger' : 'border-line',
          )}
          {...select}
        >
          {children}
        </select>
        {/* appearance-none drops the browser's arrow, which sits on the right even in RTL; this one follows the end. */}
        <ChevronDownIcon
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 end-3 my-auto size-5 text-fg-muted"
        />
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
