/**
 * Whether Zerodha can use an address StrikeDesk asks the trader to register in the Kite developer console.
 * Kite posts order updates to the postback URL from the internet, and the login sends the trader's browser
 * (with its request token in the query) to the redirect URL: an address on this computer or a private
 * network, or one without https, works for neither from everywhere. Pure, so the form and its tests share it.
 */

export type AddressProblem = 'local' | 'http';

// Names no public DNS answers (RFC 6761, RFC 8375, and the names home routers and mDNS use).
const privateSuffixes = ['.localhost', '.local', '.internal', '.lan', '.home.arpa', '.test', '.example', '.invalid'];

function isPrivateIPv4(host: string): boolean {
  const parts = host.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) return false;
  const [a = 0, b = 0] = parts;
  return (
    a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)
  );
}

function isPrivateIPv6(host: string): boolean {
  const address = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (address === '::1' || address === '::') return true;
  // Unique local (fc00::/7) and link-local (fe80::/10).
  if (/^f[cd][0-9a-f]{0,2}:/.test(address) || /^fe[89ab][0-9a-f]?:/.test(address)) return true;
  // An IPv4 address written as IPv6 (::ffff:192.168.0.1, which URL writes ::ffff:c0a8:1) is that address.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (mapped === null) return false;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return isPrivateIPv4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
}

/** What keeps `url` from being a public https address ('local' first: it matters even over https); null when none. */
export function addressProblem(url: string): AddressProblem | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'local';
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  const local =
    host === 'localhost' ||
    // A name of one label (an intranet host) is private too.
    (!host.includes('.') && !host.startsWith('[')) ||
    privateSuffixes.some((suffix) => host.endsWith(suffix)) ||
    isPrivateIPv4(host) ||
    (host.startsWith('[') && isPrivateIPv6(host));
  if (local) return 'local';
  return parsed.protocol === 'https:' ? null : 'http';
}
