/**
 * Starts the reference server for the browser tests on 127.0.0.1 with a fresh, throw-away DATA_DIR that is
 * removed when Playwright stops the server: it sends SIGTERM (playwright.config.ts, gracefulShutdown), the
 * server's handler closes it and exits, and the exit handler below removes the folder. A SIGKILL would
 * skip all of that; .ci/run checks that no folder is left.
 *
 * In the same process, the Kite-compatible test server (tests/kite-server) listens on E2E_KITE_PORT, and the
 * reference server's Kite adapter points at it (KITE_API_ROOT, KITE_LOGIN_URL, KITE_TICKER_URL), so the live
 * broker's specs trade through a real login page and order book; they drive it over HTTP (/__control/*).
 * The Upstox test server (tests/upstox-server) listens on E2E_UPSTOX_PORT (E2E_PORT + 2 by default) in the same
 * way: UPSTOX_API_ROOT (its login dialog, REST API, orders and feed) and UPSTOX_INSTRUMENTS_URL point at it.
 * The Dhan test server (tests/dhan-server) likewise on E2E_DHAN_PORT (E2E_PORT + 3): DHAN_API_ROOT (its consent flow,
 * REST API, feed and order socket) and DHAN_SCRIP_MASTER_URL point at it.
 * The Noren test server (tests/noren-server) in Shoonya's configuration likewise on E2E_SHOONYA_PORT (E2E_PORT + 4):
 * SHOONYA_API_ROOT (its login page, GenAcsTok, REST API and feed follow it) and SHOONYA_SCRIP_MASTER_URL point at it.
 * A second one in Flattrade's configuration on E2E_FLATTRADE_PORT (E2E_PORT + 5): FLATTRADE_API_ROOT (its login page,
 * /trade/apitoken, REST API and feed follow it) and FLATTRADE_SCRIP_MASTER_URL.
 * Each keeps nothing on disk and goes with the process. The Kite server's control port also scripts the last prices the reference
 * server's price alerts see (/__control/alert-price, scripted-alert-prices.ts), and hands out endpoints on a push
 * service on 127.0.0.1 that answer what a spec asks (/__control/push-endpoint, local-push-service.ts): the
 * server's allow-list (PUSH_SERVICE_HOSTS) names that service's origin beside the browsers' own services.
 *
 * All run on one clock pinned to 11:00 IST of the latest Wednesday or Friday that NSE trades, running on at
 * the real pace: the suite then meets the same market whenever CI runs it (a fresh MIS order is refused after
 * 15:25 IST, a live Kite account sends AMOs outside exchange hours, and on an expiry day far wings have no
 * bid). NIFTY and BANKNIFTY expire on Tuesdays and SENSEX on Thursdays, or the trading day before: never on
 * a Wednesday or a Friday.
 * tests/e2e/support/clocked-server.ts serves the specs about those hours.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'strikedesk-e2e-'));
const port = process.env.E2E_PORT ?? '4780';
const kitePort = Number(process.env.E2E_KITE_PORT ?? Number(port) + 1);
const upstoxPort = Number(process.env.E2E_UPSTOX_PORT ?? Number(port) + 2);
const dhanPort = Number(process.env.E2E_DHAN_PORT ?? Number(port) + 3);
const shoonyaPort = Number(process.env.E2E_SHOONYA_PORT ?? Number(port) + 4);
const flattradePort = Number(process.env.E2E_FLATTRADE_PORT ?? Number(port) + 5);

const { startKiteServer } = await import('../../kite-server/kite-server.ts');
const { startUpstoxServer } = await import('../../upstox-server/upstox-server.ts');
const kiteInstruments = await import('../../kite-server/instruments-data.ts');
const upstoxInstruments = await import('../../upstox-server/market.ts');
const { feedStock } = await import('./feed-stock.ts');
const { startDhanServer } = await import('../../dhan-server/dhan-server.ts');
const { startNorenServer } = await import('../../noren-server/noren-server.ts');
const { scriptedAlertPrices } = await import('./scripted-alert-prices.ts');
const { startLocalPushService } = await import('../../server/alerts/local-push-service.ts');
const { defaultPushServiceHosts } = await import('../../../server/services/alerts/push-targets.ts');
const { testScryptCost } = await import('../../server/support/test-scrypt-cost.ts');
const { startServer, exitWithStartupError } = await import('../../../server/main.ts');
const { throwawayDatabaseEnv } = await import('./throwaway-database.ts');
const { prepareBookTemplates } = await import('../../../server/services/analysis/index.ts');
const { e2eRecordingEnv } = await import('./recording-sample.ts');
// The server's own signal handlers close it and exit; the data directory goes with the process.
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

/**
 * 11:00 IST on the latest Wednesday or Friday NSE trades, read from the calendar the migrations write (the server's
 * own database, migrated here first); with the minute before it, 10:59, recorded into market history.
 */
