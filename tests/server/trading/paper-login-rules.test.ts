// Which api_key a paper login link may carry (paper-broker.ts; issue 26, from the mutation run): the contract's
// 1 to 128 characters without NUL. Anything else is a bad link, refused before any account is looked at.
import { describe, expect, it } from 'vitest';
import { isPlausibleApiKey } from '../../../server/services/brokers/paper/paper-broker.ts';

describe('a plausible api_key on a paper login link', () => {
  it('is 1 to 128 characters, at both edges, and holds no NUL', () => {
    expect(isPlausibleApiKey('')).toBe(false);
    expect(isPlausibleApiKey('k')).toBe(true);
    expect(isPlausibleApiKey('k'.repeat(128))).toBe(true);
    expect(isPlausibleApiKey('k'.repeat(129))).toBe(false);
    expect(isPlausibleApiKey('paper\u0000key')).toBe(false);
  });
});
