import { useId, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { paginationMessages as m } from '@/components/ui/pagination-messages';
import { toNumber } from '@/lib/validation/coerce';

type PaginationJumpToProps = { pages: number; onJump: (page: number) => void; disabled?: boolean };

/** "Go to [ ] Page" (the input is named by both words): Enter jumps to the typed page, clamped to the existing ones. */
export function PaginationJumpTo({ pages, onJump, disabled }: PaginationJumpToProps) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState('');

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const page = toNumber(text);
    setText('');
    if (page === null || !Number.isInteger(page)) return;
    onJump(Math.min(Math.max(1, page), pages));
  };

  return (
    <div className="flex items-center gap-2 text-sm">
      <label id={`${id}-label`} htmlFor={id}>
        {intl.formatMessage(m.jumpTo)}
      </label>
      <input
        id={id}
        aria-labelledby={`${id}-label ${id}-suffix`}
        type="text"
        inputMode="numeric"
        enterKeyHint="go"
        autoComplete="off"
        disabled={disabled}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={handleKeyDown}
        className="min-h-11 w-16 rounded-md border border-line bg-surface px-2 text-center text-base text-fg"
      />
      <span id={`${id}-suffix`}>{intl.formatMessage(m.page)}</span>
    </div>
  );
}
