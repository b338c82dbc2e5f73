// Loaded (--import) into the test process tests/mutation/kept-fork-pool.ts keeps between Stryker's runs:
// that process outlives a run on purpose, so it must not outlive the Stryker test runner that forked it
// (Stryker kills a runner whose mutant timed out, and a forked child is not killed with its parent).
process.once('disconnect', () => process.exit(1));
