import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { repoRoot } from '../../server/paths.ts';

describe('loadConfig', () => {
  it('has defaults that work out of the box', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(join(repoRoot, '.data'));
    expect(config.distDir).toBe(join(repoRoot, 'dist'));
    expect(config.logLevel).toBe('info');
    expect(config.extraConnectSrc).toEqual([]);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/strikedesk',
      DIST_DIR: 'build/web',
      LOG_LEVEL: 'WARN',
      EXTRA_CONNECT_SRC: 'https://abc.supabase.co, wss://abc.supabase.co',
    });
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/var/lib/strikedesk',
      distDir: resolve(process.cwd(), 'build/web'),
      logLevel: 'warn',
      extraConnectSrc: ['https://abc.supabase.co', 'wss://abc.supabase.co'],
    });
  });

  it('accepts port 0 (any free port)', () => {
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
  });

  it.each(['abc', '70000', '-1', '80.5', '8080x', '1e3'])('rejects PORT=%s with a clear message', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT must be a whole number from 0 to 65535/);
  });

  it('rejects an unknown log level and a connect-src that is not an origin', () => {
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(ConfigError);
    expect(() => loadConfig({ EXTRA_CONNECT_SRC: "https://a.example;script-src 'unsafe-inline'" })).toThrow(ConfigError);
    expect(() => loadConfig({ EXTRA_CONNECT_SRC: '*' })).toThrow(ConfigError);
  });
});
