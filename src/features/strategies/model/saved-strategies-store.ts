// The trader's saved strategies in IndexedDB, newest first, keyed by name (saving a name again replaces
// it). Read through restoreValue, so a slow or failed read never lets a save overwrite what is stored.
import { parseSavedStrategy, type SavedStrategy } from '@/features/strategies/model/saved-strategy';
import { restoreValue, storeValue } from '@/lib/persist/idb-storage';

const key = 'strategies:saved:v1';
/** Beyond this the oldest is dropped: the list is a working set, not an archive. */
export const savedLimit = 50;

function parseList(raw: unknown): SavedStrategy[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  return raw.map(parseSavedStrategy).filter((item) => item !== undefined);
}

export type SavedList = { status: 'ready'; strategies: SavedStrategy[] } | { status: 'unavailable' };

export async function loadSavedStrategies(): Promise<SavedList> {
  const restored = await restoreValue(key, parseList, 2000);
  if (restored.status === 'restored') return { status: 'ready', strategies: restored.value };
  if (restored.status === 'empty' || restored.status === 'corrupt') return { status: 'ready', strategies: [] };
  return { status: 'unavailable' };
}

/** Saves (or replaces by name) and returns the new list; refuses when the stored list could not be read. */
export async function saveStrategy(strategy: SavedStrategy): Promise<SavedStrategy[]> {
  const current = await loadSavedStrategies();
  if (current.status !== 'ready') throw new Error('saved strategies could not be read');
  const next = [strategy, ...current.strategies.filter((item) => item.name !== strategy.name)].slice(0, savedLimit);
  await storeValue(key, next);
  return next;
}

export async function deleteSavedStrategy(name: string): Promise<SavedStrategy[]> {
  const current = await loadSavedStrategies();
  if (current.status !== 'ready') throw new Error('saved strategies could not be read');
  const next = current.strategies.filter((item) => item.name !== name);
  await storeValue(key, next);
  return next;
}
