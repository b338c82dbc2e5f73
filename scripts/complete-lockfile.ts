/**
 * The npm registry reachable here lacks some platform builds of native packages (e.g.
 * @tailwindcss/oxide-darwin-arm64@4.3.5). `npm install` then leaves them out of package-lock.json, and
 * `npm ci` refuses the lockfile as out of sync. This adds the entries npm itself would have written: optional,
 * with the os/cpu they are for, so every `npm ci` skips them on this platform (and they would install on theirs).
 *
 * Run after any `npm install` that changes the lockfile: `npx tsx scripts/complete-lockfile.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

type LockEntry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
};
type Lockfile = { packages: Record<string, LockEntry> };

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'wasm32'] as const;
const CPU: Record<string, string> = {
  arm64: 'arm64',
  arm: 'arm',
  'arm-eabi': 'arm',
  x64: 'x64',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
};

/** Reads os, cpu and libc from a platform package name such as rollup-linux-arm64-musl or oxide-win32-x64-msvc. */
function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | undefined {
  const parts = name.split('/').pop()?.split('-') ?? [];
  const osIndex = parts.findIndex((part) => (OS as readonly string[]).includes(part));
  if (osIndex < 0) return undefined;
  const os = parts[osIndex] ?? '';
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  const rest = parts.slice(osIndex + 1);
  const cpu = CPU[rest.slice(0, 2).join('-')] ?? CPU[rest[0] ?? ''];
  if (!cpu) return undefined;
  const libc = rest.includes('musl') || rest.includes('musleabihf') ? ['musl'] : os === 'linux' && rest.includes('gnu') ? ['glibc'] : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8')) as Lockfile;
let added = 0;

for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location === '' ? 'node_modules' : `${location}/node_modules`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[`${base}/${name}`] || lock.packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform) throw new Error(`Cannot tell the platform of ${name}; add its lock entry by hand.`);
    lock.packages[hoisted] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added += 1;
  }
}

lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added === 0 ? 'package-lock.json is complete.' : `Added ${added} platform entries to package-lock.json.`);
