// Password hashing with scrypt at the OWASP password-storage parameters (N=2^17, r=8, p=1). Hashes are
// stored as `scrypt$N$r$p$salt$hash` (base64), so a hash made with older parameters still verifies after
// they are raised. Hashing takes ~0.4 s and ~128 MiB on purpose; it runs on libuv's thread pool.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export type ScryptCost = { N: number; r: number; p: number };

export const owaspScryptCost: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

const saltBytes = 32;
const keyBytes = 64;
/** Stored hashes outside these bounds are refused rather than allowed to exhaust memory or time. */
const maxN = 2 ** 20;

export type PasswordHasher = {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Costs what a real verification costs and fails: for sign-ins with an unknown email. */
  verifyAgainstNobody(password: string): Promise<false>;
};

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  // scrypt needs about 128·N·r bytes; twice that leaves headroom (256 MiB at the OWASP parameters).
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r * cost.p };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

type ParsedHash = { cost: ScryptCost; salt: Buffer; key: Buffer };

function parse(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (N === undefined || r === undefined || p === undefined) return null;
  const isPowerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!isPowerOfTwo || N > maxN || !Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || key.length === 0) return null;
  return { cost: { N, r, p }, salt, key };
}

export function createPasswordHasher(cost: ScryptCost = owaspScryptCost): PasswordHasher {
  const hash = async (password: string): Promise<string> => {
    const salt = randomBytes(saltBytes);
    const key = await derive(password, salt, cost);
    return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
  };
  const verify = async (password: string, stored: string): Promise<boolean> => {
    const parsed = parse(stored);
    if (parsed === null) return false;
    const key = await derive(password, parsed.salt, parsed.cost);
    return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  };
  let nobody: Promise<string> | undefined;
  return {
    hash,
    verify,
    async verifyAgainstNobody(password) {
      nobody ??= hash(randomBytes(16).toString('base64'));
      await verify(password, await nobody);
      return false;
    },
  };
}
