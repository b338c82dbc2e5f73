import type { ReactNode } from 'react';

/** Words with a mark before them (✓, ✕, ?): the mark doubles the colour for the eye, the words say it to everyone. */
export function Marked({ mark, children, className }: { mark: string; children: ReactNode; className?: string }) {
  return (
    <span className={className}>
      <span aria-hidden="true" className="me-1">
        {mark}
      </span>
      {children}
    </span>
  );
}
