// The order of the test files in a Stryker run (tests/mutation/vitest.config.ts): the cheapest first. Vitest's
// own sequencer runs the longest file first, to spread files over workers; Stryker runs one mutant's covering
// files in one Vitest run that stops at the first failure (bail: 1), so a mutant a quick file kills (unit
// tests, or a server started for few tests) first paid for a slow file's server start and tests. The cost
// of a file is how long it took the last time it ran in this process (the initial run, then each mutant's),
// timed by the reporter below; Vitest's results cache is no help here (its file durations leave the hooks
// out: a file whose beforeAll starts a server reads as 2 ms). A file not timed yet goes first, smallest first.
import { relative } from 'node:path';
import { BaseSequencer, type Reporter, type TestSpecification } from 'vitest/node';

const lastRunMs = new Map<string, number>();
const startedAt = new Map<string, number>();

/** Times each test file's run, from its start to its end (hooks and tests, not its import). */
export const fileTimer: Reporter = {
  onTestModuleStart(testModule) {
    startedAt.set(testModule.moduleId, performance.now());
  },
  onTestModuleEnd(testModule) {
    const started = startedAt.get(testModule.moduleId);
    if (started !== undefined) lastRunMs.set(testModule.moduleId, performance.now() - started);
  },
};

export class CheapestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const size = (spec: TestSpecification) => cache.getFileStats(`${spec.project.name}:${relative(config.root, spec.moduleId)}`)?.size ?? 0;
    return [...files].sort((a, b) => {
      const [timedA, timedB] = [lastRunMs.get(a.moduleId), lastRunMs.get(b.moduleId)];
      if (timedA === undefined || timedB === undefined) return timedA === timedB ? size(a) - size(b) : timedA === undefined ? -1 : 1;
      return timedA - timedB;
    });
  }
}
