import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { ExclamationCircleIcon } from '@heroicons/react/20/solid';
import { cx } from '@/components/ui/class-names';

type SelectFieldProps = ComponentPropsWithRef<'select'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
};

/** A native select laid out like TextField: label, reserved message line, error read with the control. */
export function SelectField({ label, hint, error, required, children, ...select }: SelectFieldProps) {
  const id = useId();
  const hasError = Boolean(error);
  const messageId = `${id}-message`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
        {required && <span aria-hidden="true" className="ms-0.5 text-danger after:content-['*']" />}
      </label>
      <select
        id={id}
        required={required}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError || hint ? messageId : undefined}
        className={cx(
          'min-h-11 w-full rounded-md border bg-surface px-3 text-base text-fg',
          'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-fg-muted',
          hasError ? 'border-danger' : 'border-line',
        )}
        {...select}
      >
        {children}
      </select>
      <div className="min-h-5 text-sm">
        {hasError ? (
          <p id={messageId} className="flex items-start gap-1 text-danger">
            <ExclamationCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </p>
        ) : hint ? (
          <p id={messageId} className="text-fg-muted">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
