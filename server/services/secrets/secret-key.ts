// Where the encryption key for broker credentials comes from: STRIKEDESK_SECRET_KEY (base64 of 32 bytes;
// required when several servers share one PostgreSQL, so they all read each other's values), else a key
// generated once into `${DATA_DIR}/secret.key` (mode 0600) next to the embedded database. Losing the key
// makes stored api_secrets unreadable: their owners then enter them again.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readOrCreateDataFile } from './data-file.ts';
import { secretKeyBytes } from './secret-box.ts';

export const secretKeyFileName = 'secret.key';

/** The key in an environment value, or null when the value is not base64 of exactly 32 bytes. */
export function parseSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed, trimmed.includes('-') || trimmed.includes('_') ? 'base64url' : 'base64');
  return key.length === secretKeyBytes ? key : null;
}

function keyOf(path: string, text: string): Buffer {
  const key = parseSecretKey(text);
  if (key === null) throw new Error(`${path} does not hold a base64 32-byte key; restore it or set STRIKEDESK_SECRET_KEY`);
  return key;
}

/** Reads `${dataDir}/secret.key`, creating it on first start. Two servers starting at once agree on one key. */
export async function loadOrCreateSecretKey(dataDir: string): Promise<Buffer> {
  const path = join(dataDir, secretKeyFileName);
  return keyOf(path, await readOrCreateDataFile(path, () => `${randomBytes(secretKeyBytes).toString('base64')}\n`));
}
