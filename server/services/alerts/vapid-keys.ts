// The VAPID keys that sign web push requests (RFC 8292): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url, as
// `npx web-push generate-vapid-keys` prints them; required when several servers share one PostgreSQL, since a
// browser's subscription is bound to the public key it was made with), else a pair generated once into
// `${DATA_DIR}/vapid.json` (mode 0600), the way secret-key.ts makes secret.key. Losing the pair makes every
// subscription stale: browsers then subscribe again when the trader opens the app.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as WebPush from 'web-push';
import { readOrCreateDataFile } from '../secrets/data-file.ts';

// web-push is CommonJS and Node's ESM loader cannot see its named exports: load it as CommonJS.
export const webPush = createRequire(import.meta.url)('web-push') as typeof WebPush;

export const vapidFileName = 'vapid.json';

/** Apple's push service refuses a subject it cannot use to reach the operator: set VAPID_SUBJECT in production. */
export const defaultVapidSubject = 'mailto:push@strikedesk.example.com';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** A P-256 public key (65 bytes, uncompressed) and private key (32 bytes), base64url; null when malformed. */
export function parseVapidPair(publicKey: string, privateKey: string): { publicKey: string; privateKey: string } | null {
  const pub = publicKey.trim();
  const priv = privateKey.trim();
  if (!/^[A-Za-z0-9_-]+$/.test(pub) || !/^[A-Za-z0-9_-]+$/.test(priv)) return null;
  const pubBytes = Buffer.from(pub, 'base64url');
  if (pubBytes.length !== 65 || pubBytes[0] !== 4 || Buffer.from(priv, 'base64url').length !== 32) return null;
  return { publicKey: pub, privateKey: priv };
}

/** web-push accepts an https: URL or a mailto: address. */
export function isVapidSubject(subject: string): boolean {
  try {
    const url = new URL(subject);
    return url.protocol === 'https:' || (url.protocol === 'mailto:' && url.pathname.includes('@'));
  } catch {
    return false;
  }
}

function pairOf(path: string, text: string): { publicKey: string; privateKey: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const pair =
    typeof record.publicKey === 'string' && typeof record.privateKey === 'string' ? parseVapidPair(record.publicKey, record.privateKey) : null;
  if (pair === null) throw new Error(`${path} does not hold a VAPID key pair; restore it, delete it to make a new one, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`);
  return pair;
}

/** Reads `${dataDir}/vapid.json`, creating it on first start. Two servers starting at once agree on one pair. */
export async function loadOrCreateVapidPair(dataDir: string): Promise<{ publicKey: string; privateKey: string }> {
  const path = join(dataDir, vapidFileName);
  const fresh = () => {
    const { publicKey, privateKey } = webPush.generateVAPIDKeys();
    return `${JSON.stringify({ publicKey, privateKey })}\n`;
  };
  return pairOf(path, await readOrCreateDataFile(path, fresh));
}

export type VapidEnv = { publicKey: string; privateKey: string } | undefined;

/** The configured pair (VAPID_* variables) or the one in DATA_DIR, with the subject. */
export async function loadVapidKeys(dataDir: string, configured: VapidEnv, subject: string | undefined): Promise<VapidKeys> {
  const pair = configured ?? (await loadOrCreateVapidPair(dataDir));
  return { ...pair, subject: subject ?? defaultVapidSubject };
}
