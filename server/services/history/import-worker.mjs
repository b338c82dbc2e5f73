// The import pool's thread (import-pool.ts): reads uploaded history files off the request loop. The server runs
// its TypeScript through tsx, whose loader a worker thread does not inherit on Node 20 (nor under a test
// runner): the thread registers it, then loads the reader.
import { register } from 'tsx/esm/api';

register();

const reader = await import('./upload-reader.ts');

/** The pool runs this by name (import-pool.ts). */
export const runUploadTask = reader.runUploadTask;
