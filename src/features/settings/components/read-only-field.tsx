import { useId } from 'react';

type ReadOnlyFieldProps = { label: string; value: string; hint?: string; type?: 'text' | 'email' };

/**
 * A value the trader can read, select and copy but not change: a read-only input, labelled like the
 * others, drawn muted so it does not look editable.
 */
export function ReadOnlyField({ label, value, hint, type = 'text' }: ReadOnlyFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        readOnly
        aria-describedby={hint ? hintId : undefined}
        className="min-h-11 w-full rounded-md border border-line bg-surface-muted px-3 text-base text-fg-muted"
      />
      {hint ? (
        <p id={hintId} className="text-sm text-fg-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
