import { useId, type ReactNode } from 'react';
import ExclamationCircleIcon from '@heroicons/react/20/solid/ExclamationCircleIcon';
import { cx } from '@/components/ui/class-names';

type FieldIdsInput = {
  id?: string;
  hint?: ReactNode;
  error?: ReactNode;
  /** Ids the caller already describes the control with; the hint's or error's id is added. */
  describedBy?: string;
};

/** The ids and state a labelled control shares with its FieldShell: which message shows, and what is read. */
export function useFieldIds({ id, hint, error, describedBy }: FieldIdsInput) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const showHint = Boolean(hint) && !hasError;
  const describers = [describedBy, showHint ? `${controlId}-hint` : undefined, hasError ? `${controlId}-error` : undefined];
  const joined = describers.filter(Boolean).join(' ');
  return { controlId, hasError, showHint, describedBy: joined === '' ? undefined : joined };
}

type FieldShellProps = {
  controlId: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  showHint: boolean;
  hasError: boolean;
  className?: string;
  /** The control, already wired with useFieldIds' id, aria-invalid and aria-describedby. */
  children: ReactNode;
};

/** Label above, control, and the message line under it that TextField and SelectField share. */
export function FieldShell({ controlId, label, required, hint, error, showHint, hasError, className, children }: FieldShellProps) {
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-fg">
        {label}
        {required && <span aria-hidden="true" className="ms-0.5 text-danger after:content-['*']" />}
      </label>
      <div className="relative">{children}</div>
      {/* One message line sits under every field, reserved even when empty, and an error takes the hint's
          place: a message appearing must not push the form down between a pointer's press and release (the
          click on "Create account" would be lost). */}
      <div className="min-h-5 text-sm">
        {showHint && (
          <p id={`${controlId}-hint`} className="text-fg-muted">
            {hint}
          </p>
        )}
        {hasError && (
          <p id={`${controlId}-error`} className="flex items-start gap-1 text-danger">
            <ExclamationCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </p>
        )}
      </div>
    </div>
  );
}
