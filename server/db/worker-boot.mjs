// A worker thread's first module (worker-database.ts): Node 20 loads a Worker's entry before any --import
// preload, so a TypeScript entry cannot be given directly. This plain module registers tsx (how the server runs
// everywhere: npm start, the tests, the benchmarks) and then imports the entry named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
