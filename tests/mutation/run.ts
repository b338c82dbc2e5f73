/**
 * `npm run mutation`: Stryker over the trading-safety folders (stryker.config.mjs), then the score per
 * folder and overall. Incremental: only mutants whose code or covering tests changed since the committed
 * record (tests/mutation/stryker-incremental.json) are tested again.
 *
 *   npm run mutation                                                  every folder (hours: docs/testing.md)
 *   npm run mutation -- --mutate server/services/brokers/paper/charges.ts   one file, or a comma-separated list of globs
 *   npm run mutation -- --mutate server/services/bots/engine/action-keys.ts --test-files 'tests/server/bots/*.test.ts'
 *   npm run mutation -- --table-only                                  no run: merge an interrupted run, print the table
 *
 * Stryker writes its incremental file with the files of this run only; a run over a subset would forget
 * every other file. So the record is read before the run and this run's files are merged into it after,
 * which lets several sessions measure the folders a few files at a time.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Stryker } from '@stryker-mutator/core';
import { mergeReports, type RecordedReport } from './record.ts';
import { coverageOfRecord, incrementalFile, readReport, repoRoot, scoreTable } from './score.ts';

const { values } = parseArgs({
  options: {
    // Comma-separated globs, as Stryker's own --mutate: they replace the config's `mutate`.
    mutate: { type: 'string' },
    // Comma-separated globs replacing the config's `testFiles`: the tests of the slice. The initial run (every
    // test, ~10 minutes on a loaded machine, and one test timing out under that load fails the whole run)
    // shrinks to these files; a mutant only another file kills counts as surviving, so the score stays a floor.
    'test-files': { type: 'string' },
    // Test every mutant again, ignoring the incremental record (Stryker's --force).
    force: { type: 'boolean', default: false },
    concurrency: { type: 'string' },
    'table-only': { type: 'boolean', default: false },
  },
});

const readRecord = (file: string) => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RecordedReport) : undefined);
const writeRecord = (report: RecordedReport) => writeFileSync(incrementalFile, `${JSON.stringify(report, null, 2)}\n`);
const onDisk = (path: string) => existsSync(path.startsWith('/') ? path : join(repoRoot, path));

// The record as it was before a run, kept until the run's results are merged into it: Stryker ends the
// process on Ctrl-C after saving its partial results over the record, and the next run merges them then.
const recordBeforeRun = join(repoRoot, 'reports/mutation/record-before-run.json');
const interrupted = readRecord(recordBeforeRun);
const partial = readRecord(incrementalFile);
if (interrupted !== undefined && partial !== undefined) writeRecord(mergeReports(interrupted, partial, onDisk));

if (values['table-only']) {
  rmSync(recordBeforeRun, { force: true });
  const report = readReport(incrementalFile);
  console.log(report === undefined ? 'No mutation results recorded yet.' : `${scoreTable(report)}\n\n${await coverageOfRecord(report)}`);
  process.exit(0);
}

const before = readRecord(incrementalFile);
if (before !== undefined) {
  mkdirSync(join(repoRoot, 'reports/mutation'), { recursive: true });
  writeFileSync(recordBeforeRun, JSON.stringify(before));
}
// PGlite only: with TEST_DATABASE_URL set, every database suite would also run on PostgreSQL, doubling
// each mutant's time for code that does not depend on the backend (the server tests cover both).
delete process.env.TEST_DATABASE_URL;
const started = Date.now();
process.chdir(repoRoot);
let status = 0;
try {
  await new Stryker({
    configFile: 'stryker.config.mjs',
    ...(values.mutate === undefined ? {} : { mutate: values.mutate.split(',') }),
    ...(values['test-files'] === undefined ? {} : { testFiles: values['test-files'].split(',') }),
    ...(values.force ? { force: true } : {}),
    ...(values.concurrency === undefined ? {} : { concurrency: Number(values.concurrency) }),
  }).runMutationTest();
} catch (error) {
  console.error(error);
  status = 1;
}
const minutes = (Date.now() - started) / 60_000;

const after = readRecord(incrementalFile);
if (after !== undefined) writeRecord(mergeReports(before, after, onDisk));
rmSync(recordBeforeRun, { force: true });
const merged = readReport(incrementalFile);

console.log(`\nStryker ${status === 0 ? 'finished' : `stopped (exit ${status})`} after ${minutes.toFixed(1)} min.`);
if (merged === undefined) {
  console.log('No mutation results recorded yet.');
} else {
  console.log(`\nMutation score, every run so far (${incrementalFile.slice(repoRoot.length + 1)}):\n`);
  console.log(scoreTable(merged));
  console.log(`\n${await coverageOfRecord(merged)}`);
}
process.exit(status);
