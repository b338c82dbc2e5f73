import { useId, type ReactNode } from 'react';

type Option<T extends string> = { value: T; label: string; swatch?: string };

type Props<T extends string> = {
  legend: string;
  value: T;
  options: Option<T>[];
  onChange: (value: T) => void;
  children?: ReactNode;
};

/** A segmented group of native radio buttons: keyboard and screen-reader behaviour come for free. */
export function SettingsChoice<T extends string>({ legend, value, options, onChange }: Props<T>) {
  const name = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-line px-3 text-sm has-checked:border-brand has-checked:bg-brand-soft has-checked:text-brand has-focus-visible:outline-2 has-focus-visible:outline-focus"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.swatch && (
              <span className="size-4 rounded-full border border-line" data-swatch={option.swatch} aria-hidden="true" />
            )}
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
