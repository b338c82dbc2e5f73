// Reads the server's environment once, at start-up, and fails loudly on a bad value: a typo in PORT
// should stop the server with a message, not make it listen somewhere unexpected.
import { isAbsolute, join, resolve } from 'node:path';
import { repoRoot } from './paths.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  distDir: string;
  logLevel: LogLevel;
  /** Extra origins allowed in the CSP connect-src, e.g. a hosted analytics backend. */
  extraConnectSrc: string[];
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const logLevels: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function isLogLevel(value: string): value is LogLevel {
  return (logLevels as readonly string[]).includes(value);
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 8080;
  const text = raw.trim();
  const port = Number(text);
  if (!/^\d+$/.test(text) || !Number.isInteger(port) || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}".`);
  }
  return port;
}

function parseHost(raw: string | undefined): string {
  const host = raw?.trim() ?? '';
  if (host === '') return '127.0.0.1';
  if (/[\s/]/.test(host)) throw new ConfigError(`HOST must be a host name or IP address, got "${raw}".`);
  return host;
}

/** Relative paths are taken from the working directory, like any command-line tool would. */
function parseDir(raw: string | undefined, fallback: string): string {
  const dir = raw?.trim() ?? '';
  if (dir === '') return fallback;
  return isAbsolute(dir) ? dir : resolve(process.cwd(), dir);
}

function parseLogLevel(raw: string | undefined): LogLevel {
  const level = raw?.trim().toLowerCase() ?? '';
  if (level === '') return 'info';
  if (!isLogLevel(level)) throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${raw}".`);
  return level;
}

/** Only plain http(s)/ws(s) origins: anything else could smuggle directives into the CSP header. */
export function parseConnectSrc(raw: string | undefined): string[] {
  const sources = (raw ?? '').split(/[\s,]+/).filter((source) => source !== '');
  for (const source of sources) {
    if (!isCspOrigin(source)) {
      throw new ConfigError(`EXTRA_CONNECT_SRC entries must be origins like https://analytics.example.com, got "${source}".`);
    }
  }
  return sources;
}

export function isCspOrigin(source: string): boolean {
  return /^(https?|wss?):\/\/[A-Za-z0-9.\-*]+(:\d{1,5})?\/?$/.test(source);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: parsePort(env.PORT),
    host: parseHost(env.HOST),
    dataDir: parseDir(env.DATA_DIR, join(repoRoot, '.data')),
    distDir: parseDir(env.DIST_DIR, join(repoRoot, 'dist')),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    extraConnectSrc: parseConnectSrc(env.EXTRA_CONNECT_SRC),
  };
}
