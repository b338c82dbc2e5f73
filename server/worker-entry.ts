// A worker thread's entry as this process runs: the bundled module when the server runs from dist-server/
// (`npm start`), where no tsx is loaded and none is needed; else undefined, and the caller boots the
// TypeScript source through tsx (worker-boot.mjs, import-worker.mjs).
import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledEntries } from './bundle-entries.ts';
import { repoRoot } from './paths.ts';

export function bundledEntry(source: URL): URL | undefined {
  if (bundledEntries.size === 0) return undefined;
  return bundledEntries.get(relative(repoRoot, fileURLToPath(source)).split(sep).join('/'));
}
