// Runs the Upstox test server on its own, for browser tests and by hand:
//   npx tsx tests/upstox-server/main.ts [--port 0] [--heartbeat-ms 1000] [--app API_KEY,API_SECRET,REDIRECT_URI]...
// It listens on 127.0.0.1 only and prints its URL first, then the variables that point StrikeDesk at it.
import { parseArgs } from 'node:util';
import { startUpstoxServer } from './upstox-server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'heartbeat-ms': { type: 'string', default: '1000' },
    app: { type: 'string', multiple: true, default: [] },
  },
});

const apps = values.app.map((spec) => {
  const [apiKey, apiSecret, redirectUri] = spec.split(',');
  if (!apiKey || !apiSecret || !redirectUri) throw new Error(`--app wants API_KEY,API_SECRET,REDIRECT_URI, got "${spec}"`);
  return { apiKey, apiSecret, redirectUri };
});

const server = await startUpstoxServer({ port: Number(values.port), heartbeatMs: Number(values['heartbeat-ms']), apps });
console.log(server.apiRoot);
console.log(`UPSTOX_API_ROOT=${server.apiRoot}`);
console.log(`UPSTOX_INSTRUMENTS_URL=${server.instrumentsUrl}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
