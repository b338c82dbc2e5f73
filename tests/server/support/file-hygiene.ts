// Runs before every server test file. The server project shares one module graph per worker
// (isolate: false, so the worker's PGlite serves every file): what a file changes in the process through
// Vitest (fake timers, vi.stubGlobal, vi.stubEnv, vi.spyOn) is undone when it ends, so the next file
// starts as it would in a process of its own. vi.mock stays per file either way. Change process.env or
// globals only through those helpers: a plain assignment would outlive the file.
import { afterAll, vi } from 'vitest';
import { logFileCpu } from './file-cpu.ts';

export function undoProcessChanges(): void {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
}

afterAll(undoProcessChanges);

const cpuLog = process.env.SERVER_CPU_LOG;
if (cpuLog) logFileCpu(cpuLog);
