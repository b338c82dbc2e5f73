// Whether TradingView and ChartInk can post to a webhook address at an origin (issue 62). Both post only to
// public addresses, TradingView only over ports 443 and 80; a bot's alerts there need money-safe transport, so
// only public HTTPS on the default port counts. Anything else (http, another port, a loopback, private,
// link-local or carrier-grade NAT address, a name without a dot or under .local/.localhost/.internal) is
// reachable by a script on the same machine or network at most.

const privateIpv4 = [
  [10, 0, 8],
  [127, 0, 8],
  [169, 254, 16],
  [172, 16, 12],
  [192, 168, 16],
  [100, 64, 10],
  [0, 0, 8],
] as const;

function isPrivateIpv4(host: string): boolean {
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) return false;
  const address = ((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!;
  return privateIpv4.some(([a, b, bits]) => address >>> (32 - bits) === (((a << 24) >>> 0) + (b << 16)) >>> (32 - bits));
}

function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) {
    // IPv6: loopback, unique local (fc00::/7) and link-local (fe80::/10) addresses.
    const address = host.slice(1, -1);
    return address === '::1' || address === '::' || /^f[cd]/.test(address) || /^fe[89ab]/.test(address);
  }
  if (/^[\d.]+$/.test(host)) return isPrivateIpv4(host);
  return !host.includes('.') || /\.(?:local|localhost|internal|lan|home\.arpa)$/.test(host);
}

/** True when an address at `origin` can take alerts from TradingView and ChartInk: public, HTTPS, port 443. */
export function takesInternetAlerts(origin: string): boolean {
  const url = new URL(origin);
  return url.protocol === 'https:' && url.port === '' && !isPrivateHost(url.hostname);
}
