import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file so it does not depend on the working directory. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
