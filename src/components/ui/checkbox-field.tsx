import { useId, type ReactNode } from 'react';

export type CheckboxFieldProps = {
  label: ReactNode;
  /** Help under the label, read with the checkbox. */
  hint?: ReactNode;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
};

/** A native checkbox with its label and help: the whole bordered row is the target, large enough for a thumb. */
export function CheckboxField({ label, hint, name, checked, onChange, disabled = false }: CheckboxFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-line bg-surface px-3 py-2.5 has-focus-visible:outline-2 has-focus-visible:outline-focus has-disabled:cursor-not-allowed has-disabled:bg-surface-muted">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
        // Named by the label alone; the hint is read after it, not as part of the name.
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        className="mt-0.5 size-4 shrink-0 accent-brand"
      />
      <span className="flex min-w-0 flex-col">
        <span id={labelId} className="text-sm font-medium text-fg break-words">
          {label}
        </span>
        {hint ? (
          <span id={hintId} className="text-sm text-fg-muted break-words">
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}
