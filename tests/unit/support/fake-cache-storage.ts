// jsdom has no Cache Storage. This fake keeps what sign-out is about: which caches exist. Installed with
// vi.stubGlobal('caches', ...), removed with vi.unstubAllGlobals().
export type FakeCacheStorage = Pick<CacheStorage, 'keys' | 'has' | 'delete'> & {
  /** Caches as the service worker or the page would have left them. */
  seed: (...names: string[]) => void;
};

export function createFakeCacheStorage(): FakeCacheStorage {
  const names = new Set<string>();
  return {
    keys: () => Promise.resolve([...names]),
    has: (name) => Promise.resolve(names.has(name)),
    delete: (name) => Promise.resolve(names.delete(name)),
    seed: (...added) => added.forEach((name) => names.add(name)),
  };
}
