// The committed mutation record (stryker.config.mjs `incrementalFile`) built up over several Stryker runs.
// Stryker writes that file with the files of one run only and numbers its tests per run ("0", "1"...),
// so a run over a subset (--mutate) would forget the other files, and two runs' numbers would name
// different tests. Merging renames every test to its file and full name, which Stryker's incremental diff
// accepts as an id like any other, and keeps each file's latest results.
import { relative } from 'node:path';
import { repoRoot } from './score.ts';

type ReportTest = { id: string; name: string; [other: string]: unknown };
type ReportTestFile = { tests: ReportTest[]; [other: string]: unknown };
type ReportMutant = { coveredBy?: string[]; killedBy?: string[]; [other: string]: unknown };
export type RecordedReport = {
  files: Record<string, { mutants: ReportMutant[]; [other: string]: unknown }>;
  testFiles?: Record<string, ReportTestFile>;
  [other: string]: unknown;
};

const repoPath = (path: string) => (path.startsWith('/') ? relative(repoRoot, path) : path).replaceAll('\\', '/');

/** The same report with every test id replaced by `<test file>#<full test name>`, stable across runs. */
export function withStableTestIds(report: RecordedReport): RecordedReport {
  const stableId = new Map<string, string>();
  const testFiles = Object.fromEntries(
    Object.entries(report.testFiles ?? {}).map(([file, testFile]) => [
      file,
      {
        ...testFile,
        tests: testFile.tests.map((test) => {
          const id = `${repoPath(file)}#${test.name}`;
          stableId.set(test.id, id);
          return { ...test, id };
        }),
      },
    ]),
  );
  const rename = (ids: string[] | undefined) => ids?.map((id) => stableId.get(id) ?? id);
  const files = Object.fromEntries(
    Object.entries(report.files).map(([file, { mutants, ...rest }]) => [
      file,
      { ...rest, mutants: mutants.map((mutant) => ({ ...mutant, coveredBy: rename(mutant.coveredBy), killedBy: rename(mutant.killedBy) })) },
    ]),
  );
  return { ...report, files, testFiles };
}

/** `earlier` with `later`'s files and test files on top; files no longer on disk (`exists`) dropped. */
export function mergeReports(earlier: RecordedReport | undefined, later: RecordedReport, exists: (path: string) => boolean): RecordedReport {
  const old = earlier === undefined ? undefined : withStableTestIds(earlier);
  const recent = withStableTestIds(later);
  return {
    ...recent,
    files: Object.fromEntries(Object.entries({ ...old?.files, ...recent.files }).filter(([path]) => exists(path))),
    testFiles: Object.fromEntries(Object.entries({ ...old?.testFiles, ...recent.testFiles }).filter(([path]) => exists(path))),
  };
}
