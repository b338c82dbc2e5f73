/**
 * The list state rules of spec §4, for accounts, portfolios and bots: creating appends the item, updating
 * replaces the item with the same id, deleting removes it. Pure, so atoms and tests share them.
 */
type WithId = { id: number };

export function appendItem<T extends WithId>(list: readonly T[], item: T): T[] {
  // A create answered twice (a retried request) must not show the item twice.
  return list.some((existing) => existing.id === item.id) ? replaceItem(list, item) : [...list, item];
}

export function replaceItem<T extends WithId>(list: readonly T[], item: T): T[] {
  return list.map((existing) => (existing.id === item.id ? item : existing));
}

export function removeItem<T extends WithId>(list: readonly T[], id: number): T[] {
  return list.filter((existing) => existing.id !== id);
}
