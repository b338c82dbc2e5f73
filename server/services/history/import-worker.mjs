// The import pool's thread (import-pool.ts): reads uploaded history files off the request loop. The server runs
// its TypeScript through tsx; a thread started by the server inherits tsx's loader, one started elsewhere (a
// test runner) registers it here first, then loads the reader.
import { register } from 'tsx/esm/api';

if (!process.execArgv.some((argument) => argument.includes('tsx'))) register();

const reader = await import('./upload-reader.ts');

/** The pool runs this by name (import-pool.ts). */
export const runUploadTask = reader.runUploadTask;
