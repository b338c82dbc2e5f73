// Builds the Fastify instance (without listening): the database and its migrations, the services,
// security headers, compression, error shape, the contract-driven API routes and the built PWA.
// main.ts listens; tests use `app.inject`.
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { backendOrigins, defaultPublicRuntimeConfig, type LogLevel, type PublicRuntimeConfig } from './config.ts';
import type { TrustProxy } from './config-network.ts';
import { loadMainContract } from './contract/document.ts';
import { createContractValidators } from './contract/validation.ts';
import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { authDecorator, createAuthenticateHook } from './http/authentication.ts';
import { registerApiNoStore } from './http/cache-policy.ts';
import { registerCompression } from './http/compression.ts';
import { holdReplayLeases } from './http/replay-forwarding.ts';
import { createClientErrorHandler } from './http/client-errors.ts';
import { contractKitDecorator, type ContractKit } from './http/contract-route.ts';
import { fastifyRefusal, registerErrorHandler, sendSaid } from './http/errors.ts';
import { registerFallback } from './http/fallback.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { analyticsRoutes, apiRoutes, rootRoutes, type RouteContext } from './http/route-plugins.ts';
import { buildSecurityHeaders, createTlsTest, registerSecurityHeaders, securityHeaderSender } from './http/security-headers.ts';
import { registerStaticFiles } from './http/static-files.ts';
import { holdRequestsForSeeds, warmReplayBooks } from './http/startup-gate.ts';
import { defaultServerTimeouts, timeoutOptions, type ServerTimeouts } from './http/timeouts.ts';
import { ensureDemoAccount } from './services/accounts/demo-account.ts';
import type { PasswordHasher, ScryptCost } from './services/accounts/passwords.ts';
import type { ThrottleLimits } from './services/throttle-limits.ts';
import { systemClock, type Clock } from './services/clock.ts';
import { loadOrCreateSecretKey } from './services/secrets/secret-key.ts';
import { createServices, type ServicesOptions, type TradingHooks } from './services/services.ts';
import { syncBaseStrategies } from './services/strategies/strategies-service.ts';
import { defaultMarketConfig, type MarketConfig } from './config-market.ts';
import { ensureDemoDesk } from './services/demo/demo-desk.ts';
import type { PriceSource } from './services/brokers/paper/price-source.ts';
import type { RateLimits } from './services/trading/order-rate.ts';
import type { Wait } from './services/clock.ts';
import type { EngineHooks } from './services/bots/engine/bot-engine.ts';
import { seedSampleReplayDay, type BacktestRun } from './services/analysis/index.ts';
import type { SharedJobsOptions } from './services/jobs/shared-jobs.ts';
import { startBackground, type BackgroundStops } from './start-background.ts';
import type { PushSender } from './services/alerts/push-sender.ts';
import type { HostResolver } from './services/alerts/push-targets.ts';
import { loadVapidKeys } from './services/alerts/vapid-keys.ts';
import type { LastPriceSource } from './services/alerts/watchers/price-watcher.ts';
import type { KiteEndpoints } from './services/brokers/kite/kite-endpoints.ts';
import type { UpstoxEndpoints } from './services/brokers/upstox/upstox-endpoints.ts';
import type { DhanEndpoints } from './services/brokers/dhan/dhan-endpoints.ts';
import type { NorenConfig } from './config-noren.ts';
import type { FeedTuning } from './services/brokers/live/feed-socket.ts';
import type { KiteLimits } from './services/brokers/kite-broker/kite-limits.ts';
import type { TickerTuning } from './services/brokers/kite-broker/kite-feed.ts';

