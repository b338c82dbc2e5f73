// Mutation testing of the trading-safety folders (issue 26): `npm run mutation` (tests/mutation/run.ts)
// runs Stryker with this configuration and prints the score per folder; docs/testing.md says how long it
// takes and what is marked equivalent. Not part of `npm test`: a full run takes hours on two cores.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The server project alone (tests/mutation/vitest.config.ts): PGlite, isolate: false, one worker.
  vitest: { configFile: 'tests/mutation/vitest.config.ts', related: false },
  // The tests written for these folders. The rest of the server suite (accounts, alerts, Kite...) reaches
  // them only through the HTTP routes and would triple the initial run; a mutant it alone kills counts
  // here as surviving, so the score is a floor.
  testFiles: [
    'tests/server/trading/**/*.test.ts',
    'tests/server/bots/**/*.test.ts',
    'tests/server/market/closing-value.test.ts',
  ],
  mutate: [
    'server/services/trading/**/*.ts',
    'server/services/brokers/paper/**/*.ts',
    'server/services/bots/engine/**/*.ts',
    '!**/*.test.ts',
    // Types only: nothing to mutate.
    '!server/services/bots/engine/engine-types.ts',
    '!server/services/brokers/paper/price-source.ts',
  ],
  // Each mutant runs only the tests that executed its code in the initial run.
  coverageAnalysis: 'perTest',
  // The server tests start their server in beforeAll, so most mutated code also runs outside any test
  // and Stryker calls it static: without this, each such mutant would rerun all the tests (7 minutes).
  // With it, a mutant some test also runs is tested with those tests, the mutant active from the file's
  // first hook on; only code no test runs by itself (module-level constants) is left out, as Ignored.
  ignoreStatic: true,
  // The machine has two cores shared with other developers' work; each runner also holds a PGlite and
  // its kept test process (tests/mutation/kept-fork-pool.ts). `--concurrency 2` on a machine of one's own.
  concurrency: 1,
  // Later runs test only mutants whose code or covering tests changed. Committed, so the next session
  // continues from it; tests/mutation/run.ts merges runs over a subset (--mutate) into it.
  incremental: true,
  incrementalFile: 'tests/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowEmojis: false, logTests: false, reportMutants: false, reportScoreTable: true },
  // The initial run is the whole selection on one worker under load.
  dryRunTimeoutMinutes: 30,
  // A busy machine slows every test; an infinite loop still ends within a minute.
  timeoutMS: 30_000,
  // Build output, reports and local data stay out of the sandbox copy.
  ignorePatterns: ['dist', 'reports', 'test-results', 'playwright-report', '.data', '.tmp'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  thresholds: { high: 90, low: 80, break: null },
};
