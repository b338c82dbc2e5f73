// The leader's alert watchers, run after every pass of the market loop (server/app.ts): orders that became
// final, kill switch arms and disarms, broker sessions, price alerts, premium and IV alerts; then the push dispatcher. Each watcher runs
// in its own transaction under an advisory lock of its own, so one instance watches at a time, a failing
// watcher costs only its own step, and the broker-session reminder runs at 08:45 even though the market (and
// so its tick) is closed then. Everything written is keyed (dedupe keys, cursors), so a retried pass or a
// second instance writes nothing twice.
import type { Database, Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { DispatchReport, PushDispatcher } from '../push-dispatcher.ts';
import { watchKillSwitches } from './kill-switch-watcher.ts';
import { createConditionWatcher } from './condition-watcher.ts';
import { createOrderWatcher } from './order-watcher.ts';
import { createPriceWatcher, type LastPriceSource } from './price-watcher.ts';
import { createSessionWatcher } from './session-watcher.ts';

/**
 * The advisory lock class of the watchers (any fixed number; the watcher's place in the list is the lock's second
 * key). One lock for all of them let two instances each skip a watcher the other was not running: both passed
 * the session watcher while the other held the lock for a neighbour, and an expiry went untold that pass.
 */
export const alertWatchLockKey = 8_842_027;

type Watcher = (tx: Queryable, now: Date) => Promise<number>;

export type AlertWatchReport = {
  /** Alerts written by each watcher; null when another instance held the lock. */
  written: Record<'orders' | 'killSwitches' | 'sessions' | 'prices' | 'conditions', number | null>;
  pushed: DispatchReport | null;
  /** What failed (the caller logs it); the other steps ran. */
  errors: { step: string; error: unknown }[];
};

export type AlertWatchersOptions = {
  db: Database;
  clock: Clock;
  prices: LastPriceSource;
  dispatcher: PushDispatcher;
};

export function createAlertWatchers({ db, clock, prices, dispatcher }: AlertWatchersOptions) {
  const watchers: [keyof AlertWatchReport['written'], Watcher][] = [
    ['orders', createOrderWatcher()],
    ['killSwitches', watchKillSwitches],
    ['sessions', createSessionWatcher()],
    ['prices', createPriceWatcher(prices)],
    ['conditions', createConditionWatcher()],
  ];

  async function asLeader(watcher: Watcher, place: number, now: Date): Promise<number | null> {
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ leader: boolean }>('SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS leader', [alertWatchLockKey, place]);
      return rows[0]?.leader === true ? watcher(tx, now) : null;
    });
  }

  /** One pass: every watcher, then the dispatcher. Never throws. */
  async function run(now: Date = clock()): Promise<AlertWatchReport> {
    const report: AlertWatchReport = { written: { orders: null, killSwitches: null, sessions: null, prices: null, conditions: null }, pushed: null, errors: [] };
    for (const [place, [name, watcher]] of watchers.entries()) {
      try {
        report.written[name] = await asLeader(watcher, place, now);
      } catch (error) {
        report.errors.push({ step: name, error });
      }
    }
    try {
      // Safe on every instance (alerts are claimed with SKIP LOCKED), so it needs no lock.
      report.pushed = await dispatcher.dispatch(now);
    } catch (error) {
      report.errors.push({ step: 'push', error });
    }
    return report;
  }

  let running: Promise<AlertWatchReport> | null = null;

  /**
   * Starts a pass in the background unless one is still under way, and answers it (null when skipped): the
   * market loop must not wait on a slow push service before it streams the new prices.
   */
  function kick(now?: Date): Promise<AlertWatchReport> | null {
    if (running !== null) return null;
    const pass = run(now);
    running = pass;
    void pass.finally(() => {
      running = null;
    });
    return pass;
  }

  /** Resolves once the background pass (if any) has ended: the server waits for it before closing the database. */
  async function settle(): Promise<void> {
    await running;
  }

  return { run, kick, settle };
}

export type AlertWatchers = ReturnType<typeof createAlertWatchers>;
