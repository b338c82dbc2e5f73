// The positions' Roll button, the same for a future's roll and an option's: it only opens its dialog.
import type { ReactNode } from 'react';

export function RollTrigger({ disabled, onOpen, children }: { disabled?: boolean | undefined; onOpen: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onOpen}
      className="min-h-9 rounded-md border border-line px-2 text-xs font-medium text-fg hover:bg-surface-raised disabled:opacity-50"
    >
      {children}
    </button>
  );
}
