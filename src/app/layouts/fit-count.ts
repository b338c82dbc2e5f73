/**
 * How many menu items fit in a row, the rest going to a More menu. Pure, so the rule is tested apart from
 * the browser's measurements: everything shows when everything fits; otherwise the row keeps as many
 * leading items as fit beside the More button (never fewer than none).
 */
export type RowMeasure = {
  /** Each item's width in its current language, in order. */
  itemWidths: readonly number[];
  /** The width the row has. */
  available: number;
  /** The More button's width. */
  moreWidth: number;
  /** The gap between two neighbours. */
  gap: number;
};

function rowWidth(widths: readonly number[], gap: number): number {
  if (widths.length === 0) return 0;
  return widths.reduce((sum, width) => sum + width, 0) + gap * (widths.length - 1);
}

export function fitCount({ itemWidths, available, moreWidth, gap }: RowMeasure): number {
  // Sub-pixel widths summed can overshoot a row that really fits by a fraction.
  const room = available + 0.5;
  if (rowWidth(itemWidths, gap) <= room) return itemWidths.length;
  let count = itemWidths.length - 1;
  while (count > 0 && rowWidth(itemWidths.slice(0, count), gap) + gap + moreWidth > room) count -= 1;
  return count;
}
