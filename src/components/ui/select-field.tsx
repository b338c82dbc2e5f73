import ChevronDownIcon from '@heroicons/react/20/solid/ChevronDownIcon';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '@/components/ui/class-names';
import { FieldShell, useFieldIds } from '@/components/ui/field-shell';

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
  const field = useFieldIds({ id, hint, error, describedBy });
  return (
    <FieldShell {...field} label={label} required={required} hint={hint} error={error} className={className}>
      <select
        id={field.controlId}
        required={required}
        aria-invalid={field.hasError || undefined}
        aria-describedby={field.describedBy}
        className={cx(
          'min-h-11 w-full appearance-none rounded-md border bg-surface ps-3 pe-10 text-base text-fg',
          'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-fg-muted',
          field.hasError ? 'border-danger' : 'border-line',
        )}
        {...select}
      >
        {children}
      </select>
      {/* appearance-none drops the browser's arrow, which stays on the right even in RTL; this one follows the end. */}
      <ChevronDownIcon
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 end-3 my-auto size-5 text-fg-muted"
      />
    </FieldShell>
  );
}
