import { useId } from 'react';

type CheckboxFieldProps = {
  label: string;
  hint?: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/** A native checkbox with its label and help, on a target large enough for a thumb. */
export function CheckboxField({ label, hint, name, checked, onChange }: CheckboxFieldProps) {
  const id = useId();
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-line bg-surface px-3 py-2.5 has-focus-visible:outline-2 has-focus-visible:outline-focus">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 size-4 shrink-0 accent-brand"
      />
      <span className="flex min-w-0 flex-col">
        <span id={`${id}-label`} className="text-sm font-medium text-fg break-words">
          {label}
        </span>
        {hint ? (
          <span id={`${id}-hint`} className="text-sm text-fg-muted break-words">
            {hint}
          </span>
        ) : null}
      </span>
    </label>
  );
}
