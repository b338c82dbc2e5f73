// Runs several npm scripts at once and fails when any of them fails: `tsx scripts/run-together.ts lint typecheck`.
// `npm test` starts with the lint, the type check and the build, three single-threaded steps that need
// nothing from one another: one after another they left one of CI's two cores idle for minutes.
// Each script's output is held and printed in one block when it ends, so two logs never interleave.
import { spawn } from 'node:child_process';
import { isEntryPoint } from '../server/paths.ts';

export type Command = { name: string; command: string; args: readonly string[] };
export type Outcome = { name: string; code: number; seconds: number; output: string };

/** Starts every command at once; resolves when all have ended (a failure does not stop the others). */
export function runTogether(commands: readonly Command[], print: (text: string) => void = (text) => process.stdout.write(text)): Promise<Outcome[]> {
  const children = new Set<ReturnType<typeof spawn>>();
  // Ctrl-C or CI's own stop reaches the children too, not only this process.
  const forward = (signal: NodeJS.Signals) => {
    for (const child of children) child.kill(signal);
  };
  process.on('SIGINT', forward).on('SIGTERM', forward);
  const runs = commands.map(
    ({ name, command, args }) =>
      new Promise<Outcome>((resolve) => {
        const started = performance.now();
        const chunks: Buffer[] = [];
        const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
        children.add(child);
        child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
        child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
        const finish = (code: number, cause = '') => {
          children.delete(child);
          const seconds = (performance.now() - started) / 1000;
          const output = Buffer.concat(chunks).toString('utf8') + cause;
          print(`── ${name}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s\n${output}`);
          resolve({ name, code, seconds, output });
        };
        child.on('error', (error) => finish(127, `${error.message}\n`));
        child.on('close', (code, signal) => finish(code ?? 1, signal === null ? '' : `stopped by ${signal}\n`));
      }),
  );
  return Promise.all(runs).finally(() => {
    process.off('SIGINT', forward).off('SIGTERM', forward);
  });
}

/** `npm run <script>` for each name given. */
export function npmScripts(names: readonly string[]): Command[] {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return names.map((name) => ({ name: `npm run ${name}`, command: npm, args: ['run', name] }));
}

if (isEntryPoint(import.meta.url)) {
  const names = process.argv.slice(2);
  if (names.length === 0) {
    console.error('Usage: tsx scripts/run-together.ts <npm script> [<npm script>...]');
    process.exit(2);
  }
  const outcomes = await runTogether(npmScripts(names));
  process.exitCode = outcomes.some((outcome) => outcome.code !== 0) ? 1 : 0;
}
