import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { searchUnderlyings, type UnderlyingRow } from '@/lib/market/underlyings';
import { comboKey, searchDebounceMs, searchText } from '@/lib/market/underlying-combobox';
import ExclamationCircleIcon from '@heroicons/react/20/solid/ExclamationCircleIcon';
import { cx } from '@/components/ui/class-names';

const messages = defineMessages({
  label: { id: 'market.search.label', defaultMessage: 'Underlying' },
  placeholder: { id: 'market.search.placeholder', defaultMessage: 'Index or stock: name or symbol' },
  index: { id: 'market.search.index', defaultMessage: 'Index' },
  stock: { id: 'market.search.stock', defaultMessage: 'Stock' },
  banned: { id: 'market.search.banned', defaultMessage: 'In F&O ban' },
  none: { id: 'market.search.none', defaultMessage: 'No index or stock with F&O matches.' },
  failed: { id: 'market.search.failed', defaultMessage: 'The search could not be made. Try again.' },
});

type Found = { text: string; rows: UnderlyingRow[] } | { text: string; failed: true };

/** A choice listed before the search's answers (a webhook bot's "stock named in the alert"), whatever is typed. */
export type LeadChoice = { label: string; note: string; onPick: () => void };

type UnderlyingSearchProps = {
  /** What the input shows until the trader types: the chosen symbol (or the lead choice's label). */
  value: string;
  onPick: (row: UnderlyingRow) => void;
  className?: string;
  lead?: LeadChoice | undefined;
  /** A form's name for the input (its validation focuses the first field in error by name). */
  name?: string;
  required?: boolean;
  error?: string | undefined;
  onBlur?: () => void;
};

/**
 * One search box for any underlying, index or F&O stock, by symbol or name: a combobox (WAI-ARIA pattern: the
 * focus stays in the input, the arrows move through the list, Enter picks, Escape closes). The server is asked
 * once the typing pauses (150 ms); a stock in the day's F&O ban is marked. Shows the chosen symbol until the
 * trader types.
 */
export function UnderlyingSearch({ value, onPick, className, lead, name, required, error, onBlur }: UnderlyingSearchProps) {
  const intl = useIntl();
  const id = useId();
  const listId = `${id}-list`;
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [found, setFound] = useState<Found | null>(null);
  const query = searchText(typed ?? '');

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchUnderlyings(query, controller.signal)
        .then((rows) => setFound({ text: query, rows }))
        .catch(() => !controller.signal.aborted && setFound({ text: query, failed: true }));
    }, searchDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, open]);

  // Only the answer for the text now typed: an older one would offer what the trader has typed past.
  const current = found !== null && found.text === query ? found : null;
  const rows = current !== null && 'rows' in current ? current.rows : [];
  const shown = open && current !== null;
  // The lead choice is the list's first option: the search's answers follow it.
  const offset = lead === undefined ? 0 : 1;
  const hasError = error !== undefined && error !== '';

  const done = () => {
    setTyped(null);
    setOpen(false);
    setActive(-1);
  };
  const pick = (row: UnderlyingRow) => {
    onPick(row);
    done();
  };
  const pickAt = (index: number) => {
    if (lead !== undefined && index === 0) {
      lead.onPick();
      done();
      return;
    }
    const row = rows[index - offset];
    if (row !== undefined) pick(row);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const action = comboKey(event.key, { open: shown, active, count: rows.length + offset });
    if (action.type === 'none') return;
    event.preventDefault();
    if (action.type === 'move' || action.type === 'open') {
      setOpen(true);
      setActive(action.active);
    } else if (action.type === 'close') {
      setOpen(false);
      setTyped(null);
      setActive(-1);
    } else {
      pickAt(action.index);
    }
  };

  return (
    <div className={cx('relative flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {intl.formatMessage(messages.label)}
        {required && <span aria-hidden="true" className="ms-0.5 text-danger after:content-['*']" />}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError ? `${id}-error` : undefined}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        value={typed ?? value}
        placeholder={intl.formatMessage(messages.placeholder)}
        onFocus={(event) => {
          event.currentTarget.select();
          setOpen(true);
        }}
        onBlur={() => {
          done();
          onBlur?.();
        }}
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        // A symbol is typed left to right (dir), yet in a right-to-left layout it sits at the start, under its label.
        className="min-h-11 w-full rounded-md border border-line bg-surface px-3 text-base text-fg placeholder:text-fg-muted rtl:text-right"
      />
      {/* The message line every field reserves (FieldShell), so the row of pickers lines up. */}
      <div className="min-h-5 text-sm">
        {hasError && (
          <p id={`${id}-error`} className="flex items-start gap-1 text-danger">
            <ExclamationCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </p>
        )}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={intl.formatMessage(messages.label)}
        hidden={!shown}
        className="absolute inset-x-0 top-[4.5rem] z-30 max-h-80 min-w-64 overflow-y-auto rounded-md border border-line bg-surface py-1 shadow-lg"
      >
        {shown && lead !== undefined && (
          <li
            id={`${listId}-0`}
            role="option"
            aria-selected={active === 0}
            onMouseDown={(event) => {
              event.preventDefault();
              pickAt(0);
            }}
            onMouseEnter={() => setActive(0)}
            className={cx('flex min-h-11 cursor-pointer flex-col justify-center border-b border-line px-3 py-1 text-sm', active === 0 ? 'bg-brand/10' : undefined)}
          >
            <span className="font-medium text-fg">{lead.label}</span>
            <span className="text-xs text-fg-muted">{lead.note}</span>
          </li>
        )}
        {shown && rows.length === 0 && (
          <li role="presentation" className="px-3 py-2 text-sm text-fg-muted">
            {intl.formatMessage(current !== null && 'failed' in current ? messages.failed : messages.none)}
          </li>
        )}
        {shown &&
          rows.map((row, index) => (
            <li
              key={row.symbol}
              id={`${listId}-${index + offset}`}
              role="option"
              aria-selected={index + offset === active}
              // Picked on press, before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(row);
              }}
              onMouseEnter={() => setActive(index + offset)}
              className={cx('flex min-h-11 cursor-pointer items-center gap-2 px-3 text-sm', index + offset === active ? 'bg-brand/10' : undefined)}
            >
              <span dir="ltr" className="font-medium text-fg">
                {row.symbol}
              </span>
              <span className="min-w-0 flex-1 truncate text-fg-muted">{row.name}</span>
              {row.banned && <span className="rounded bg-danger/10 px-1.5 py-0.5 text-xs font-medium text-danger">{intl.formatMessage(messages.banned)}</span>}
              <span className="text-xs text-fg-muted">{intl.formatMessage(row.kind === 'index' ? messages.index : messages.stock)}</span>
            </li>
          ))}
      </ul>
    </div>
  );
}
