/**
 * The mutation benchmark: the last recorded mutation score of the trading-safety folders, per folder and
 * overall, read from the committed incremental record. It runs nothing: `npm run mutation` does (hours on
 * two cores, docs/testing.md).
 *
 *   npm run bench -- mutation
 */
import { execFileSync } from 'node:child_process';
import { coverageOfRecord, incrementalFile, readReport, repoRoot, scoreTable } from '../mutation/score.ts';

const report = readReport(incrementalFile);
if (report === undefined) {
  console.log('No mutation score recorded yet: run `npm run mutation`.');
} else {
  const recorded = execFileSync('git', ['log', '-1', '--format=%cs', '--', incrementalFile], { cwd: repoRoot, encoding: 'utf8' }).trim();
  console.log(`Last recorded mutation score (${recorded === '' ? 'not committed yet' : `committed ${recorded}`}):\n`);
  console.log(scoreTable(report));
  console.log(`\n${await coverageOfRecord(report)}`);
}
