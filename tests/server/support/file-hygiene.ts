// Runs before every server test file. The server project shares one module graph per worker
// (isolate: false, so the worker's PGlite serves every file): whatever a file changes in the process
// (fake timers, stubbed globals or environment variables, spies) is undone when it ends, so the next
// file starts as it would in a process of its own. vi.mock stays per file either way.
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
