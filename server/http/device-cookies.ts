// Device tokens (services/device-tokens.ts) travel as cookies: HttpOnly, so no script (the PWA's own
// included) can read or leak them; SameSite=Strict and a path that covers only the sign-in form they
// serve, so no other request carries them; Secure whenever the answer goes over TLS. One cookie per
// account (its name carries the subject), as OWASP advises, so a browser shared by two traders keeps
// both known. The PWA needs nothing: fetch sends same-origin cookies by default.
import { createHash } from 'node:crypto';
import { deviceTokenLifetimeMs } from '../services/device-tokens.ts';

export type DeviceCookieKind = {
  /** Cookie names are this prefix and the subject (or its digest). */
  prefix: string;
  path: string;
  /** What a subject is called in a cookie name; a name must stay a plain token. */
  nameOf: (subject: string) => string;
};

/** StrikeDesk's own sign-in: one cookie per user id. */
export const signInDeviceCookie: DeviceCookieKind = { prefix: 'sd_device_', path: '/api/authenticate', nameOf: (userId) => userId };

/** The paper broker's login page: one per api_key, named by a digest (an api_key may hold any character). */
export const paperLoginDeviceCookie: DeviceCookieKind = {
  prefix: 'sd_paper_device_',
  path: '/broker-login/paper',
  nameOf: (apiKey) => createHash('sha256').update(apiKey).digest('hex').slice(0, 24),
};

/** Cookies of a Cookie header by name; a malformed pair is skipped. */
export function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 1) continue;
    const name = pair.slice(0, equals).trim();
    const value = pair.slice(equals + 1).trim().replace(/^"(.*)"$/, '$1');
    if (!cookies.has(name)) cookies.set(name, value);
  }
  return cookies;
}

/** The device tokens of the header by subject, for the subjects named plainly (user ids). */
export function deviceTokensOf(header: string | undefined, kind: DeviceCookieKind): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const [name, value] of readCookies(header)) {
    if (name.startsWith(kind.prefix)) tokens[name.slice(kind.prefix.length)] = value;
  }
  return tokens;
}

/** The token this browser holds for one subject, if any. */
export function deviceTokenFor(header: string | undefined, kind: DeviceCookieKind, subject: string): string | undefined {
  return readCookies(header).get(`${kind.prefix}${kind.nameOf(subject)}`);
}

/** The Set-Cookie value that keeps a device token in the browser. */
export function deviceCookie(kind: DeviceCookieKind, subject: string, token: string, overTls: boolean): string {
  const maxAge = Math.floor(deviceTokenLifetimeMs / 1000);
  const attributes = [`Path=${kind.path}`, `Max-Age=${maxAge}`, 'HttpOnly', 'SameSite=Strict', ...(overTls ? ['Secure'] : [])];
  return [`${kind.prefix}${kind.nameOf(subject)}=${token}`, ...attributes].join('; ');
}
