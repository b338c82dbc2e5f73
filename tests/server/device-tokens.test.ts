import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDeviceTokens, decoyDeviceToken, deviceTokenLifetimeMs } from '../../server/services/device-tokens.ts';

const key = randomBytes(32);
const now = new Date('2026-11-23T09:14:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('device tokens', () => {
  const tokens = createDeviceTokens(key, 'sign-in');

  it('names a device of one subject, and is read back only for that subject', () => {
    const token = tokens.issue('42', now);
    const device = tokens.read('42', token, now);
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(tokens.read('43', token, now)).toBeNull();
    expect(tokens.issue('42', now)).not.toBe(token);
  });

  it('refuses a token altered, signed with another key, or made for another purpose', () => {
    const token = tokens.issue('42', now);
    const [device, issued, mac = ''] = token.split('.');
    const flipped = `${device}.${issued}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect(tokens.read('42', flipped, now)).toBeNull();
    expect(tokens.read('42', `${device}.${Number(issued) + 1}.${mac}`, now)).toBeNull();
    expect(createDeviceTokens(randomBytes(32), 'sign-in').read('42', token, now)).toBeNull();
    expect(createDeviceTokens(key, 'paper-login').read('42', token, now)).toBeNull();
    for (const junk of [undefined, '', 'x', `${token}.x`, token.replaceAll('.', '-')]) expect(tokens.read('42', junk, now)).toBeNull();
  });

  it('lasts a year, and a token from the future is refused', () => {
    const token = tokens.issue('42', now);
    expect(tokens.read('42', token, later(deviceTokenLifetimeMs - 1000))).not.toBeNull();
    expect(tokens.read('42', token, later(deviceTokenLifetimeMs))).toBeNull();
    expect(tokens.read('42', tokens.issue('42', later(5 * 60_000)), now)).toBeNull();
  });

  it('renews a known device under its own id', () => {
    const device = tokens.read('42', tokens.issue('42', now), now)!;
    const renewed = tokens.issue('42', later(60_000), device);
    expect(tokens.read('42', renewed, later(60_000))).toBe(device);
  });

  it('makes decoys shaped like issued tokens that name no device', () => {
    const decoy = decoyDeviceToken(now);
    const issued = tokens.issue('42', now);
    const shape = (token: string) => token.replace(/[A-Za-z0-9_-]/g, 'x');
    expect(shape(decoy)).toBe(shape(issued));
    expect(decoy.split('.')[1]).toBe(issued.split('.')[1]);
    expect(tokens.read('42', decoy, now)).toBeNull();
    expect(decoyDeviceToken(now)).not.toBe(decoy);
  });
});