export type ServerOptions = {
  /** Vite's output folder (index.html, sw.js, assets/...). It may be missing: app routes then answer 503. */
  distDir: string;
  /** Where the server keeps its data: the embedded database lives in `${dataDir}/pg`. */
  dataDir: string;
  logger?: boolean;
  logLevel?: LogLevel;
  /** Origins added to the CSP connect-src, e.g. an external analytics backend. */
  extraConnectSrc?: string[];
  /** A PostgreSQL URL (DATABASE_URL); PGlite in dataDir when absent. */
  databaseUrl?: string | undefined;
  /** An already open database (tests). The caller keeps ownership: closing the server leaves it open. */
  database?: Database;
  /** What /config.json answers; same-origin defaults when absent. */
  publicConfig?: PublicRuntimeConfig;
  /** Tests only: a cheaper scrypt. Production always uses the OWASP parameters. */
  scryptCost?: ScryptCost;
  /** Tests only: a hasher standing in for scrypt (one that counts or holds verifications). */
  passwordHasher?: PasswordHasher;
  /** Password hashes allowed to run at once (PASSWORD_HASH_CONCURRENCY); beyond it they wait in a short line. */
  hashConcurrency?: number | undefined;
  /** Tests only: the hash line's other limits (hash-slots.ts), and a timer for its waits. */
  hashQueue?: ServicesOptions['hashQueue'];
  /** Tests only: a controllable "now" (session expiry, throttling windows). */
  clock?: Clock;
  /** Whose X-Forwarded-* headers to believe (TRUST_PROXY); nobody's when absent. */
  trustProxy?: TrustProxy | undefined;
  /** Where users reach the server (PUBLIC_ORIGIN); an https origin turns HSTS on for requests to it. */
  publicOrigin?: string | undefined;
  /** How long the server waits on clients (REQUEST_TIMEOUT_MS, IDLE_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS). */
  timeouts?: Partial<ServerTimeouts> | undefined;
  /** Tests only: other sign-in and registration throttling limits. */
  throttleLimits?: Partial<ThrottleLimits>;
  /**
   * The AES-256 key sealing broker credentials (STRIKEDESK_SECRET_KEY). When absent, the key in
   * `${dataDir}/secret.key`, generated on first start.
   */
  secretKey?: Buffer | undefined;
  /**
   * Web push (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT): the key pair, else the one in
   * `${dataDir}/vapid.json`, generated on first start. Tests may add a local push service.
   */
  push?: {
    keys?: { publicKey: string; privateKey: string } | undefined;
    subject?: string | undefined;
    /**
     * PUSH_SERVICE_HOSTS: the hosts push endpoints may point at (push-targets.ts), the browsers' push services by
     * default; tests add their local push service's origin.
     */
    serviceHosts?: readonly string[] | undefined;
    /** Tests only: a scripted DNS instead of the system's. */
    resolve?: HostResolver | undefined;
    /** Tests only: another transport than web push to the checked endpoint. */
    send?: PushSender | undefined;
  };
  /** Tests only: the price alerts' last prices, given the market's (scripted prices, alone or over the market's). */
  alertPrices?: ((marketPrices: LastPriceSource) => LastPriceSource) | undefined;
  /** Give the demo user a logged-in paper account, a portfolio and a few trades (`npm start`). */
  demoDesk?: boolean | undefined;
  /** Tests only: scripted quotes for the paper broker (its fills, margins and settlements). */
  prices?: PriceSource | undefined;
  /** Tests only: the brokers' order rate limits, counted by the order pipeline (Kite's by default). */
  rateLimits?: RateLimits | undefined;
  /** Tests only: how an intent paced over several seconds waits for the next one (tests move their clock). */
  wait?: Wait | undefined;
  /** Tests only: a crash injected into the bot engine (between a broker call and the action's completion). */
  engineHooks?: EngineHooks | undefined;
  /** Tests only: a crash injected into the order pipeline or the kill switch (around a broker call). */
  tradingHooks?: TradingHooks | undefined;
  /** Tests only: what runs a backtest job instead of the engine over history. */
  backtestRun?: BacktestRun | undefined;
  /**
   * Where the other instances on the database reach this one (INSTANCE_ADDRESS, e.g. http://10.0.0.5:3000): a
   * replay's book requests are forwarded to the instance holding it. The loopback at the port listened on when absent.
   */
  instanceAddress?: string | undefined;
  /** The shared job queue's tuning (tests: short polls and expiries, a hook at each job's start); false: no queue. */
  jobs?: SharedJobsOptions | false | undefined;
  /** The simulated market (MARKET_DEMO, MARKET_SEED, MARKET_TICK_MS, MARKET_RECORDING_DAYS, MARKET_RECORDING_SAMPLE_MS); the defaults when absent. */
  market?: Partial<MarketConfig> | undefined;
  /** Where Kite Connect is (KITE_API_ROOT, KITE_LOGIN_URL, KITE_TICKER_URL); Zerodha's when absent. */
  kite?: KiteEndpoints | undefined;
  /** Tests only: the Kite client's fetch and time-out, and other limits than Kite's. */
  kiteClient?: { fetch?: typeof fetch; timeoutMs?: number; limits?: KiteLimits; ticker?: TickerTuning } | undefined;
  /** Where Upstox is (UPSTOX_API_ROOT, UPSTOX_ORDER_API_ROOT, UPSTOX_INSTRUMENTS_URL); Upstox's when absent. */
  upstox?: UpstoxEndpoints | undefined;
  /** Tests only: the Upstox client's fetch, and the watchdogs of Upstox's market feed and portfolio stream stepped by hand. */
  upstoxClient?: { fetch?: typeof fetch; feed?: FeedTuning; orderStream?: FeedTuning } | undefined;
  /** Where Dhan is (DHAN_API_ROOT, DHAN_AUTH_ROOT, DHAN_SCRIP_MASTER_URL); Dhan's when absent. */
  dhan?: DhanEndpoints | undefined;
  /** Where Shoonya and Flattrade are (SHOONYA_*, FLATTRADE_*); the brokers' own when absent. */
  noren?: (Partial<NorenConfig> & { feed?: FeedTuning }) | undefined;
  /** Tests only: the Dhan sockets' watchdogs stepped by hand. */
  dhanClient?: { feed?: FeedTuning; orderUpdates?: FeedTuning } | undefined;
  /**
   * Tick the market on a timer (`npm start`). Off by default: tests and benchmarks tick it by hand through
   * the services, with their own clock.
   */
  tickOnTimer?: boolean;
  /**
   * `npm start`: the demo account and desk, the base strategies and the analytics seed are made after `listen`,
   * then the shared jobs, the paper broker's catch-up, the settling of webhook alerts a crash left working and the
   * market loop start (the caller runs startupSeedsDecorator), health answering meanwhile and every other request
   * held until they are done (http/startup-gate.ts). Otherwise all of it is done before buildServer returns.
   */
  seedAfterListen?: boolean;
};

