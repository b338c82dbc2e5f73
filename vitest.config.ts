import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)), '@quant': fileURLToPath(new URL('./quant', import.meta.url)) };

/**
 * The unit files that need a module graph of their own: those that replace a module (`vi.mock`, `vi.doMock`,
 * `vi.resetModules`) or say so (`// unit: own module graph`, for a file whose subject keeps state in its module).
 * Every other unit file shares its worker's module graph with the files before it (`isolate: false`): a fresh
 * process and graph per file cost the unit pass half its CPU (508 s against 225 s here).
 */
const ownModuleGraph = readdirSync('tests/unit', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `tests/unit/${file}`)
  .filter((file) => /vi\.(do)?[mM]ock\(|vi\.resetModules\(|\/\/ unit: own module graph/.test(readFileSync(file, 'utf8')));

const unitProject = {
  plugins: [react()],
  resolve: { alias },
  test: {
    environment: 'jsdom',
    setupFiles: ['tests/unit/setup.ts'],
    // Typing through user-event in jsdom takes seconds on two busy cores (CI builds and browsers run
    // alongside): 5 s was too close.
    testTimeout: 15_000,
  },
};

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: on CI's two cores that ran all 276 files one
    // after another (33 min under load) while the second core idled. The main process mostly waits.
    maxWorkers: availableParallelism(),
    projects: [
      { ...unitProject, test: { ...unitProject.test, name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], exclude: ownModuleGraph, isolate: false, setupFiles: [...unitProject.test.setupFiles, 'tests/unit/shared-graph-hygiene.ts'] } },
      { ...unitProject, test: { ...unitProject.test, name: 'unit-own-graph', include: ownModuleGraph } },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker, so one PGlite per worker serves every file, each in a schema of
          // its own (tests/server/support/test-database.ts); file-hygiene undoes what a file changed.
          isolate: false,
          setupFiles: ['tests/server/support/file-hygiene.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'budget',
          include: ['tests/budget/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
