import { ChevronDownIcon, ExclamationCircleIcon } from '@heroicons/react/20/solid';
import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from '@/components/ui/class-names';

type SelectFieldProps = ComponentPropsWithRef<'select'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  className?: string;
};

/** A native select laid out like TextField: label, control, and one reserved line for the hint or error. */
export function SelectField({ label, hint, error, className, id, required, children, ...select }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const messageId = `${selectId}-message`;
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
          aria-describedby={hasError || hint ? messageId : undefined}
          className={cx(
            'min-h-11 w-full appearance-none rounded-md border bg-surface ps-3 pe-10 text-base text-fg',
            'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-fg-muted',
            hasError ? 'border-danger' : 'border-line',
          )}
          {...select}
        >
          {children}
        </select>
        <ChevronDownIcon
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 end-3 my-auto size-5 text-fg-muted"
        />
      </div>
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
