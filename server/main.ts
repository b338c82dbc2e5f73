// Entry point: `npx tsx server/main.ts` (or `npm start`, which builds the PWA first). Reads the
// environment (see config.ts), creates DATA_DIR, listens, and shuts down cleanly on SIGINT/SIGTERM.
import { mkdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { isEntryPoint } from './paths.ts';
import { buildServer, startupSeedsDecorator } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { prepareBookTemplates, startBookThreadAhead } from './services/analysis/index.ts';
import { demoAccount } from './services/accounts/demo-account.ts';
import type { ScryptCost } from './services/accounts/passwords.ts';
import type { Clock } from './services/clock.ts';
import type { LastPriceSource } from './services/alerts/watchers/price-watcher.ts';
import type { FeedTuning } from './services/brokers/live/feed-socket.ts';

export type StartOptions = {
  /** Defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** Install SIGINT/SIGTERM handlers that close the server and exit (default true). */
  handleSignals?: boolean;
  /** Where the "is running at" and demo-account lines go (default console.log). */
  print?: (line: string) => void;
  /** Browser tests only: the server's "now" (tests/e2e/support/clocked-server.ts moves it); the system clock otherwise. */
  clock?: Clock;
  /** Browser tests only: the price alerts' last prices, given the market's (tests/e2e/support/start-server.ts scripts some). */
  alertPrices?: (marketPrices: LastPriceSource) => LastPriceSource;
  /**
   * Browser tests only: scrypt's cost for new password hashes (OWASP's otherwise). At OWASP's, each hash is
   * ~0.7 s of a core here, and the suite registers and signs in some 150 traders on two cores.
   */
  scryptCost?: ScryptCost;
  /**
   * Whether the replay and backtest books' templates are made after the start, in their thread, when none is kept
   * for these migrations, and a book's thread started ahead (default true; in-process tests that never open a book
   * say false).
   */
  prepareBookTemplates?: boolean;
  /**
   * Browser tests only: the Noren brokers' market feed watchdog (its stale limit, its timers); Noren's own otherwise.
   * tests/e2e/support/clocked-server.ts runs its timers on the server's clock, so a spec moves the clock past the
   * stale limit instead of waiting for it.
   */
  norenFeed?: FeedTuning;
};

export type RunningServer = {
  app: FastifyInstance;
  /** The URL to open, e.g. http://127.0.0.1:8080/ (with the real port when PORT=0). */
  url: string;
  close: () => Promise<void>;
};

/** How long in-flight requests get to finish on shutdown before the process exits anyway. */
const shutdownGraceMs = 10_000;

function displayUrl(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::';
  const shown = wildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}/`;
}

function boundPort(app: FastifyInstance, fallback: number): number {
  const address = app.server.address();
  return typeof address === 'object' && address !== null ? address.port : fallback;
}

function installSignalHandlers(app: FastifyInstance, print: (line: string) => void): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      print(`Received ${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    print(`Received ${signal}: stopping StrikeDesk…`);
    const timer = setTimeout(() => {
      print('Shutdown took too long: exiting anyway.');
      process.exit(1);
    }, shutdownGraceMs);
    timer.unref();
    app.close().then(
      // A pipe's writes are asynchronous: exit once what was printed (the line above) has left.
      () => process.stdout.write('', () => process.exit(0)),
      (error: unknown) => {
        console.error('Error while stopping the server:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const print = options.print ?? ((line: string) => console.log(line));
  const config = loadConfig(options.env ?? process.env);
  await mkdir(config.dataDir, { recursive: true });
  // On the data folder's PGlite, whose own start is seconds, a replay's book thread starts beside it (a restart's
  // first replay read waited for it after health: issue 61). PostgreSQL opens in milliseconds: there the book is
  // warmed at listen when the install has replays (app.ts), as early.
  if (config.databaseUrl === undefined && (options.prepareBookTemplates ?? true)) {
    startBookThreadAhead().catch((error: unknown) => print(`A replay book's thread could not start ahead: ${String(error)}`));
  }
  const app = await buildServer({
    distDir: config.distDir,
    dataDir: config.dataDir,
    logger: true,
    logLevel: config.logLevel,
    extraConnectSrc: config.extraConnectSrc,
    databaseUrl: config.databaseUrl,
    publicConfig: config.publicConfig,
    secretKey: config.secretKey,
    timeouts: config.timeouts,
    trustProxy: config.trustProxy,
    publicOrigin: config.publicOrigin,
    instanceAddress: config.instanceAddress,
    hashConcurrency: config.hashConcurrency,
    market: config.market,
    push: { keys: config.vapidKeys, subject: config.vapidSubject, serviceHosts: config.pushServiceHosts },
    kite: config.kite,
    upstox: config.upstox,
    dhan: config.dhan,
    noren: options.norenFeed === undefined ? config.noren : { ...config.noren, feed: options.norenFeed },
    tickOnTimer: true,
    demoDesk: true,
    seedAfterListen: true,
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.alertPrices === undefined ? {} : { alertPrices: options.alertPrices }),
    ...(options.scryptCost === undefined ? {} : { scryptCost: options.scryptCost }),
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  const url = displayUrl(config.host, boundPort(app, config.port));
  const everywhere = config.host === '0.0.0.0' || config.host === '::' ? ' (listening on all interfaces)' : '';
  print(`StrikeDesk is running at ${url}${everywhere}`);
  print(`Demo account: ${demoAccount.email} / ${demoAccount.password}`);
  if (options.handleSignals ?? true) installSignalHandlers(app, print);
  // Health has answered since `listen`; the rest waits for these (app.ts seedAfterListen). A failure fails the start.
  try {
    await app.getDecorator<() => Promise<void>>(startupSeedsDecorator)();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  // Made now, off the request thread, rather than by the first replay, which would wait for them (paper-book.ts).
  if (options.prepareBookTemplates ?? true) {
    prepareBookTemplates().catch((error: unknown) => app.log.warn({ err: error }, "The books' templates could not be made ahead: the first replay or backtest makes them"));
  }
  // Closing the app also closes the database (an onClose hook in buildServer).
  return { app, url, close: () => app.close() };
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

/** Explains a start-up failure in one or two lines and exits with code 1. */
export function exitWithStartupError(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(`StrikeDesk cannot start: ${error.message}`);
  } else if (isErrnoException(error) && error.code === 'EADDRINUSE') {
    console.error('StrikeDesk cannot start: the port is already in use. Stop the other program or set PORT to another port.');
  } else if (isErrnoException(error) && (error.code === 'ECONNREFUSED' || error.code === 'ENOTFOUND')) {
    console.error(`StrikeDesk cannot start: the database could not be reached (${error.code}). Check DATABASE_URL.`);
  } else if (isErrnoException(error) && (error.code === 'EACCES' || error.code === 'EPERM')) {
    console.error(`StrikeDesk cannot start: permission denied (${error.message}).`);
  } else {
    console.error('StrikeDesk cannot start:', error);
  }
  process.exit(1);
}


if (isEntryPoint(import.meta.url)) {
  startServer().catch(exitWithStartupError);
}
