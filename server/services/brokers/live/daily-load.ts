// A broker's file read once an IST day (Upstox's instrument file, Dhan's scrip master): the day's read is shared
// by every caller, a new day reads again, and a failed read is forgotten so the next caller asks afresh.
import type { Clock } from '../../clock.ts';
import { istDate } from '../../market/ist.ts';

export function loadedOncePerDay<T>(clock: Clock, load: (day: string) => Promise<T>): () => Promise<T> {
  let loaded: { day: string; value: Promise<T> } | null = null;
  return () => {
    const day = istDate(clock());
    if (loaded === null || loaded.day !== day) {
      const current = { day, value: load(day) };
      current.value.catch(() => (loaded === current ? (loaded = null) : null));
      loaded = current;
    }
    return loaded.value;
  };
}
