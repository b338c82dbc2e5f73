// A stand-in for a test's process, for child-processes.test.ts: it starts one owned process (which starts a
// process of its own), prints both pids as a JSON line, and then exits (`exit`) or waits to be killed.
import { spawnOwned } from './child-processes.ts';
import { ownedProgram } from './owned-program.ts';

const child = spawnOwned(['-e', ownedProgram], { stdio: ['ignore', 'pipe', 'inherit'] });
child.stdout!.once('data', (chunk: Buffer) => {
  process.stdout.write(chunk);
  if (process.argv[2] === 'exit') process.exit(0);
});
