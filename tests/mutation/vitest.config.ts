// The Vitest configuration Stryker runs (stryker.config.mjs): the `server` project of vitest.config.ts on
// its own, because Stryker's Vitest runner has no option to pick one project and the unit project
// (jsdom, React) never reaches the mutated server folders. Taken from vitest.config.ts, so the two
// cannot drift apart. One change: the test process is kept from one Stryker run (one mutant) to the next
// (kept-fork-pool.ts), which Stryker's own `pool` option cannot ask for, so it is set once the projects
// are resolved, over whatever pool Stryker passed; and a mutant's test files run cheapest first.
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import rootConfig from '../../vitest.config.ts';
import { CheapestFirstSequencer, fileTimer } from './cheapest-first-sequencer.ts';
import { keptForksPool } from './kept-fork-pool.ts';

const serverProject = rootConfig.test?.projects?.find(
  (project): project is TestProjectInlineConfiguration => typeof project === 'object' && 'test' in project && project.test?.name === 'server',
);
if (serverProject === undefined) throw new Error('vitest.config.ts has no project named server');

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: serverProject.resolve,
  plugins: [
    {
      name: 'strikedesk-kept-test-process',
      configureVitest({ project }) {
        project.config.pool = keptForksPool.name;
        project.config.poolRunner = keptForksPool;
      },
    },
  ],
  // A mutant's covering test files cheapest first (cheapest-first-sequencer.ts).
  test: { ...serverProject.test, name: undefined, sequence: { ...serverProject.test?.sequence, sequencer: CheapestFirstSequencer }, reporters: ['default', fileTimer] },
});
