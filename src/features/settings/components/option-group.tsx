import { useId } from 'react';
import { cx } from '@/components/ui/class-names';

export type Option<T extends string> = { value: T; label: string; description?: string };

type OptionGroupProps<T extends string> = {
  legend: string;
  /** The field's name; the radios share it, so the arrow keys move between them. */
  name: string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
  /** Help under the legend, read with the group. */
  hint?: string;
  /** Cards (with descriptions) stack on a phone and pair up from 576 px; chips wrap along a line. */
  layout?: 'cards' | 'chips';
};

/** One choice among a few, as native radios drawn as cards: keyboard, forms and screen readers work as usual. */
export function OptionGroup<T extends string>(props: OptionGroupProps<T>) {
  const { legend, name, value, options, onChange, hint, layout = 'cards' } = props;
  const groupId = useId();
  const hintId = `${groupId}-hint`;
  return (
    <fieldset aria-describedby={hint ? hintId : undefined} className="flex min-w-0 flex-col gap-2">
      <legend className="text-sm font-medium text-fg">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-sm text-fg-muted">
          {hint}
        </p>
      ) : null}
      <div className={layout === 'cards' ? 'grid grid-cols-1 gap-2 sm:grid-cols-2' : 'flex flex-wrap gap-2'}>
        {options.map((option) => (
          <OptionCard
            key={option.value}
            id={`${groupId}-${option.value}`}
            name={name}
            option={option}
            checked={option.value === value}
            onSelect={() => onChange(option.value)}
            layout={layout}
          />
        ))}
      </div>
    </fieldset>
  );
}

type OptionCardProps<T extends string> = {
  id: string;
  name: string;
  option: Option<T>;
  checked: boolean;
  onSelect: () => void;
  layout: 'cards' | 'chips';
};

function OptionCard<T extends string>({ id, name, option, checked, onSelect, layout }: OptionCardProps<T>) {
  // The radio is named by its label alone; the description is read after it, not as part of the name.
  const descriptionId = option.description ? `${id}-description` : undefined;
  return (
    <label
      className={cx(
        'flex min-h-11 cursor-pointer gap-3 rounded-md border border-line bg-surface px-3 py-2.5',
        layout === 'cards' ? 'items-start' : 'items-center',
        'has-checked:border-brand has-checked:bg-brand-soft has-focus-visible:outline-2 has-focus-visible:outline-focus',
      )}
    >
      <input
        type="radio"
        name={name}
        value={option.value}
        checked={checked}
        onChange={onSelect}
        aria-labelledby={`${id}-label`}
        aria-describedby={descriptionId}
        className={cx('size-4 shrink-0 accent-brand', layout === 'cards' && 'mt-0.5')}
      />
      <span className="flex min-w-0 flex-col">
        <span id={`${id}-label`} className="text-sm font-medium text-fg break-words">
          {option.label}
        </span>
        {option.description ? (
          <span id={descriptionId} className="text-sm text-fg-muted break-words">
            {option.description}
          </span>
        ) : null}
      </span>
    </label>
  );
}
