// The positions' Roll button and its dialog, the same for a future's roll and an option's.
import { useState, type ReactNode } from 'react';

/**
 * The Roll button while the position can be rolled (`offered`), and its dialog from the press until the trader closes
 * it: once the roll has closed the position the button goes, but the dialog stays, saying the orders' final states
 * (it vanished with the button when the book was read again before the trader had read them, session 84).
 */
export function RollAction({ offered, disabled, label, dialog }: { offered: boolean; disabled: boolean; label: string; dialog: (onClose: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {offered && (
        <button
          type="button"
          disabled={disabled}
          onClick={() => setOpen(true)}
          className="min-h-9 rounded-md border border-line px-2 text-xs font-medium text-fg hover:bg-surface-raised disabled:opacity-50"
        >
          {label}
        </button>
      )}
      {open && dialog(() => setOpen(false))}
    </>
  );
}
