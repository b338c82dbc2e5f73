/**
 * The code before a change, for benchmarks that put it beside this checkout's in one run: a git ref's tree
 * archived into a temporary folder, beside this checkout's node_modules (the same dependencies), removed after.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../../server/paths.ts';

export type Code = { name: string; root: string };

export function codeBefore(ref: string): Code & { remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'strikedesk-before-'));
  execFileSync('sh', ['-c', `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(root)}`], { cwd: repoRoot });
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: repoRoot, encoding: 'utf8' }).trim();
  return { name: `before (${ref} ${commit})`, root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

export const codeNow: Code = { name: 'after (this checkout)', root: repoRoot };
