/**
 * `npm run bench`: runs every benchmark (tests/bench/<name>.bench.ts) one after the other, each printing its
 * own table. Benchmarks measure; they pass or fail nothing.
 *
 *   npm run bench                            every benchmark with its defaults
 *   npm run bench -- first-visit --runs 9    one benchmark, with its own flags
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const benchDir = import.meta.dirname;
const suffix = '.bench.ts';
const names = readdirSync(benchDir)
  .filter((file) => file.endsWith(suffix))
  .map((file) => file.slice(0, -suffix.length))
  .sort();

/** Benchmarks known by an older name. */
const aliases: Readonly<Record<string, string>> = { 'kite-placement': 'live-placement' };

const [given, ...rest] = process.argv.slice(2);
const first = given === undefined ? undefined : (aliases[given] ?? given);
const chosen = first !== undefined && !first.startsWith('-') ? [first] : names;
const flags = first !== undefined && !first.startsWith('-') ? rest : process.argv.slice(2);
for (const name of chosen) {
  if (!names.includes(name)) {
    console.error(`No benchmark named ${name}; there are: ${names.join(', ')}`);
    process.exit(2);
  }
}

let failed = false;
for (const name of chosen) {
  console.log(`\n=== ${name} ===`);
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', join(benchDir, `${name}${suffix}`), ...flags], { stdio: 'inherit' });
  if (status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
