// Which addresses a push may go to: the internet's only. Mapped and NAT64 IPv6 addresses are judged by the
// IPv4 address inside them, so neither form leads to this machine's network.
import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../server/services/alerts/public-address.ts';

describe('isPublicAddress', () => {
  it.each(['8.8.8.8', '142.250.183.10', '172.32.0.1', '2607:f8b0:4009:80b::200a', '2a00:1450:4009::200e', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])(
    'accepts %s',
    (address) => expect(isPublicAddress(address)).toBe(true),
  );

  it.each([
    ['0.0.0.0', 'this network'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.20.30.40', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local (cloud metadata)'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, in hex'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::1', '6to4'],
    ['2001::1', 'Teredo'],
    ['push.example', 'not an address'],
  ])('refuses %s (%s)', (address) => expect(isPublicAddress(address)).toBe(false));
});
