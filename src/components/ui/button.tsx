import type { ComponentPropsWithRef } from 'react';
import { cx } from '@/components/ui/class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'profit' | 'loss';

export type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  /** A request started by this button is pending: disabled, aria-busy, spinner, same width. */
  busy?: boolean;
};

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-brand-fg hover:opacity-90',
  secondary: 'border border-line bg-surface text-fg hover:bg-surface-muted',
  // text-surface: white on the light theme's red, near-black on the dark theme's lighter red.
  danger: 'bg-danger text-surface hover:opacity-90',
  ghost: 'bg-transparent text-fg hover:bg-surface-muted',
  // The theme's profit and loss colours, for an action that must match a control in them (a Buy or Sell toggle);
  // text-surface as for danger (white reads at 1.9:1 on the dark theme's light green).
  profit: 'bg-profit text-surface hover:opacity-90',
  loss: 'bg-loss text-surface hover:opacity-90',
};

export function Button({
  variant = 'primary',
  busy = false,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={cx(
        'relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-4 font-medium',
        'transition-opacity disabled:cursor-not-allowed',
        !busy && 'disabled:opacity-50',
        VARIANTS[variant],
        className,
      )}
      {...rest}
    >
      {/* Hidden by opacity, not visibility, so the label keeps both the width and the accessible name. */}
      <span className={cx('inline-flex items-center gap-2', busy && 'opacity-0')}>{children}</span>
      {busy && (
        <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
          <span className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none" />
        </span>
      )}
    </button>
  );
}
