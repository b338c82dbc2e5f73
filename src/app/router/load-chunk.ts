/**
 * Loads a lazy screen chunk with the spec's 120 s time-out (§9) and one guarded reload after a deploy.
 *
 * After a new version is deployed, an old page may ask for a chunk file that no longer exists. One reload
 * fetches the new index.html and its chunk names; a sessionStorage flag makes sure that happens at most once
 * until a chunk loads again, so a broken deploy can never cause a reload loop.
 */
export const CHUNK_TIMEOUT_MS = 120_000;
const RELOAD_FLAG = 'strikedesk:chunk-reload';

export class ChunkLoadError extends Error {
  readonly chunk: string;
  constructor(chunk: string, options?: { cause?: unknown }) {
    super(`Loading chunk ${chunk} failed`, options);
    this.name = 'ChunkLoadError';
    this.chunk = chunk;
  }
}

export type ChunkEnvironment = {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
  isOnline: () => boolean;
};

const browserEnvironment = (): ChunkEnvironment => ({
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
  isOnline: () => navigator.onLine,
});

export async function loadChunk<T>(
  chunk: string,
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
  env: ChunkEnvironment = browserEnvironment(),
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(chunk, { cause: 'timeout' })), timeoutMs);
  });
  try {
    const module = await Promise.race([load(), timedOut]);
    env.storage.removeItem(RELOAD_FLAG);
    return module;
  } catch (error) {
    const timedOutError = error instanceof ChunkLoadError;
    if (!timedOutError && env.isOnline() && env.storage.getItem(RELOAD_FLAG) === null) {
      env.storage.setItem(RELOAD_FLAG, String(Date.now()));
      env.reload();
      // Keep the screen in its loading state while the page reloads.
      return new Promise<T>(() => {});
    }
    throw timedOutError ? error : new ChunkLoadError(chunk, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
