/**
 * Which page buttons a pager shows, in the familiar shape 1 … 4 5 [6] 7 8 … 20: the first and last pages,
 * a window around the current one, and "jump" buttons for the gaps. `buffer` is the number of pages
 * each side of the current one (2 normally, 1 in compact mode); a jump moves 2·buffer+1 pages (5 or 3).
 */
export type PageItem = number | 'jump-prev' | 'jump-next';

export function pageCount(total: number, pageSize: number): number {
  if (!(pageSize > 0) || !(total > 0)) return 1;
  return Math.ceil(total / pageSize);
}

export function clampPage(page: number, pages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pages));
}

export function jumpSize(buffer: number): number {
  return buffer * 2 + 1;
}

export function pageItems(current: number, pages: number, buffer: number): PageItem[] {
  // Few pages: all of them, as long as no jump would replace a single page.
  if (pages <= 3 + buffer * 2) return Array.from({ length: pages }, (_, i) => i + 1);

  let left = Math.max(1, current - buffer);
  let right = Math.min(pages, current + buffer);
  // Near either end, keep the window the same width instead of shrinking it.
  if (current - 1 <= buffer) right = 1 + buffer * 2;
  if (pages - current <= buffer) left = pages - buffer * 2;

  const items: PageItem[] = [];
  for (let page = left; page <= right; page += 1) items.push(page);
  // A jump only where it hides at least two pages; a single hidden page is shown instead.
  if (left > 3) items.unshift('jump-prev');
  else if (left === 3) items.unshift(2);
  if (right < pages - 2) items.push('jump-next');
  else if (right === pages - 2) items.push(pages - 1);
  if (left > 1) items.unshift(1);
  if (right < pages) items.push(pages);
  return items;
}

/** The page that keeps the first visible item on screen when the page size changes. */
export function pageForNewSize(page: number, pageSize: number, newSize: number, total: number): number {
  const firstItem = (page - 1) * pageSize;
  return clampPage(Math.floor(firstItem / newSize) + 1, pageCount(total, newSize));
}
