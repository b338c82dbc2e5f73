import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../../server/services/accounts/common-passwords.ts';
import { demoAccount } from '../../server/services/accounts/demo-account.ts';
import { createPasswordHasher, owaspScryptCost } from '../../server/services/accounts/passwords.ts';
import { testScryptCost } from './support/test-server.ts';

const hasher = createPasswordHasher(testScryptCost);

describe('password hashing', () => {
  it('uses the OWASP scrypt parameters by default, and they fit in memory', async () => {
    expect(owaspScryptCost).toEqual({ N: 131072, r: 8, p: 1 });
    const stored = await createPasswordHasher().hash('Iron-Condor-Weekly');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('stores scrypt$N$r$p$salt$hash with a 32-byte salt and a 64-byte key', async () => {
    const stored = await hasher.hash('Iron-Condor-Weekly');
    const [scheme, N, r, p, salt = '', key = ''] = stored.split('$');
    expect([scheme, N, r, p]).toEqual(['scrypt', '1024', '8', '1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(32);
    expect(Buffer.from(key, 'base64')).toHaveLength(64);
  });

  it('verifies the right password only, with a new salt every time', async () => {
    const first = await hasher.hash('Iron-Condor-Weekly');
    const second = await hasher.hash('Iron-Condor-Weekly');
    expect(first).not.toBe(second);
    expect(await hasher.verify('Iron-Condor-Weekly', first)).toBe(true);
    expect(await hasher.verify('iron-condor-weekly', first)).toBe(false);
    expect(await hasher.verify('', first)).toBe(false);
  });

  it('verifies with the parameters stored in the hash, so they can be raised later', async () => {
    const old = await createPasswordHasher({ N: 2 ** 9, r: 8, p: 1 }).hash('Iron-Condor-Weekly');
    expect(await hasher.verify('Iron-Condor-Weekly', old)).toBe(true);
  });

  it.each([
    ['an empty string', ''],
    ['another scheme', 'bcrypt$2b$10$abc'],
    ['a missing key', 'scrypt$1024$8$1$c2FsdA==$'],
    ['N not a power of two', 'scrypt$1000$8$1$c2FsdA==$a2V5'],
    ['an absurd N', 'scrypt$1073741824$8$1$c2FsdA==$a2V5'],
    ['an absurd p', 'scrypt$1024$8$999$c2FsdA==$a2V5'],
  ])('refuses %s as a stored hash without throwing', async (_label, stored) => {
    expect(await hasher.verify('anything', stored)).toBe(false);
  });

  it('has a dummy verification for unknown users that always fails', async () => {
    expect(await hasher.verifyAgainstNobody('StrikeDesk@2026')).toBe(false);
  });

  it('makes the dummy verification wait as long as a recent real hash took, without hashing', async () => {
    const waits: number[] = [];
    const timing = createPasswordHasher(testScryptCost, async (ms) => {
      waits.push(ms);
    });
    // Before any real hash was timed, the dummy hashes for real once (and does not wait).
    expect(await timing.verifyAgainstNobody('guess')).toBe(false);
    expect(waits).toEqual([]);
    await timing.verify('guess', await timing.hash('Iron-Condor-Weekly'));
    for (let i = 0; i < 20; i++) expect(await timing.verifyAgainstNobody(`guess-${i}`)).toBe(false);
    // Each wait is the duration of one of the three real hashes (the first dummy, the hash, the verification).
    expect(waits).toHaveLength(20);
    expect(Math.min(...waits)).toBeGreaterThan(0);
    expect(new Set(waits).size).toBeLessThanOrEqual(3);
  });
});

describe('common passwords', () => {
  it.each(['123456', 'password', 'PASSWORD', 'Password1', 'qwerty123', 'Welcome@123', 'india@123', 'sachin10', 'nifty50'])(
    'refuses %s (case-insensitively)',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['Iron-Condor-Weekly', 'correct horse battery staple', demoAccount.password])('accepts %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
