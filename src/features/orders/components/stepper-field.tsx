import MinusIcon from '@heroicons/react/24/outline/MinusIcon';
import PlusIcon from '@heroicons/react/24/outline/PlusIcon';
import type { ReactNode } from 'react';
import { TextField } from '@/components/ui/text-field';

const stepButton = 'inline-flex size-9 items-center justify-center rounded-md text-fg hover:bg-surface-muted disabled:opacity-50';

/**
 * A number the trader types or steps: lots one at a time, a price one tick at a time (Kite's ± buttons).
 * The buttons sit inside the input's end, each named for what it does.
 */
export function StepperField({
  label,
  value,
  onChange,
  onStep,
  inputMode,
  hint,
  error,
  lessLabel,
  moreLabel,
  disabled = false,
}: {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  onStep: (direction: 1 | -1) => void;
  inputMode: 'numeric' | 'decimal';
  hint?: ReactNode;
  error?: ReactNode;
  lessLabel: string;
  moreLabel: string;
  disabled?: boolean;
}) {
  return (
    <TextField
      label={label}
      inputMode={inputMode}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      hint={hint}
      error={error}
      // Room for both buttons (the field's own padding leaves room for one).
      style={{ paddingInlineEnd: '4.75rem' }}
      trailing={
        <div className="flex gap-0.5 pe-1">
          <button type="button" aria-label={lessLabel} title={lessLabel} disabled={disabled} onClick={() => onStep(-1)} className={stepButton}>
            <MinusIcon className="size-4" aria-hidden="true" />
          </button>
          <button type="button" aria-label={moreLabel} title={moreLabel} disabled={disabled} onClick={() => onStep(1)} className={stepButton}>
            <PlusIcon className="size-4" aria-hidden="true" />
          </button>
        </div>
      }
    />
  );
}
