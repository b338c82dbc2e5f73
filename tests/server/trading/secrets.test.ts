// Encryption at rest of broker credentials, and where its key comes from.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { createSecretBox, SecretUnreadableError } from '../../../server/services/secrets/secret-box.ts';
import { loadOrCreateSecretKey, parseSecretKey } from '../../../server/services/secrets/secret-key.ts';
import { expectNoSecret, newApiSecret } from '../support/trading.ts';

describe('the secret box (AES-256-GCM)', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, with a fresh IV every time', () => {
    const sealed = [box.seal('kite-api-secret'), box.seal('kite-api-secret')];
    expect(sealed[0]).not.toBe(sealed[1]);
    expect(sealed.map((value) => box.open(value))).toEqual(['kite-api-secret', 'kite-api-secret']);
    expect(sealed[0]).not.toContain('kite-api-secret');
  });

  it('refuses a value sealed with another key, or altered', () => {
    const other = createSecretBox(randomBytes(32));
    expect(() => other.open(box.seal('x'))).toThrow(SecretUnreadableError);
    const [version, iv, tag, ciphertext = ''] = box.seal('secret').split('.');
    const flipped = `${ciphertext.slice(0, -1)}${ciphertext.endsWith('A') ? 'B' : 'A'}`;
    expect(() => box.open([version, iv, tag, flipped].join('.'))).toThrow(SecretUnreadableError);
    expect(() => box.open('plain text')).toThrow(SecretUnreadableError);
  });

  it('needs a 32-byte key', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32 bytes/);
  });
});

describe('the secret key', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'strikedesk-key-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is generated once into DATA_DIR/secret.key, readable by its owner only, and reused', async () => {
    const dataDir = join(dir, 'data');
    const [first, concurrent] = await Promise.all([loadOrCreateSecretKey(dataDir), loadOrCreateSecretKey(dataDir)]);
    expect(first).toHaveLength(32);
    expect(concurrent.equals(first)).toBe(true);
    expect((await stat(join(dataDir, 'secret.key'))).mode & 0o777).toBe(0o600);
    expect((await loadOrCreateSecretKey(dataDir)).equals(first)).toBe(true);
    expect(Buffer.from((await readFile(join(dataDir, 'secret.key'), 'utf8')).trim(), 'base64').equals(first)).toBe(true);
  });

  it('refuses a damaged key file rather than replacing it (that would lose every stored secret)', async () => {
    await writeFile(join(dir, 'secret.key'), 'not a key');
    await expect(loadOrCreateSecretKey(dir)).rejects.toThrow(/does not hold a base64 32-byte key/);
    expect(await readFile(join(dir, 'secret.key'), 'utf8')).toBe('not a key');
  });

  it('comes from STRIKEDESK_SECRET_KEY when set (base64 of 32 bytes)', () => {
    const key = randomBytes(32);
    expect(loadConfig({ STRIKEDESK_SECRET_KEY: key.toString('base64') }).secretKey?.equals(key)).toBe(true);
    expect(parseSecretKey(key.toString('base64url'))?.equals(key)).toBe(true);
    expect(loadConfig({}).secretKey).toBeUndefined();
    for (const bad of ['short', randomBytes(16).toString('base64'), 'not base64 at all!']) {
      expect(() => loadConfig({ STRIKEDESK_SECRET_KEY: bad })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ STRIKEDESK_SECRET_KEY: 'short' })).toThrow(/openssl rand -base64 32/);
  });
});

describe("the suite's api_secret scan", () => {
  it('catches a secret in an answer', () => {
    const secret = newApiSecret();
    expect(() => expectNoSecret(`{"broker_accounts":{"api_secret":"${secret}"}}`)).toThrow(/leaked an api_secret/);
    expect(() => expectNoSecret('{"broker_accounts":{}}')).not.toThrow();
  });
});
