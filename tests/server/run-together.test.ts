import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { npmScripts, runTogether, type Command } from '../../scripts/run-together.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'strikedesk-together-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const node = (name: string, script: string, ...args: string[]): Command => ({ name, command: process.execPath, args: ['-e', script, ...args] });

/** Leaves its own mark, then waits (20 s at most) for the other's: only commands running at once both pass. */
const meetOther = `
const { existsSync, writeFileSync } = require('node:fs');
const [mine, theirs] = process.argv.slice(1);
writeFileSync(mine, '');
const until = Date.now() + 20000;
const poll = setInterval(() => {
  if (existsSync(theirs)) { clearInterval(poll); console.log('met'); }
  else if (Date.now() > until) { clearInterval(poll); process.exit(3); }
}, 20);
`;

describe('run-together', () => {
  it('runs the commands at the same time', async () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    const outcomes = await runTogether([node('first', meetOther, a, b), node('second', meetOther, b, a)], () => undefined);
    expect(outcomes.map(({ name, code }) => ({ name, code }))).toEqual([
      { name: 'first', code: 0 },
      { name: 'second', code: 0 },
    ]);
  });

  it('reports a failure without stopping the others, and prints each output in one block', async () => {
    const printed: string[] = [];
    const outcomes = await runTogether(
      [
        node('failing', "console.error('type error here'); process.exit(2)"),
        node('slow', "setTimeout(() => { console.log('line one'); console.log('line two') }, 300)"),
      ],
      (text) => printed.push(text),
    );
    expect(outcomes.map(({ name, code }) => ({ name, code }))).toEqual([
      { name: 'failing', code: 2 },
      { name: 'slow', code: 0 },
    ]);
    expect(printed).toHaveLength(2);
    expect(printed[0]).toMatch(/^── failing: failed \(exit 2\) in \d+ s\ntype error here\n$/);
    expect(printed[1]).toMatch(/^── slow: passed in \d+ s\nline one\nline two\n$/);
  });

  it('counts a command that cannot start as failed', async () => {
    const [outcome] = await runTogether([{ name: 'missing', command: join(dir, 'no-such-program'), args: [] }], () => undefined);
    expect(outcome?.code).toBe(127);
    expect(outcome?.output).toMatch(/ENOENT/);
  });

  it('runs npm scripts by name', () => {
    expect(npmScripts(['lint', 'typecheck']).map(({ name, args }) => ({ name, args }))).toEqual([
      { name: 'npm run lint', args: ['run', 'lint'] },
      { name: 'npm run typecheck', args: ['run', 'typecheck'] },
    ]);
  });
});
