import type { ReactNode } from 'react';
import { cx } from '@/components/ui/class-names';

export type SummaryTile = { label: string; value: ReactNode; field: string; describedBy?: string | undefined };

/**
 * Labelled figures as tiles (Positions' summary, the Position book's margins and totals): each figure stays
 * whole under its label on a phone, where a sentence of figures wrapped one apart from its words.
 */
export function SummaryTiles({ tiles, className }: { tiles: readonly SummaryTile[]; className?: string }) {
  return (
    <dl className={cx('grid grid-cols-2 gap-3', className)}>
      {tiles.map(({ label, value, field, describedBy }) => (
        <div key={field} className="rounded-lg border border-line bg-surface p-3">
          <dt className="text-xs text-fg-muted">{label}</dt>
          <dd className="text-base font-semibold tabular-nums text-fg" data-summary={field} aria-describedby={describedBy}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
