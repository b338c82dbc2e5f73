/**
 * What child-processes.test.ts starts as an owned process: a program that starts a process of its own,
 * prints `{"child":…,"grandchild":…}` on one line, and runs until killed, as a server would.
 */
export const ownedProgram = `
const { spawn } = require('node:child_process');
const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
console.log(JSON.stringify({ child: process.pid, grandchild: grandchild.pid }));
setInterval(() => {}, 1000);
`;
