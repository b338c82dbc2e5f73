// The book a replay trades on (issue 39): the backtest book's pattern (backtests/backtest-book.ts), a database
// of its own (in-memory PGlite from the migrated template, book-template.ts) holding one paper account, its
// portfolio and the day's contracts as they were listed (history-market.ts), under the server's own services
// (services.ts) priced from market history at the replay's clock (history-prices.ts). Its orders go through
// the paper broker's order rules, margins, charges, stop-losses, targets, MIS square-off and expiry settlement
// unchanged; no row of the trader's paper or live books is in it, so nothing done here can reach them.
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { webPush } from '../alerts/vapid-keys.ts';
import { bookTemplate } from '../backtests/book-template.ts';
import { listDay, shapeMarket } from '../backtests/history-market.ts';
import { historyPrices, type HistoryDay, type HistoryPrices } from '../backtests/history-prices.ts';
import { openPreparedPglite } from '../backtests/prepared-pglite.ts';
import type { TradingAccount } from '../brokers/broker-trading.ts';
import type { IndexName } from '../market/index-config.ts';
import { createServices, type Services } from '../services.ts';
import { sessionOf } from './replay-clock.ts';

/** A replay book's capital: ₹10,00,000, as a new paper account's default (the trader's own capital is not the replay's). */
export const replayCapitalPaise = 100_000_000;

export type ReplayBook = {
  replayId: number;
  epoch: number;
  db: Database;
  services: Services;
  prices: HistoryPrices;
  index: IndexName;
  day: HistoryDay;
  /** The book's user, account and portfolio (its own ids, not the trader's). */
  userId: number;
  account: TradingAccount;
  portfolioId: number;
  /** The book's clock: the replayed instant its services see. */
  now: Date;
  /** The last minute the fill engine looked at; whether it has settled the day after the close. */
  lookedAt: Date;
  settled: boolean;
  /** The last of the replay's actions applied (replay_actions.id), 0 before any. */
  lastAction: number;
  /** One call at a time (PGlite's single connection, and the clock moved by one caller). */
  queue: Promise<unknown>;
  usedAt: number;
};

/** Opens the book of a replay at the day's open, its contracts listed, from the server's history. */
export async function openReplayBook(history: Database, replay: { id: number; epoch: number; index: IndexName; day: string }): Promise<ReplayBook> {
  const open = sessionOf(replay.day).open;
  const clock = { now: open };
  const prices = historyPrices({ history, clock: () => clock.now });
  await prices.load(replay.index, replay.day, replay.day);
  const day = prices.day(replay.index, replay.day);
  if (day === undefined) throw new Error(`No ${replay.index} history on ${replay.day}`);
  const db = await openPreparedPglite(await bookTemplate());
  try {
    const vapid = webPush.generateVAPIDKeys();
    const services = createServices({
      db,
      clock: () => clock.now,
      secretKey: randomBytes(32),
      market: { demo: false, seed: 'replay', tickMs: 0 },
      prices,
      // Orders paced over the broker's seconds wait on the replayed clock, never on the server's.
      wait: async (ms) => {
        clock.now = new Date(clock.now.getTime() + ms);
      },
      push: { vapid: { ...vapid, subject: 'mailto:replay@strikedesk.example.com' } },
      kite: {},
    });
    const capital = (replayCapitalPaise / 100).toFixed(2);
    const { rows: users } = await db.query<{ id: number }>(
      `INSERT INTO users (email, name, mobile, password_hash, trade_defaults, created_at, updated_at)
       VALUES ('replay@strikedesk.invalid', 'Replay', '+919000000000', '!', '{}'::jsonb, $1, $1) RETURNING id`,
      [open],
    );
    const accountNumber = 'RP1';
    const { rows: accounts } = await db.query<{ id: number }>(
      `INSERT INTO broker_accounts (user_id, broker_id, name, account_number, api_key, api_secret_encrypted, capital, session_expires_at, created_at, updated_at)
       VALUES ($1, 1, 'Replay book', $2, 'replay', '!', $3, '9999-12-31', $4, $4) RETURNING id`,
      [users[0]!.id, accountNumber, capital, open],
    );
    const { rows: portfolios } = await db.query<{ id: number }>(
      `INSERT INTO portfolios (broker_account_id, name, capital, created_at, updated_at) VALUES ($1, 'Replay', $2, $3, $3) RETURNING id`,
      [accounts[0]!.id, capital, open],
    );
    await shapeMarket(db, replay.index, [day]);
    await listDay(db, services.market, day, open, new Set());
    return {
      replayId: replay.id,
      epoch: replay.epoch,
      db,
      services,
      prices,
      index: replay.index,
      day,
      userId: users[0]!.id,
      account: { id: accounts[0]!.id, accountNumber, capitalPaise: replayCapitalPaise, marketAccountId: null },
      portfolioId: portfolios[0]!.id,
      get now() {
        return clock.now;
      },
      set now(at: Date) {
        clock.now = at;
      },
      lookedAt: open,
      settled: false,
      lastAction: 0,
      queue: Promise.resolve(),
      usedAt: 0,
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
