import type { ComponentType } from 'react';
import { cx } from '@/components/ui/class-names';

type IconButtonProps = {
  /** The accessible name, e.g. "Edit Weekly expiry": the icon alone says nothing to a screen reader. */
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  onClick: () => void;
  disabled?: boolean;
  tone?: 'default' | 'danger';
};

/** A 44 px square button showing only an icon, named for assistive technology and hover. */
export function IconButton({ label, icon: Icon, onClick, disabled, tone = 'default' }: IconButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className={cx(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-surface-muted',
        'disabled:cursor-not-allowed disabled:opacity-50',
        tone === 'danger' ? 'text-danger' : 'text-fg-muted',
      )}
    >
      <Icon className="size-5" aria-hidden />
    </button>
  );
}
