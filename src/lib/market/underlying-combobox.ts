// The underlying search's keyboard and list logic, apart from React so it is tested as plain functions: the
// WAI-ARIA combobox pattern (a text input owning a listbox, the active option followed with
// aria-activedescendant, the focus staying in the input).

/** How long the typing must pause before the server is asked: one request per word, not per keystroke. */
export const searchDebounceMs = 150;

export type ComboKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End' | 'Enter' | 'Escape';

export type ComboAction =
  | { type: 'move'; active: number }
  | { type: 'pick'; index: number }
  | { type: 'close' }
  | { type: 'open'; active: number }
  | { type: 'none' };

/**
 * What a key does with the list open or not: the arrows move (wrapping, as the APG example does) or open a
 * closed list on its first or last option, Home/End jump, Enter picks the active option, Escape closes.
 */
export function comboKey(key: string, state: { open: boolean; active: number; count: number }): ComboAction {
  const { open, active, count } = state;
  if (key === 'Escape') return open ? { type: 'close' } : { type: 'none' };
  if (count === 0) return { type: 'none' };
  if (!open) {
    if (key === 'ArrowDown') return { type: 'open', active: 0 };
    if (key === 'ArrowUp') return { type: 'open', active: count - 1 };
    return { type: 'none' };
  }
  switch (key) {
    case 'ArrowDown':
      return { type: 'move', active: active < 0 || active >= count - 1 ? 0 : active + 1 };
    case 'ArrowUp':
      return { type: 'move', active: active <= 0 ? count - 1 : active - 1 };
    case 'Home':
      return { type: 'move', active: 0 };
    case 'End':
      return { type: 'move', active: count - 1 };
    case 'Enter':
      return active >= 0 && active < count ? { type: 'pick', index: active } : { type: 'none' };
    default:
      return { type: 'none' };
  }
}

/** What the search is asked: the text trimmed, cut to the server's 40 characters (it matches case-insensitively). */
export function searchText(typed: string): string {
  return typed.trim().slice(0, 40);
}
