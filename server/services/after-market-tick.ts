// What every market pass does after the simulator's tick (server/services/market/market-loop.ts), in order:
// the paper broker's fills, risk locks, the market recorder, bots, live order syncs, live feeds, notices,
// alerts and analytics. Each step's failure is logged and leaves the next steps (and the next pass) running.
import type { Services } from './services.ts';

/** Where a step's failure is told (the server's logger). */
export type PassLog = { warn: (details: Record<string, unknown>, message: string) => void };

export function afterMarketTick(services: Services, log: PassLog): (ticked: boolean) => Promise<void> {
  return async (ticked) => {
    await services.paperTrading.onTick(undefined, { fills: ticked });
    // Prices moved only if this instance led the tick: then the day's loss and profit locks are read.
    if (ticked) await services.riskLimits.watch();
    // Portfolio protections (issue 41) on the same prices: a level hit squares its portfolio off, once.
    if (ticked) {
      const protection = await services.protectionWatcher.watch().catch((error: unknown) => ({ errors: [error] }));
      for (const error of protection.errors) log.warn({ err: error }, 'portfolio protection: a check or exit broke off (tried again next pass)');
    }
    // Every instance records the minute; the first to write it stores it (history/market-recorder.ts). The
    // simulator's first, then the live feeds': a real minute replaces the simulated one written before it.
    for (const recorder of [services.marketRecorder, services.liveRecorder]) {
      await recorder?.pass().catch((error: unknown) => log.warn({ err: error }, 'market recorder pass failed (the minute is left to another instance)'));
    }
    // The bots act on the leader only, after the prices they read have moved (bots/engine/bot-engine.ts).
    if (ticked) {
      const bots = await services.botEngine.tick().catch((error: unknown) => ({ errors: [error] }));
      for (const error of bots.errors) log.warn({ err: error }, 'bot engine: an action broke off (its claim is reconciled later)');
      // Orders placed as LIMIT by an execution policy, re-priced at the touch until they fill (execution/repricer.ts).
      const repriced = await services.repricer.tick().catch((error: unknown) => ({ errors: [error] }));
      for (const error of repriced.errors) log.warn({ err: error }, 're-pricer: a step broke off (its order is read again next pass)');
    }
    // Live accounts' working orders: each broker's book read on the leader, each account at most every 5 s.
    if (ticked) {
      const sync = await services.kite.orderSync.pass();
      for (const { accountId, error } of sync.errors) log.warn({ err: error, accountId }, 'Kite order sync failed (tried again next pass)');
      const upstoxSync = await services.upstox.orderSync.pass();
      for (const { accountId, error } of upstoxSync.errors) log.warn({ err: error, accountId }, 'Upstox order sync failed (tried again next pass)');
      const dhanSync = await services.dhan.orderSync.pass();
      for (const { accountId, error } of dhanSync.errors) log.warn({ err: error, accountId }, 'Dhan order sync failed (tried again next pass)');
      for (const noren of [services.shoonya, services.flattrade]) {
        const norenSync = await noren.orderSync.pass();
        for (const { accountId, error } of norenSync.errors) log.warn({ err: error, accountId, broker: noren.broker.slug }, 'Noren order sync failed (tried again next pass)');
      }
    }
    // Every pass on every instance (each serves its own streams): live accounts' feeds follow their
    // sessions, and Kite's instruments dump is loaded when due.
    const warn = (details: Record<string, unknown>, message: string) => log.warn(details, message);
    await services.kite.prices.pass(warn).catch((error: unknown) => log.warn({ err: error }, 'Kite live prices pass failed'));
    await services.upstox.prices.pass(warn).catch((error: unknown) => log.warn({ err: error }, 'Upstox live prices pass failed'));
    await services.dhan.prices.pass(warn).catch((error: unknown) => log.warn({ err: error }, 'Dhan live prices pass failed'));
    for (const noren of [services.shoonya, services.flattrade]) {
      await noren.prices.pass(warn).catch((error: unknown) => log.warn({ err: error, broker: noren.broker.slug }, 'Noren live prices pass failed'));
    }
    // Upstox's order updates on its portfolio stream: one instance holds each account's (a lease).
    await services.upstox.orderStreams.pass(warn).catch((error: unknown) => log.warn({ err: error }, 'Upstox order streams pass failed'));
    // Dhan's order update sockets, likewise one instance an account.
    await services.dhan.orderStreams.pass(warn).catch((error: unknown) => log.warn({ err: error }, 'Dhan order streams pass failed'));
    // Every pass on every instance: its streams hear what was recorded anywhere since the last (a broker
    // session ended, an alert, a kill switch armed), notices/stream-notices.ts.
    await services.streamNotices.pass().catch((error: unknown) => log.warn({ err: error }, 'stream notices pass failed'));
    // Every pass, not only ticks: the 08:45 broker-session reminder falls before the market opens. The
    // watchers elect their own leader; the dispatcher pushes what they (and the bot engine) wrote. In the
    // background: a slow push service must not hold the new prices back.
    void services.alerts.watchers.kick()?.then((report) => {
      for (const { step, error } of report.errors) log.warn({ err: error, step }, 'alert watcher failed');
    });
    // The analytics tables: everything due on the leader; elsewhere (or with the market closed) only the
    // daily bars of sessions that are over.
    // A failure there is logged and must not cost the live prices their update (feed.poll comes next).
    await services.analytics.afterTick(undefined, ticked).catch((error: unknown) => log.warn({ err: error }, 'analytics writer failed'));
  };
}
