import { useId } from 'react';

type Choice<T extends string> = { value: T; label: string };

/** A segmented group of native radio buttons (keyboard and screen readers behave as with any radio group). */
export function ChoiceChips<T extends string>({ legend, value, choices, onChange }: { legend: string; value: T; choices: Choice<T>[]; onChange: (value: T) => void }) {
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-11 cursor-pointer items-center rounded-md border border-line bg-surface px-3 text-sm has-checked:border-brand has-checked:bg-brand-soft has-checked:font-medium has-checked:text-brand has-focus-visible:outline-2 has-focus-visible:outline-focus"
          >
            <input type="radio" name={name} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} className="sr-only" />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
