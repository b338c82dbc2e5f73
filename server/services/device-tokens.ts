// Device tokens, after OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a browser that
// signed in to an account gets a token naming that account and a random device id, signed with the
// server's secret key. When it comes back with the token, it is a *known device* for that account and
// is throttled on its own allowance, so strangers' failed guesses can neither lock nor slow it.
//
// A token proves only "this browser signed in to this account before": it opens nothing by itself (a
// password is still needed), so a stolen one is worth one device's allowance of guesses at one account.
// HTTP carries it in a cookie (server/http/device-cookies.ts); the services see only its text.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Long enough to outlive holidays, short of Chrome's 400-day cap on cookie lifetimes. */
export const deviceTokenLifetimeMs = 365 * 24 * 60 * 60 * 1000;

export type DeviceTokens = {
  /** A fresh token for this subject (an account): on a new device id, or renewing a known device's. */
  issue(subject: string, now: Date, deviceId?: string): string;
  /** The device id when the token is genuine, for this subject, and not expired; otherwise null. */
  read(subject: string, token: string | undefined, now: Date): string | null;
};

const tokenShape = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/**
 * `purpose` keeps tokens of one use (StrikeDesk sign-in, the paper broker's login page) from being
 * accepted by another; the HMAC key is derived from the secret key, never the key itself.
 */
export function createDeviceTokens(secretKey: Buffer, purpose: string): DeviceTokens {
  const key = createHmac('sha256', secretKey).update(`strikedesk:device-token:v1:${purpose}`).digest();
  const sign = (subject: string, deviceId: string, issuedAt: string) =>
    createHmac('sha256', key).update(`${subject}\u0000${deviceId}\u0000${issuedAt}`).digest('base64url');
  return {
    issue(subject, now, deviceId = randomBytes(16).toString('base64url')) {
      const issuedAt = String(Math.floor(now.getTime() / 1000));
      return `${deviceId}.${issuedAt}.${sign(subject, deviceId, issuedAt)}`;
    },
    read(subject, token, now) {
      const match = tokenShape.exec(token ?? '');
      if (match === null) return null;
      const [, deviceId = '', issuedAt = '', mac = ''] = match;
      const expected = Buffer.from(sign(subject, deviceId, issuedAt));
      if (!timingSafeEqual(expected, Buffer.from(mac))) return null;
      const age = now.getTime() - Number(issuedAt) * 1000;
      // A token from the future (a clock moved back) is refused too: it would otherwise live longer.
      return age >= -60_000 && age < deviceTokenLifetimeMs ? deviceId : null;
    },
  };
}

/**
 * A token shaped like an issued one that no key signed (it names no device when it comes back): what a form
 * that must not tell its outcomes apart gives a stranger it did not let in (the paper broker's login page).
 */
export function decoyDeviceToken(now: Date): string {
  return `${randomBytes(16).toString('base64url')}.${Math.floor(now.getTime() / 1000)}.${randomBytes(32).toString('base64url')}`;
}
