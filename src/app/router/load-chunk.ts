/**
 * Loads a lazy screen chunk with the spec's 120 s time-out (§9) and one guarded reload after a deploy.
 *
 * After a new version is deployed, an old page may ask for a chunk file that no longer exists. One reload
 * fetches the new index.html and its chunk names; a sessionStorage flag per chunk makes sure that happens at
 * most once until that same chunk loads again, so a broken deploy can never cause a reload loop. (One flag
 * shared by all chunks would not do: the shell's chunk loading fine after the reload would clear it.)
 */
export const CHUNK_TIMEOUT_MS = 120_000;
const reloadFlag = (chunk: string) => `strikedesk:chunk-reload:${chunk}`;

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
    env.storage.removeItem(reloadFlag(chunk));
    return module;
  } catch (error) {
    const timedOutError = error instanceof ChunkLoadError;
    if (!timedOutError && env.isOnline() && env.storage.getItem(reloadFlag(chunk)) === null) {
      env.storage.setItem(reloadFlag(chunk), String(Date.now()));
      env.reload();
      // Keep the screen in its loading state while the page reloads.
      return new Promise<T>(() => {});
    }
    throw timedOutError ? error : new ChunkLoadError(chunk, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
