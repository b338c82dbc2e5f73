import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '@/components/ui/class-names';
import { FieldShell, useFieldIds } from '@/components/ui/field-shell';

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
  const field = useFieldIds({ id, hint, error, describedBy });
  return (
    <FieldShell {...field} label={label} required={required} hint={hint} error={error} className={className}>
      <input
        id={field.controlId}
        required={required}
        aria-invalid={field.hasError || undefined}
        aria-describedby={field.describedBy}
        className={cx(
          'min-h-11 w-full rounded-md border bg-surface px-3 text-base text-fg placeholder:text-fg-muted',
          'disabled:cursor-not-allowed disabled:bg-surface-muted disabled:text-fg-muted',
          field.hasError ? 'border-danger' : 'border-line',
          trailing ? 'pe-12' : undefined,
        )}
        {...input}
      />
      {trailing && <div className="absolute inset-y-0 end-0 flex items-center">{trailing}</div>}
    </FieldShell>
  );
}
