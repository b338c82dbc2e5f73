// The network a client address belongs to, for limits that one address alone cannot carry: an IPv4 /24
// (one office, one small provider block) and an IPv6 /64 (what one home or phone is given, so a single
// device can rotate through 2^64 addresses). IPv4-mapped IPv6 (::ffff:192.0.2.7, what a dual-stack
// socket reports) counts as the IPv4 address it carries.
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const [head = '', tail, ...rest] = address.split('::');
  if (rest.length > 0) return null;
  const part = (text: string): string[] => (text === '' ? [] : text.split(':'));
  let left = part(head);
  let right = tail === undefined ? [] : part(tail);
  // A trailing dotted quad (::ffff:192.0.2.7, 64:ff9b::192.0.2.7) is two groups.
  const last = (tail === undefined ? left : right).at(-1);
  if (last !== undefined && isIPv4(last)) {
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
    const groups = [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    if (tail === undefined) left = [...left.slice(0, -1), ...groups];
    else right = [...right.slice(0, -1), ...groups];
  }
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((group) => Number.parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

/**
 * `203.0.113.0/24` for 203.0.113.7, `2001:db8:1:2::/64` for 2001:db8:1:2:aaaa::1. Anything else (a
 * Unix socket, a test's made-up name) is its own network.
 */
export function networkOf(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return ip;
  const groups = ipv6Groups(address.toLowerCase());
  if (groups === null) return ip;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.0/24`;
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}

/** Where a request came from, as the limits see it. */
export type ClientAddress = { ip: string; network: string };

export function clientAddress(ip: string): ClientAddress {
  return { ip, network: networkOf(ip) };
}
