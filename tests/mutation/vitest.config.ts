// The Vitest configuration Stryker runs (stryker.config.mjs): the `server` project of vitest.config.ts on
// its own, because Stryker's Vitest runner has no option to pick one project and the unit project
// (jsdom, React) never reaches the mutated server folders. Taken from vitest.config.ts, so the two
// cannot drift apart.
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import rootConfig from '../../vitest.config.ts';

const serverProject = rootConfig.test?.projects?.find(
  (project): project is TestProjectInlineConfiguration => typeof project === 'object' && 'test' in project && project.test?.name === 'server',
);
if (serverProject === undefined) throw new Error('vitest.config.ts has no project named server');

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: serverProject.resolve,
  test: { ...serverProject.test, name: undefined },
});
