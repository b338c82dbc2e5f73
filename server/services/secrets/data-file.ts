// A file a server generates once into DATA_DIR (the secret key, the VAPID pair): read it, or on first start
// write it whole under a private name and link it into place. link() fails when another server starting at
// the same moment got there first, so nobody ever reads a half-written file and every server reads the
// winner's.
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}

/** The file's text, creating it (mode 0600) with `contents()` when it does not exist yet. */
export async function readOrCreateDataFile(path: string, contents: () => string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if (!isErrno(error, 'ENOENT')) throw error;
  }
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(temporary, contents(), { mode: 0o600 });
  try {
    await link(temporary, path);
  } catch (error) {
    if (!isErrno(error, 'EEXIST')) throw error;
  } finally {
    await unlink(temporary);
  }
  return readFile(path, 'utf8');
}
