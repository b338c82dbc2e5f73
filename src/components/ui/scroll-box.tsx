import type { ReactNode } from 'react';

/**
 * A box that scrolls sideways when its content (a wide table on a phone) does not fit, reachable by keyboard:
 * with nothing focusable inside, the box itself takes focus (a named group, not a landmark: the section
 * around it is one) so the arrow keys scroll it.
 */
export function ScrollBox({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    // A focusable scroll area is how WCAG 2.1.1 lets a keyboard reach what scrolls out of view. `relative`:
    // the screen-reader-only words inside (absolutely positioned, as a change's "up"/"down" are) are then
    // clipped with the rest; without it they sat where the table ran on and widened the page (Market view
    // at 360 px was 429 px wide).
    <div role="group" aria-label={label} tabIndex={0} className={`relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-focus ${className}`}>
      {children}
    </div>
  );
}
