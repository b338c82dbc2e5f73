import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendOrigins, ConfigError, loadConfig } from '../../server/config.ts';
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
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicConfig).toEqual({ apiBaseUrl: '', analyticsUrl: '/analytics', analyticsAnonKey: 'strikedesk-public-anon-key', webhookOrigin: '' });
    expect(config.timeouts).toEqual({ requestMs: 30_000, idleMs: 70_000, keepAliveMs: 72_000 });
    // Nobody's X-Forwarded-For is believed until a proxy is named: a client could forge it.
    expect(config.trustProxy).toBe(false);
    expect(config.publicOrigin).toBeUndefined();
    expect(config.hashConcurrency).toBe(2);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/strikedesk',
      DIST_DIR: 'build/web',
      LOG_LEVEL: 'WARN',
      EXTRA_CONNECT_SRC: 'https://abc.supabase.co, wss://abc.supabase.co',
      DATABASE_URL: 'postgres://strikedesk:secret@db.internal:5432/strikedesk',
      PUBLIC_API_URL: 'https://api.strikedesk.example/',
      ANALYTICS_URL: 'https://abc.supabase.co/',
      ANALYTICS_ANON_KEY: 'eyJhbGciOi.public',
      REQUEST_TIMEOUT_MS: '15000',
      IDLE_TIMEOUT_MS: '65000',
      KEEP_ALIVE_TIMEOUT_MS: '61000',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback, fd00::/8',
      PUBLIC_ORIGIN: 'https://Trade.Example.in/',
      INSTANCE_ADDRESS: 'http://10.0.0.5:3000/',
      PASSWORD_HASH_CONCURRENCY: '3',
      MARKET_DEMO: 'off',
      MARKET_SEED: 'expiry-day',
      MARKET_TICK_MS: '500',
      KITE_API_ROOT: 'http://127.0.0.1:9400/',
      KITE_LOGIN_URL: 'http://127.0.0.1:9400/connect/login',
      KITE_TICKER_URL: 'ws://127.0.0.1:9400/ticker',
      UPSTOX_API_ROOT: 'http://127.0.0.1:9500/',
      UPSTOX_INSTRUMENTS_URL: 'http://127.0.0.1:9500/instruments.json.gz',
      DHAN_API_ROOT: 'http://127.0.0.1:9600/',
      SHOONYA_API_ROOT: 'http://127.0.0.1:9700/NorenWClientTP/',
      PUSH_SERVICE_HOSTS: 'FCM.googleapis.com, *.push.apple.com,http://127.0.0.1:8089/',
    });
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/var/lib/strikedesk',
      distDir: resolve(process.cwd(), 'build/web'),
      logLevel: 'warn',
      extraConnectSrc: ['https://abc.supabase.co', 'wss://abc.supabase.co'],
      databaseUrl: 'postgres://strikedesk:secret@db.internal:5432/strikedesk',
      publicConfig: {
        apiBaseUrl: 'https://api.strikedesk.example',
        analyticsUrl: 'https://abc.supabase.co',
        analyticsAnonKey: 'eyJhbGciOi.public',
        webhookOrigin: 'https://trade.example.in',
      },
      timeouts: { requestMs: 15_000, idleMs: 65_000, keepAliveMs: 61_000 },
      trustProxy: ['10.0.0.0/8', '192.168.1.7', 'loopback', 'fd00::/8'],
      publicOrigin: 'https://trade.example.in',
      instanceAddress: 'http://10.0.0.5:3000',
      hashConcurrency: 3,
      market: { demo: false, seed: 'expiry-day', tickMs: 500, recordingDays: 30, recordingSampleMs: 5000 },
      kite: { apiRoot: 'http://127.0.0.1:9400', loginUrl: 'http://127.0.0.1:9400/connect/login', tickerUrl: 'ws://127.0.0.1:9400/ticker' },
      upstox: { apiRoot: 'http://127.0.0.1:9500', orderApiRoot: 'http://127.0.0.1:9500', instrumentsUrl: 'http://127.0.0.1:9500/instruments.json.gz' },
      // Only DHAN_API_ROOT set: the consent flow and the sockets go to the same test server, never to Dhan's own hosts.
      dhan: { apiRoot: 'http://127.0.0.1:9600', authRoot: 'http://127.0.0.1:9600', scripMasterUrl: 'https://images.dhan.co/api-data/api-scrip-master.csv', feedUrl: 'ws://127.0.0.1:9600/feed', orderUpdateUrl: 'ws://127.0.0.1:9600/order-update', depthUrl: 'ws://127.0.0.1:9600/twentydepth', fullDepthUrl: 'ws://127.0.0.1:9600/twohundreddepth' },
      // Only SHOONYA_API_ROOT set: its login page and token call go to the same test server, never to Shoonya's.
      noren: {
        shoonya: { apiRoot: 'http://127.0.0.1:9700/NorenWClientTP', authRoot: 'http://127.0.0.1:9700', tokenUrl: 'http://127.0.0.1:9700/GenAcsTok', scripMasterUrl: 'https://api.shoonya.com/NFO_symbols.txt.zip', feedUrl: 'ws://127.0.0.1:9700/NorenWSTP/' },
        flattrade: { apiRoot: 'https://piconnect.flattrade.in/PiConnectTP', authRoot: 'https://auth.flattrade.in', tokenUrl: 'https://authapi.flattrade.in/trade/apitoken', scripMasterUrl: 'https://api.shoonya.com/NFO_symbols.txt.zip', feedUrl: 'wss://piconnect.flattrade.in/PiConnectWSTp/' },
      },
      pushServiceHosts: ['fcm.googleapis.com', '*.push.apple.com', 'http://127.0.0.1:8089'],
    });
  });

  it("sends push only to the browsers' push services by default, and refuses an allow-list entry it cannot read", () => {
    expect(loadConfig({}).pushServiceHosts).toEqual(['fcm.googleapis.com', '*.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com']);
    for (const hosts of ['*', '*.com,', 'fcm.googleapis.com/fcm', 'https://push.example.in/path', 'ftp://push.example.in', '169.254.169.254:80', ',']) {
      expect(() => loadConfig({ PUSH_SERVICE_HOSTS: hosts }), hosts).toThrow(/PUSH_SERVICE_HOSTS must list push service hosts/);
    }
  });


  it("points the Kite adapter at Zerodha by default, and refuses Kite URLs it cannot use", () => {
    expect(loadConfig({}).kite).toEqual({ apiRoot: 'https://api.kite.trade', loginUrl: 'https://kite.zerodha.com/connect/login', tickerUrl: 'wss://ws.kite.trade' });
    expect(() => loadConfig({ KITE_API_ROOT: 'ftp://kite.example' })).toThrow('KITE_API_ROOT must be a http: or https: URL without a query, got "ftp://kite.example".');
    expect(() => loadConfig({ KITE_TICKER_URL: 'https://ws.kite.trade' })).toThrow(/KITE_TICKER_URL must be a ws: or wss: URL/);
    expect(() => loadConfig({ KITE_LOGIN_URL: 'kite login' })).toThrow(/KITE_LOGIN_URL must be a URL/);
    expect(() => loadConfig({ KITE_LOGIN_URL: 'https://kite.zerodha.com/connect/login?v=3' })).toThrow(/without a query/);
    expect(loadConfig({}).upstox).toEqual({
      apiRoot: 'https://api.upstox.com',
      orderApiRoot: 'https://api-hft.upstox.com',
      instrumentsUrl: 'https://assets.upstox.com/market-quote/instruments/exchange/complete.json.gz',
    });
    expect(() => loadConfig({ UPSTOX_API_ROOT: 'ftp://upstox.example' })).toThrow('UPSTOX_API_ROOT must be an http: or https: URL without a query, got "ftp://upstox.example".');
    expect(() => loadConfig({ DHAN_AUTH_ROOT: 'https://auth.example/?x=1' })).toThrow('DHAN_AUTH_ROOT must be an http: or https: URL without a query, got "https://auth.example/?x=1".');
    expect(() => loadConfig({ UPSTOX_INSTRUMENTS_URL: 'instruments' })).toThrow(/UPSTOX_INSTRUMENTS_URL must be a URL/);
  });

  it('runs the simulated market in demo mode, one tick a second, by default, and refuses market settings it cannot use', () => {
    expect(loadConfig({}).market).toEqual({ demo: true, seed: 'strikedesk', tickMs: 1000, recordingDays: 30, recordingSampleMs: 5000 });
    expect(loadConfig({ MARKET_RECORDING_DAYS: '0' }).market).toMatchObject({ recordingDays: 0 });
    expect(loadConfig({ MARKET_RECORDING_SAMPLE_MS: '30000' }).market).toMatchObject({ recordingSampleMs: 30_000 });
    expect(() => loadConfig({ MARKET_RECORDING_SAMPLE_MS: '500' })).toThrow('MARKET_RECORDING_SAMPLE_MS must be a whole number of milliseconds from 1000 to 60000, got "500".');
    expect(() => loadConfig({ MARKET_RECORDING_SAMPLE_MS: '5s' })).toThrow(/MARKET_RECORDING_SAMPLE_MS/);
    expect(() => loadConfig({ MARKET_RECORDING_DAYS: '-1' })).toThrow(/MARKET_RECORDING_DAYS must be a whole number of days from 0/);
    expect(loadConfig({ MARKET_DEMO: 'ON', MARKET_TICK_MS: '0' }).market).toMatchObject({ demo: true, tickMs: 0 });
    expect(() => loadConfig({ MARKET_DEMO: 'maybe' })).toThrow('MARKET_DEMO must be on or off, got "maybe".');
    expect(() => loadConfig({ MARKET_TICK_MS: '50' })).toThrow(/MARKET_TICK_MS must be 0 \(no ticks\) or a whole number from 100 to 60000/);
    expect(() => loadConfig({ MARKET_TICK_MS: '1e3' })).toThrow(/MARKET_TICK_MS/);
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['false', false],
    ['', false],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
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

  it('accepts an analytics path on this origin', () => {
    expect(loadConfig({ ANALYTICS_URL: '/data/' }).publicConfig.analyticsUrl).toBe('/data');
  });

  it.each([
    ['DATABASE_URL', 'mysql://db/strikedesk', /DATABASE_URL must be a PostgreSQL URL/],
    ['PUBLIC_API_URL', '/api', /PUBLIC_API_URL must be an http\(s\) URL/],
    ['PUBLIC_API_URL', 'javascript:alert(1)', /PUBLIC_API_URL/],
    ['ANALYTICS_URL', '//evil.example', /ANALYTICS_URL must be a path/],
    ['ANALYTICS_URL', 'ftp://files.example', /ANALYTICS_URL/],
    ['ANALYTICS_ANON_KEY', 'two words', /ANALYTICS_ANON_KEY/],
    ['REQUEST_TIMEOUT_MS', '0', /REQUEST_TIMEOUT_MS must be a whole number from 1000/],
    ['IDLE_TIMEOUT_MS', '30s', /IDLE_TIMEOUT_MS/],
    ['KEEP_ALIVE_TIMEOUT_MS', '99999999', /KEEP_ALIVE_TIMEOUT_MS/],
    ['PASSWORD_HASH_CONCURRENCY', '0', /PASSWORD_HASH_CONCURRENCY must be a whole number from 1 to 64/],
    // A hop count cannot tell the proxy from a client forging the header.
    ['TRUST_PROXY', '1', /TRUST_PROXY must be true, false, or the proxy's addresses/],
    ['TRUST_PROXY', '10.0.0.0/33', /TRUST_PROXY/],
    ['TRUST_PROXY', 'proxy.internal', /TRUST_PROXY/],
    ['PUBLIC_ORIGIN', 'https://trade.example.in/app', /PUBLIC_ORIGIN must be an origin/],
    ['PUBLIC_ORIGIN', 'trade.example.in', /PUBLIC_ORIGIN/],
    ['INSTANCE_ADDRESS', 'http://10.0.0.5:3000/replays', /INSTANCE_ADDRESS must be an origin like http:\/\/10.0.0.5:3000/],
  ])('rejects %s=%s', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

describe('backendOrigins (added to the CSP connect-src)', () => {
  it('lists the origins of backends elsewhere, and nothing for same-origin paths', () => {
    expect(backendOrigins({ apiBaseUrl: '', analyticsUrl: '/analytics', analyticsAnonKey: 'k', webhookOrigin: '' })).toEqual([]);
    expect(
      backendOrigins({ apiBaseUrl: 'https://api.example.com/v1', analyticsUrl: 'https://abc.supabase.co:8443/x', analyticsAnonKey: 'k', webhookOrigin: 'https://alerts.example.in' }),
    ).toEqual(['https://api.example.com', 'https://abc.supabase.co:8443']);
  });
});
