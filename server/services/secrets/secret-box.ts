// Encryption at rest for broker credentials (api_secret, the broker session token): AES-256-GCM with a
// fresh 96-bit IV per value, so equal secrets never look equal in the database and any tampering fails
// authentication. Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url; the version lets the
// scheme (or the key) change later without guessing what a stored value is.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export type SecretBox = {
  seal: (plain: string) => string;
  /** Throws SecretUnreadableError when the value was sealed with another key or altered. */
  open: (sealed: string) => string;
};

export class SecretUnreadableError extends Error {
  override name = 'SecretUnreadableError';
}

export const secretKeyBytes = 32;

/** Binds every value to this use, so a sealed secret cannot be replayed as some other kind of data. */
const additionalData = Buffer.from('strikedesk:broker-credential:v1');

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== secretKeyBytes) throw new Error(`The secret key must be ${secretKeyBytes} bytes, got ${key.length}`);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(additionalData);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || iv === undefined || tag === undefined || ciphertext === undefined) {
        throw new SecretUnreadableError('Not a sealed value');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(additionalData);
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretUnreadableError('The value was sealed with another key, or altered');
      }
    },
  };
}
