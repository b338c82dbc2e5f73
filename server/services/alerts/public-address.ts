// Whether an IP address is one of the internet's, which is all a push service's address may be: loopback,
// private, shared (CGNAT), link-local, multicast, reserved, documentation and unique-local addresses lead to
// this machine or its network, where a request the server sends for a trader must never go. IPv4-mapped
// (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) addresses are judged by the IPv4 address they carry; any
// other IPv6 address must be global unicast (2000::/3) outside the special-purpose blocks.
import { BlockList, isIP } from 'node:net';

/** IANA's IPv4 special-purpose blocks that are not reachable on the internet, and multicast and reserved. */
const notPublicV4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/** Special-purpose blocks inside 2000::/3: Teredo, ORCHID and benchmarking (2001::/23), documentation, 6to4. */
const notPublicV6: readonly [string, number][] = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
];

function blockList(entries: readonly [string, number][], type: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [network, prefix] of entries) list.addSubnet(network, prefix, type);
  return list;
}

// A BlockList of IPv4 subnets also matches the IPv4-mapped IPv6 form of their addresses.
const notPublicIpv4 = blockList(notPublicV4, 'ipv4');
const notPublicNat64 = blockList(
  notPublicV4.map(([network, prefix]) => [`64:ff9b::${network}`, 96 + prefix]),
  'ipv6',
);
const notPublicIpv6 = blockList(notPublicV6, 'ipv6');
const ipv4Mapped = blockList([['::ffff:0:0', 96]], 'ipv6');
const nat64 = blockList([['64:ff9b::', 96]], 'ipv6');
const globalUnicast = blockList([['2000::', 3]], 'ipv6');

/** True for an address on the internet; false for anything else, and for text that is not an address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublicIpv4.check(address, 'ipv4');
  if (family !== 6) return false;
  if (ipv4Mapped.check(address, 'ipv6')) return !notPublicIpv4.check(address, 'ipv6');
  if (nat64.check(address, 'ipv6')) return !notPublicNat64.check(address, 'ipv6');
  return globalUnicast.check(address, 'ipv6') && !notPublicIpv6.check(address, 'ipv6');
}
