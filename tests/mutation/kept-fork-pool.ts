// A Vitest pool for Stryker's runs only (tests/mutation/vitest.config.ts): one forked test process kept
// alive from one Vitest run to the next. Stryker's Vitest runner starts one run per mutant, and Vitest's
// own pools end their process when a run's queue is empty, so every mutant paid again for what the next
// mutant would reuse: importing the server (~5 s), starting PGlite (~3 s) and the first, cold,
// migrations (~4 s), 12-15 s of a mutant's 20-30 s on this machine. The server project already shares
// one module graph and one PGlite across test files (isolate: false); Vitest keeps that graph across
// runs in a living process too (it invalidates only the test files), so keeping the process is enough.
//
// How: the pool's `stop` request, which makes the test process tear down and stop listening, is answered
// here ("stopped") instead of being sent, and the process is kept for the next run's `start`; it is killed
// when the Stryker test runner ends, and ends itself if that runner dies (a timed-out mutant).
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ForksPoolWorker, type PoolOptions, type PoolWorker, type WorkerRequest } from 'vitest/node';
import type { PoolRunnerInitializer } from 'vitest/node';

const exitWithParent = fileURLToPath(new URL('./exit-with-parent.mjs', import.meta.url));

type Listener = (arg: unknown) => void;

/** The process every run of this Vitest instance shares (Stryker runs one worker per Vitest instance). */
let kept: { worker: ForksPoolWorker; started: Promise<void> } | undefined;

const alive = (worker: ForksPoolWorker) => {
  const child = (worker as unknown as { _fork?: ChildProcess })._fork;
  return child !== undefined && child.exitCode === null && child.signalCode === null;
};

process.once('exit', () => {
  if (kept !== undefined) (kept.worker as unknown as { _fork?: ChildProcess })._fork?.kill('SIGKILL');
});

class KeptForksPoolWorker implements PoolWorker {
  readonly name = 'kept-forks';
  readonly cacheFs = true;
  // This run's listeners on the shared process: removed when the run stops, so the next run's pool
  // runner is the only one that hears the process.
  private readonly listeners: [string, Listener][] = [];
  private readonly options: PoolOptions;

  constructor(options: PoolOptions) {
    this.options = options;
  }

  private get shared(): ForksPoolWorker {
    if (kept === undefined) throw new Error('kept-forks: the test process was not started');
    return kept.worker;
  }

  async start(): Promise<void> {
    if (kept === undefined || !alive(kept.worker)) {
      const worker = new ForksPoolWorker({ ...this.options, execArgv: [...this.options.execArgv, '--import', exitWithParent] });
      kept = { worker, started: worker.start() };
    }
    await kept.started;
  }

  async stop(): Promise<void> {
    for (const [event, listener] of this.listeners.splice(0)) this.shared.off(event, listener);
  }

  on(event: string, listener: Listener): void {
    this.listeners.push([event, listener]);
    this.shared.on(event, listener);
  }

  off(event: string, listener: Listener): void {
    const index = this.listeners.findIndex(([name, known]) => name === event && known === listener);
    if (index !== -1) this.listeners.splice(index, 1);
    this.shared.off(event, listener);
  }

  send(message: WorkerRequest): void {
    if (message.type === 'stop') {
      // The process's own teardown would stop it listening for good: answer for it, as it would.
      const stopped = { type: 'stopped', __vitest_worker_response__: true };
      queueMicrotask(() => {
        for (const [event, listener] of [...this.listeners]) if (event === 'message') listener(stopped);
      });
      return;
    }
    this.shared.send(message);
  }

  deserialize(data: unknown): unknown {
    return data;
  }
}

export const keptForksPool: PoolRunnerInitializer = {
  name: 'kept-forks',
  createPoolWorker: (options) => new KeptForksPoolWorker(options),
};
