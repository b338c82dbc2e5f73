// Where the VAPID keys come from: generated once into DATA_DIR/vapid.json (mode 0600, the same pair for two
// servers starting at once), or VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT, checked at start-up.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { loadOrCreateVapidPair, loadVapidKeys, webPush } from '../../../server/services/alerts/vapid-keys.ts';
import { signedInAccount } from '../support/accounts.ts';
import { startTestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';
import type { Schemas } from './alert-server.ts';

const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'strikedesk-vapid-'));
  dirs.push(dir);
  return dir;
};

afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR/vapid.json, readable by the owner only, and agreed on by servers starting together', async () => {
    const dir = await tempDir();
    const [a, b] = await Promise.all([loadOrCreateVapidPair(dir), loadOrCreateVapidPair(dir)]);
    expect(a).toEqual(b);
    expect(Buffer.from(a.publicKey, 'base64url')).toHaveLength(65);
    expect((await stat(join(dir, 'vapid.json'))).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateVapidPair(dir)).toEqual(a);
    expect(JSON.parse(await readFile(join(dir, 'vapid.json'), 'utf8'))).toEqual(a);
  });

  it('refuse a damaged vapid.json with a message saying what to do', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'vapid.json'), '{"publicKey":"short","privateKey":"short"}');
    await expect(loadOrCreateVapidPair(dir)).rejects.toThrow(/does not hold a VAPID key pair; restore it, delete it to make a new one, or set VAPID_PUBLIC_KEY/);
  });

  it('come from the environment when set, both together, with a subject push services accept', async () => {
    const pair = webPush.generateVAPIDKeys();
    const config = loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'mailto:ops@broker.example.in' });
    expect(config.vapidKeys).toEqual(pair);
    expect(config.vapidSubject).toBe('mailto:ops@broker.example.in');
    expect(loadConfig({}).vapidKeys).toBeUndefined();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.privateKey, VAPID_PRIVATE_KEY: pair.publicKey })).toThrow(/must be set together/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://insecure.example' })).toThrow(/VAPID_SUBJECT must be a mailto: address or an https: URL/);
    const dir = await tempDir();
    expect(await loadVapidKeys(dir, pair, undefined)).toMatchObject({ ...pair, subject: 'mailto:push@strikedesk.example.com' });
  });

  it('configured, are what the server gives browsers to subscribe with', async () => {
    const pair = webPush.generateVAPIDKeys();
    const server = await startTestServer({ push: { keys: pair } });
    try {
      const call = guardedClient(server.app);
      const { token } = await signedInAccount(call);
      const settings = await call<Schemas['PushSettingsResponse']>('getPushSettings', { token });
      expect(settings.body.vapid_public_key).toBe(pair.publicKey);
    } finally {
      await server.close();
    }
  });
});
