import { realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root, found from this file so it does not depend on the working directory. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Whether the module at `moduleUrl` (its import.meta.url) is the script Node was started with. */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return pathToFileURL(realpathSync(script)).href === moduleUrl;
  } catch {
    return false;
  }
}
