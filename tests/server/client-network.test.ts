import { describe, expect, it } from 'vitest';
import { networkOf } from '../../server/services/client-network.ts';

describe('the network of a client address', () => {
  it.each([
    ['203.0.113.7', '203.0.113.0/24'],
    ['127.45.3.200', '127.45.3.0/24'],
    ['::ffff:192.0.2.9', '192.0.2.0/24'],
    ['::FFFF:c000:0209', '192.0.2.0/24'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.7', '64:ff9b:0:0::/64'],
  ])('%s is on %s', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });

  it.each(['not-an-address', '2001:db8::1::2', '1.2.3', ''])('keeps %j as a network of its own', (ip) => {
    expect(networkOf(ip)).toBe(ip);
  });
});
