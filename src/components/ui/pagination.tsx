/**
 * A pager in the shape traders know from Ant Design based back offices: previous/next, page numbers
 * with "…" buttons that jump 5 pages (3 when compact or under 768 px), a page-size select and a
 * "go to page" box. Every control has an accessible name from the pagination.* catalogue.
 */
import { useIntl } from 'react-intl';
import ChevronDoubleLeftIcon from '@heroicons/react/20/solid/ChevronDoubleLeftIcon';
import ChevronDoubleRightIcon from '@heroicons/react/20/solid/ChevronDoubleRightIcon';
import ChevronLeftIcon from '@heroicons/react/20/solid/ChevronLeftIcon';
import ChevronRightIcon from '@heroicons/react/20/solid/ChevronRightIcon';
import EllipsisHorizontalIcon from '@heroicons/react/20/solid/EllipsisHorizontalIcon';
import { cx } from '@/components/ui/class-names';
import { PaginationJumpTo } from '@/components/ui/pagination-jump-to';
import { paginationMessages as m } from '@/components/ui/pagination-messages';
import { useNarrowPager } from '@/components/ui/pagination-narrow';
import { clampPage, jumpSize, pageCount, pageForNewSize, pageItems } from '@/components/ui/pagination-pages';

export type PaginationProps = {
  /** 1-based current page. */
  page: number;
  pageSize: number;
  /** Number of items across all pages. */
  total: number;
  /** Choices of the page-size select; an empty list hides it. */
  pageSizeOptions?: readonly number[];
  onChange: (page: number, pageSize: number) => void;
  /** Fewer page buttons and 3-page jumps; automatic under 768 px. */
  compact?: boolean;
  /** Show the "Go to … Page" box (default true). */
  showJumpTo?: boolean;
  disabled?: boolean;
  className?: string;
};

const DEFAULT_SIZES = [10, 20, 50, 100] as const;

const buttonClass = cx(
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-2 text-sm',
  'disabled:cursor-not-allowed disabled:opacity-50',
);

export function Pagination({
  page,
  pageSize,
  total,
  pageSizeOptions = DEFAULT_SIZES,
  onChange,
  compact,
  showJumpTo = true,
  disabled = false,
  className,
}: PaginationProps) {
  const intl = useIntl();
  const narrow = useNarrowPager();
  const buffer = (compact ?? narrow) ? 1 : 2;
  const jump = jumpSize(buffer);
  const pages = pageCount(total, pageSize);
  const current = clampPage(page, pages);
  const sizes = [...new Set([...pageSizeOptions, ...(pageSizeOptions.length > 0 ? [pageSize] : [])])].sort(
    (a, b) => a - b,
  );

  const goTo = (target: number) => {
    const next = clampPage(target, pages);
    if (next !== current) onChange(next, pageSize);
  };

  return (
    <nav aria-label={intl.formatMessage(m.label)} className={cx('flex flex-wrap items-center gap-x-4 gap-y-2', className)}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <button
            type="button"
            aria-label={intl.formatMessage(m.prevPage)}
            disabled={disabled || current <= 1}
            onClick={() => goTo(current - 1)}
            className={cx(buttonClass, 'border-line bg-surface text-fg hover:bg-surface-muted')}
          >
            <ChevronLeftIcon aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          </button>
        </li>
        {pageItems(current, pages, buffer).map((item) => {
          if (typeof item === 'number') {
            const isCurrent = item === current;
            return (
              <li key={item}>
                <button
                  type="button"
                  aria-label={intl.formatMessage(m.pageNumber, { page: item })}
                  aria-current={isCurrent ? 'page' : undefined}
                  disabled={disabled}
                  onClick={() => goTo(item)}
                  className={cx(
                    buttonClass,
                    isCurrent
                      ? 'border-brand bg-brand-soft font-semibold text-fg'
                      : 'border-line bg-surface text-fg hover:bg-surface-muted',
                  )}
                >
                  {intl.formatNumber(item)}
                </button>
              </li>
            );
          }
          const back = item === 'jump-prev';
          const label = back ? (jump === 5 ? m.prev5 : m.prev3) : jump === 5 ? m.next5 : m.next3;
          const Arrow = back ? ChevronDoubleLeftIcon : ChevronDoubleRightIcon;
          return (
            <li key={item}>
              <button
                type="button"
                aria-label={intl.formatMessage(label)}
                title={intl.formatMessage(label)}
                disabled={disabled}
                onClick={() => goTo(back ? current - jump : current + jump)}
                className={cx(buttonClass, 'group border-transparent text-fg-muted hover:text-brand focus-visible:text-brand')}
              >
                <EllipsisHorizontalIcon aria-hidden="true" className="size-5 group-hover:hidden group-focus-visible:hidden" />
                <Arrow aria-hidden="true" className="hidden size-5 group-hover:block group-focus-visible:block rtl:-scale-x-100" />
              </button>
            </li>
          );
        })}
        <li>
          <button
            type="button"
            aria-label={intl.formatMessage(m.nextPage)}
            disabled={disabled || current >= pages}
            onClick={() => goTo(current + 1)}
            className={cx(buttonClass, 'border-line bg-surface text-fg hover:bg-surface-muted')}
          >
            <ChevronRightIcon aria-hidden="true" className="size-5 rtl:-scale-x-100" />
          </button>
        </li>
      </ul>
      {sizes.length > 0 && (
        <select
          aria-label={intl.formatMessage(m.pageSize)}
          value={pageSize}
          disabled={disabled}
          onChange={(event) => {
            const size = Number(event.currentTarget.value);
            onChange(pageForNewSize(current, pageSize, size, total), size);
          }}
          className="min-h-11 rounded-md border border-line bg-surface px-2 text-sm text-fg"
        >
          {sizes.map((size) => (
            <option key={size} value={size}>
              {intl.formatMessage(m.itemsPerPage, { size: intl.formatNumber(size) })}
            </option>
          ))}
        </select>
      )}
      {showJumpTo && <PaginationJumpTo pages={pages} onJump={goTo} disabled={disabled} />}
    </nav>
  );
}
