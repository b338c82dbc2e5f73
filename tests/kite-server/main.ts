// Runs the Kite test server on its own, for browser tests and by hand:
//   npx tsx tests/kite-server/main.ts [--port 0] [--heartbeat-ms 1000] [--app API_KEY,API_SECRET,REDIRECT_URL[,POSTBACK_URL]]...
// It listens on 127.0.0.1 only and prints its URL first, then the three variables that point StrikeDesk at it.
import { parseArgs } from 'node:util';
import type { AppConfig } from './apps.ts';
import { startKiteServer } from './kite-server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'heartbeat-ms': { type: 'string', default: '1000' },
    app: { type: 'string', multiple: true, default: [] },
  },
});

const apps = values.app.map((spec): AppConfig => {
  const [apiKey, apiSecret, redirectUrl, postbackUrl] = spec.split(',');
  if (!apiKey || !apiSecret || !redirectUrl) throw new Error(`--app wants API_KEY,API_SECRET,REDIRECT_URL[,POSTBACK_URL], got "${spec}"`);
  return { apiKey, apiSecret, redirectUrl, postbackUrl: postbackUrl ?? null };
});

const server = await startKiteServer({ port: Number(values.port), heartbeatMs: Number(values['heartbeat-ms']), apps });
console.log(server.url);
console.log(`KITE_API_ROOT=${server.apiRoot}`);
console.log(`KITE_LOGIN_URL=${server.loginUrl}`);
console.log(`KITE_TICKER_URL=${server.tickerUrl}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
