// What a start runs before it serves anyone but health, once the server is built: the shared job queue, the paper
// broker's catch-up of what fell due while the server was down, the webhook alerts a crash left working, and the
// timers (the market loop, the idle replay books' eviction). `npm start` runs it after listen, every request but
// health's held until it is done (http/startup-gate.ts, issue 61: fast start); tests before buildServer returns.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/database.ts';
import { afterMarketTick } from './services/after-market-tick.ts';
import { settleLeftAlerts } from './services/bots/webhooks/webhook-leftovers.ts';
import type { Clock } from './services/clock.ts';
import { startSharedJobs, type SharedJobsOptions } from './services/jobs/shared-jobs.ts';
import { startMarketLoop } from './services/market/market-loop.ts';
import type { Services } from './services/services.ts';

/** What was started, stopped by the app's closing hooks (registered before listen, filled here). */
export type BackgroundStops = { jobs?: () => Promise<void>; background: Array<() => Promise<void>> };

type BackgroundContext = {
  db: Database;
  clock: Clock;
  services: Services;
  log: FastifyBaseLogger;
  options: { jobs?: SharedJobsOptions | false | undefined; tickOnTimer?: boolean | undefined };
};

export async function startBackground({ db, clock, services, log, options }: BackgroundContext, stops: BackgroundStops): Promise<void> {
  if (options.jobs !== false) {
    // Imports and backtests (issue 61) are jobs any instance on the database runs; this instance's workers stop first, its
    // running jobs failed for another instance to retry.
    // Backtests run from it where the background loop runs (tests run theirs by hand unless they ask for slots).
    const tuning = options.jobs ?? {};
    tuning.backtestSlots ??= options.tickOnTimer === true ? 1 : 0;
    services.jobs = await startSharedJobs({ db, clock, history: services.history, backtests: services.backtests }, tuning, (error) => log.warn({ err: error }, 'job queue failed'));
    const jobs = services.jobs;
    stops.jobs = async () => jobs.stop();
  }
  // Before serving anyone: the MIS square-offs and expiry settlements due while the server was down, dated
  // when they were due (paper-trading.ts catchUp). A failure is logged; every pass tries again.
  await services.paperTrading.catchUp(clock()).catch((error: unknown) => log.warn({ err: error }, 'paper broker catch-up failed (tried again next pass)'));
  // Webhook alerts a crash left working: settled from the order book before the first alert after the restart (issue 61).
  await settleLeftAlerts(db, services.botEngine, clock()).catch((error: unknown) => log.warn({ err: error }, 'webhook alerts left working could not be settled (the engine settles them later)'));
  if (options.tickOnTimer === true) {
    // Without the job queue, this instance's backtest worker polls the backtests table itself.
    if (services.jobs === undefined) {
      const stopBacktests = services.backtests.start(2000, (error) => log.warn({ err: error }, 'backtest worker failed'));
      stops.background.push(async () => stopBacktests());
    }
    // Replay books nobody reads are closed (their threads' memory returned) and rebuilt from the log when read again.
    const evictions = setInterval(() => void services.replayBooks.evictIdle().catch((error: unknown) => log.warn({ err: error }, 'closing idle replay books failed')), 60_000);
    evictions.unref();
    stops.background.push(async () => clearInterval(evictions));
  }
  if (options.tickOnTimer === true && services.market.tickMs > 0) {
    const loop = startMarketLoop({
      market: services.market,
      feed: services.marketFeed,
      afterTick: afterMarketTick(services, log),
      onError: (error) => log.warn({ err: error }, 'market tick failed'),
    });
    stops.background.push(async () => {
      await loop.stop();
      await services.alerts.watchers.settle();
    });
  }
}
