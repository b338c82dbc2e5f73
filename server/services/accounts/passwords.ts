// Password hashing with scrypt at the OWASP password-storage parameters (N=2^17, r=8, p=1). Hashes are
// stored as `scrypt$N$r$p$salt$hash` (base64), so a hash made with older parameters still verifies after
// they are raised. Hashing takes ~0.4 s and ~128 MiB on purpose; it runs on libuv's thread pool.
//
// A sign-in with an unknown email must take as long as a wrong password, or the time would tell which
// emails have accounts. Hashing for nobody made it so, but spent a real hash on every made-up email: a
// flood of them from many addresses kept every hash slot busy and locked traders out (issue 21). Now
// verifyAgainstNobody only *waits*, as long as a real hash took: a duration drawn from the last real
// hashes of this server (verifications and new hashes alike), so no thread, no memory, no slot. Until a
// first real hash was timed, one is made for nobody (once; callers meanwhile wait for that one).
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
  /** Takes as long as a real verification, without doing one, and fails: for sign-ins with an unknown email. */
  verifyAgainstNobody(password: string): Promise<false>;
};

/** Waits this many milliseconds; injected so tests need not sleep. */
export type Wait = (ms: number) => Promise<void>;

const systemWait: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Real hash durations remembered for imitations: recent enough to follow the load, enough to vary. */
const timedHashes = 32;

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

export function createPasswordHasher(cost: ScryptCost = owaspScryptCost, wait: Wait = systemWait): PasswordHasher {
  const durations: number[] = [];
  const timed = async (password: string, salt: Buffer, derivation: ScryptCost): Promise<Buffer> => {
    const started = performance.now();
    const key = await derive(password, salt, derivation);
    durations.push(performance.now() - started);
    if (durations.length > timedHashes) durations.shift();
    return key;
  };
  const hash = async (password: string): Promise<string> => {
    const salt = randomBytes(saltBytes);
    const key = await timed(password, salt, cost);
    return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
  };
  const verify = async (password: string, stored: string): Promise<boolean> => {
    const parsed = parse(stored);
    if (parsed === null) return false;
    const key = await timed(password, parsed.salt, parsed.cost);
    return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  };
  let calibration: Promise<string> | undefined;
  return {
    hash,
    verify,
    async verifyAgainstNobody() {
      const sample = durations[Math.floor(Math.random() * durations.length)];
      // Before any real hash was timed, one is made (once, whoever asks meanwhile waits for the same).
      if (sample === undefined) await (calibration ??= hash(randomBytes(16).toString('base64')));
      else await wait(sample);
      return false;
    },
  };
}
