import type { ReactNode } from 'react';
import ExclamationTriangleIcon from '@heroicons/react/24/outline/ExclamationTriangleIcon';
import { cx } from '@/components/ui/class-names';

type FormErrorProps = {
  /** The error, already translated (e.g. the server's message). Nothing renders without it. */
  children?: ReactNode;
  title?: ReactNode;
  className?: string;
};

/** A form-level error banner, announced when it appears (role=alert). */
export function FormError({ children, title, className }: FormErrorProps) {
  if (!children && !title) return null;
  return (
    <div
      role="alert"
      className={cx('flex items-start gap-2 rounded-md border border-danger/40 bg-danger/10 p-3 text-fg', className)}
    >
      <ExclamationTriangleIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
      <div className="min-w-0 flex-1 break-words">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? 'mt-1 text-sm' : undefined}>{children}</div>}
      </div>
    </div>
  );
}