/** Decorated on the app: starts the seeds (once) and answers when they are made; at once when already made. */
export const startupSeedsDecorator = 'startupSeeds';

export const servicesDecorator = 'services';

/** Trading requests are small JSON documents; anything bigger is a mistake or an attack. */
export const bodyLimitBytes = 1024 * 1024;

async function prepareDatabase(options: ServerOptions): Promise<{ db: Database; owned: boolean }> {
  if (options.database !== undefined) return { db: options.database, owned: false };
  return { db: await openDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl }), owned: true };
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { db, owned } = await prepareDatabase(options);
  try {
    return await buildOnDatabase(options, db, owned);
  } catch (error) {
    if (owned) await db.close().catch(() => undefined);
    throw error;
  }
}

async function buildOnDatabase(options: ServerOptions, db: Database, ownsDatabase: boolean): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  await migrate(db);
  const secretKey = options.secretKey ?? (await loadOrCreateSecretKey(options.dataDir));
  const vapid = await loadVapidKeys(options.dataDir, options.push?.keys, options.push?.subject);
  const services = createServices({
    db,
    clock,
    secretKey,
    scryptCost: options.scryptCost,
    hasher: options.passwordHasher,
    hashConcurrency: options.hashConcurrency,
    hashQueue: options.hashQueue,
    throttleLimits: options.throttleLimits,
    market: { ...defaultMarketConfig, ...options.market },
    prices: options.prices,
    rateLimits: options.rateLimits,
    wait: options.wait,
    engineHooks: options.engineHooks,
    tradingHooks: options.tradingHooks,
    backtestRun: options.backtestRun,
    push: { vapid, serviceHosts: options.push?.serviceHosts, resolve: options.push?.resolve, send: options.push?.send },
    alertPrices: options.alertPrices,
    kite: { endpoints: options.kite, ...options.kiteClient },
    upstox: { endpoints: options.upstox, ...options.upstoxClient },
    dhan: { endpoints: options.dhan, ...options.dhanClient },
    noren: options.noren,
  });
  const seed = async () => {
    await ensureDemoAccount(db, services.passwords, clock());
    if (options.demoDesk === true) await ensureDemoDesk(db, services, clock);
    // The sample day Replay starts on in a fresh install (issue 62), once.
    if (options.demoDesk === true) await seedSampleReplayDay(db, services.market, clock);
    await syncBaseStrategies(db);
    await services.analytics.seedIfEmpty();
  };
  // `npm start` seeds after it listens (main.ts runs startupSeedsDecorator), requests but health's held meanwhile.
  if (options.seedAfterListen !== true) await seed();

  const publicConfig = options.publicConfig ?? defaultPublicRuntimeConfig;
  const connectSrc = [...new Set([...(options.extraConnectSrc ?? []), ...backendOrigins(publicConfig)])];
  const securityHeaders = buildSecurityHeaders({ extraConnectSrc: connectSrc });
  const overTls = createTlsTest(options.publicOrigin);
  const sendSecurityHeaders = securityHeaderSender(securityHeaders, overTls);
  const logLevel = options.logLevel ?? 'info';
  const app = Fastify({
    logger: options.logger === true ? { level: logLevel } : false,
    // One line per request is noise at the default level; `LOG_LEVEL=debug` brings it back.
    logController: new LogController({ disableRequestLogging: logLevel !== 'debug' && logLevel !== 'trace' }),
    bodyLimit: bodyLimitBytes,
    // Per-IP limits count the client behind a load balancer, not the balancer, once it is trusted.
    trustProxy: options.trustProxy ?? false,
    ...timeoutOptions({ ...defaultServerTimeouts, ...options.timeouts }),
    clientErrorHandler: createClientErrorHandler(securityHeaders),
    // Django-style clients are inconsistent about the trailing slash; accept both spellings.
    routerOptions: { ignoreTrailingSlash: true },
    // Raised before routing, so no hook runs for it: answer in the usual shape, with the usual headers.
    // (Fastify hands this one a request that ignores trustProxy: only the public origin earns it HSTS.)
    frameworkErrors: (error, request, reply) => {
      sendSecurityHeaders(request, reply);
      sendSaid(reply, 400, 'bad_request', fastifyRefusal(error, 400));
    },
  });
  // `npm start`: made after listen, every request but health's held until then (http/startup-gate.ts). Its closing
  // hook comes first: a close during the start waits for what the start began, then the hooks below stop it.
  // The market loop starts first (the recorder's minute: issue 61), the catch-up before it.
  const startAfterListen = options.seedAfterListen === true ? holdRequestsForSeeds(app, async () => {
    // A replay read after the restart takes a book database started now, in its thread, beside the rest.
    await warmReplayBooks(db, services.replayBooks);
    await startRunning();
    await seed();
  }) : undefined;
  // The import pool's threads end before the database they store into closes.
  app.addHook('onClose', async () => services.history.close());
  // What startRunning starts, stopped in this order (the job queue first, as its hook stood before the notices').
  const stops: BackgroundStops = { background: [] };
  app.addHook('preClose', async () => stops.jobs?.());
  if (ownsDatabase) app.addHook('onClose', async () => db.close());
  // Sessions are kept a few seconds per instance, each told of every revocation (accounts/session-cache.ts).
  const stopSessionNotices = await services.accounts.listenForSessionChanges();
  app.addHook('preClose', stopSessionNotices);
  // The paper broker reads the market's state once a tick, each instance told of every tick (market/tick-states.ts).
  const stopTickNotices = await services.market.listenForTicks();
  app.addHook('preClose', stopTickNotices);
  // Live feeds' sockets (Kite's tickers, Upstox's market feeds) would keep the process alive and reconnect forever.
  app.addHook('preClose', async () => {
    services.kite.prices.closeAll();
    services.upstox.prices.closeAll();
    services.dhan.prices.closeAll();
    services.dhan.depth.close();
    await services.upstox.orderStreams.closeAll().catch((error: unknown) => app.log.warn({ err: error }, "Upstox's order streams could not let go of their leases"));
    await services.dhan.orderStreams.closeAll().catch((error: unknown) => app.log.warn({ err: error }, "Dhan's order sockets could not let go of their leases"));
  });
  app.addHook('preClose', async () => {
    for (const stop of stops.background) await stop();
  });
  const startRunning = () => startBackground({ db, clock, services, log: app.log, options }, stops);
  if (startAfterListen === undefined) await startRunning();

  const contract = loadMainContract();
  const kit: ContractKit = {
    contract,
    validators: createContractValidators(contract),
    authenticate: createAuthenticateHook(services.accounts),
  };
  app.decorate(contractKitDecorator, kit);
  // Tests and benchmarks reach the services (the market's tick, for one) through the app they built.
  app.decorate(servicesDecorator, services);
  app.decorateRequest(authDecorator, null);

  app.decorate(startupSeedsDecorator, startAfterListen ?? (async () => undefined));
  registerSecurityHeaders(app, sendSecurityHeaders);
  registerApiNoStore(app);
  // On PostgreSQL, one instance at a time holds a replay's book: its address, its leases, let go at its stop.
  holdReplayLeases(app, services.replayOwners, options.instanceAddress);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  await registerCompression(app);

  const context: RouteContext = { dataDir: options.dataDir, db, clock, services, publicConfig, overTls };
  await app.register(apiRoutes, { prefix: '/api', context });
  await app.register(analyticsRoutes, { prefix: '/analytics', context });
  await app.register(rootRoutes, { context });

  await registerStaticFiles(app, { distDir: options.distDir });
  registerFallback(app, { distDir: options.distDir });
  return app;
}