async function pinnedStart(databaseUrl: string | undefined): Promise<number> {
  const { openDatabase } = await import('../../../server/db/open-database.ts');
  const { migrate } = await import('../../../server/db/migrate.ts');
  const { loadTradingCalendar } = await import('../../../server/services/market/calendar-data.ts');
  const { addDays, isTradingDay, isoWeekday } = await import('../../../server/services/market/trading-calendar.ts');
  const { istDate } = await import('../../../server/services/market/ist.ts');
  const { recordSimulatedMinutes } = await import('./recorded-minutes.ts');
  const db = await openDatabase({ dataDir, databaseUrl });
  try {
    await migrate(db);
    const calendar = await loadTradingCalendar(db, 'NSE');
    let day = istDate(new Date());
    while (!(isTradingDay(calendar, day) && [3, 5].includes(isoWeekday(day)))) day = addDays(day, -1);
    const start = Date.parse(`${day}T11:00:00+05:30`);
    // 10:59 recorded: the premium, OI and IV charts of the suite have a recorded minute at once, instead of a spec
    // waiting one to two minutes for the recorder's first whole minute (the server's own first minute is never kept).
    await recordSimulatedMinutes(db, start - 60_000, start - 60_000);
    return start;
  } finally {
    await db.close();
  }
}

try {
  // The replay and backtest books' templates made before the suite's server answers: a CI run's temporary folder is
  // fresh, and the server's start makes them in their thread (server/main.ts), but the first replay spec could come
  // before they are done (10-60 s on a loaded machine) and wait past its own time-outs. Done once: kept on disk.
  await prepareBookTemplates();
  const databaseEnv = await throwawayDatabaseEnv('shared');
  const offsetMs = (await pinnedStart(databaseEnv.DATABASE_URL)) - Date.now();
  const clock = () => new Date(Date.now() + offsetMs);
  // The price alerts' scripted prices are driven through the Kite test server's control port (scripted-alert-prices.ts).
  const alertPrices = scriptedAlertPrices();
  const push = await startLocalPushService();
  const pushControls = {
    // {name, status}: an endpoint on the local push service answering `status` to every push (201 if none).
    'push-endpoint': (body: Record<string, unknown>) => push.endpoint(String(body.name), typeof body.status === 'number' ? body.status : undefined),
    // {name}: the encrypted bodies (base64) pushed to that endpoint so far, oldest first, for the spec to decrypt.
    'push-received': (body: Record<string, unknown>) =>
      push.received.filter((received) => received.path === new URL(push.endpoint(String(body.name))).pathname).map((received) => received.body.toString('base64')),
  };
  // Each broker's list holds an F&O stock's equity too (feed-stock.ts): its spot streams through the broker's feed.
  const kite = await startKiteServer({
    port: kitePort,
    clock,
    instruments: [...kiteInstruments.defaultInstruments(), kiteInstruments.equityInstrument({ symbol: feedStock.symbol, equityToken: feedStock.kiteEquityToken, spot: feedStock.spot })],
    extraControls: { ...alertPrices.controls, ...pushControls },
  });
  const kiteEnv = { KITE_API_ROOT: kite.apiRoot, KITE_LOGIN_URL: kite.loginUrl, KITE_TICKER_URL: kite.tickerUrl };
  // The feed pings every second, as Upstox's does, so a silent socket is noticed as it would be in production.
  const upstox = await startUpstoxServer({ port: upstoxPort, clock, heartbeatMs: 1000, instruments: [...upstoxInstruments.defaultInstruments(), upstoxInstruments.equityInstrument(feedStock)] });
  const upstoxEnv = { UPSTOX_API_ROOT: upstox.apiRoot, UPSTOX_INSTRUMENTS_URL: upstox.instrumentsUrl };
  // The feed pings every second (Dhan's every 10): a socket quiet between price moves is alive.
  const dhan = await startDhanServer({ port: dhanPort, clock, heartbeatMs: 1000 });
  const dhanEnv = { DHAN_API_ROOT: dhan.apiRoot, DHAN_SCRIP_MASTER_URL: dhan.scripMasterUrl };
  // Noren's in Shoonya's configuration: its API root alone takes the login page, the token call and the feed with it.
  const shoonya = await startNorenServer({ flavor: 'shoonya', port: shoonyaPort, clock });
  const shoonyaEnv = { SHOONYA_API_ROOT: shoonya.apiRoot, SHOONYA_SCRIP_MASTER_URL: shoonya.scripMasterUrl };
  const flattrade = await startNorenServer({ flavor: 'flattrade', port: flattradePort, clock });
  const flattradeEnv = { FLATTRADE_API_ROOT: flattrade.apiRoot, FLATTRADE_SCRIP_MASTER_URL: flattrade.scripMasterUrl };
  // TRUST_PROXY=loopback: the scripted traders' setup calls name an address of their own (support/trading.ts,
  // clientAddress), as clients behind a load balancer do; the browser itself stays 127.0.0.1. The recorder samples
  // twice a minute (recording-sample.ts).
  await startServer({ env: { ...process.env, ...e2eRecordingEnv(), ...kiteEnv, ...upstoxEnv, ...dhanEnv, ...shoonyaEnv, ...flattradeEnv, DATA_DIR: dataDir, ...databaseEnv, PORT: port, HOST: '127.0.0.1', TRUST_PROXY: 'loopback', PUSH_SERVICE_HOSTS: [...defaultPushServiceHosts, push.origin].join(',') }, clock, alertPrices: alertPrices.source, scryptCost: testScryptCost });
} catch (error) {
  exitWithStartupError(error);
}
