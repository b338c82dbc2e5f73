// A trader's risk limits per broker account, in force every day until changed. Lots per order, trades today
// and open positions are checked by the broker under the account's lock when it plans each entry
// (paper/order-plans.ts guardEntries). The day's loss and the profit lock depend on prices, so the leader watches them after each
// tick: a breach turns the account's kill switch on with the reason, which blocks, cancels and flattens.
import type { components } from '../../../openapi/main.d.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { BrokerRegistry } from '../brokers/broker-adapter.ts';
import { formatPaise, toPaise, toRupees } from '../brokers/paper/paise.ts';
import { said, type Said } from '../texts/said.ts';
import type { BrokerTrading, TradingAccount } from '../brokers/broker-trading.ts';
import { positionFigures } from '../brokers/paper/position-math.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { notFoundTexts } from '../texts/not-found-texts.ts';
import { istDate } from '../market/ist.ts';
import type { KillSwitchService } from './kill-switch-service.ts';
import { killSwitchRefusalTexts } from '../texts/kill-switch-refusal-texts.ts';

type Schemas = components['schemas'];
type RiskLimits = Schemas['RiskLimits'];

type LimitsRow = {
  max_loss_today_paise: string | null;
  profit_lock_from_paise: string | null;
  profit_lock_keep_pct: number | null;
  max_trades_today: number | null;
  max_lots_per_order: number | null;
  max_open_positions: number | null;
};
type AccountRow = LimitsRow & { id: number; account_number: string; capital: string; broker: string; session_expires_at: Date | null };

const rupeesOrNull = (paise: string | null) => (paise === null ? null : toRupees(Number(paise)));
const paiseOrNull = (rupees: number | null) => (rupees === null ? null : toPaise(rupees));
const accountNotFound = (accountNumber: string) => DomainError.said('not_found', notFoundTexts.account(accountNumber), { field: 'accountNumber' });

function limitsOf(row: LimitsRow): RiskLimits {
  return {
    max_loss_today: rupeesOrNull(row.max_loss_today_paise),
    profit_lock_from: rupeesOrNull(row.profit_lock_from_paise),
    profit_lock_keep_pct: row.profit_lock_keep_pct,
    max_trades_today: row.max_trades_today,
    max_lots_per_order: row.max_lots_per_order,
    max_open_positions: row.max_open_positions,
  };
}

/** The P&L below which the profit lock turns the switch on, once the day's peak has reached its start. */
function lockedProfitPaise(row: LimitsRow, peakPaise: number): number | null {
  if (row.profit_lock_from_paise === null || row.profit_lock_keep_pct === null) return null;
  if (peakPaise < Number(row.profit_lock_from_paise)) return null;
  return Math.floor((peakPaise * row.profit_lock_keep_pct) / 100);
}

/** Why the day's P&L breaches a limit (amounts in rupees in its parameters), or null. */
export function breachOf(row: LimitsRow, pnlPaise: number, peakPaise: number): Said | null {
  if (row.max_loss_today_paise !== null && -pnlPaise >= Number(row.max_loss_today_paise)) {
    const limit = Number(row.max_loss_today_paise);
    return said(
      'kill_switch.max_loss',
      { loss: toRupees(-pnlPaise), limit: toRupees(limit) },
      `Risk limit: today's loss of ${formatPaise(-pnlPaise)} reached your maximum loss of ${formatPaise(limit)}.`,
    );
  }
  const locked = lockedProfitPaise(row, peakPaise);
  if (locked !== null && pnlPaise < locked) {
    return said(
      'kill_switch.profit_lock',
      { pnl: toRupees(pnlPaise), kept: toRupees(locked), peak: toRupees(peakPaise) },
      `Profit lock: today's P&L fell to ${formatPaise(pnlPaise)}, below the ${formatPaise(locked)} kept of the day's peak of ${formatPaise(peakPaise)}.`,
    );
  }
  return null;
}

export function createRiskLimitsService({ db, clock, brokers, killSwitch }: { db: Database; clock: Clock; brokers: BrokerRegistry; killSwitch: KillSwitchService }) {
  const accountSelect = `SELECT a.id, a.account_number, a.capital, b.slug AS broker, a.session_expires_at, r.max_loss_today_paise, r.profit_lock_from_paise,
      r.profit_lock_keep_pct, r.max_trades_today, r.max_lots_per_order, r.max_open_positions
    FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id LEFT JOIN risk_limits r ON r.broker_account_id = a.id`;

  /** `keep`: inside a transaction, the account is held (FOR KEY SHARE) until it ends, so it cannot be deleted under a change. */
  async function accountOf(q: Queryable, userId: number, accountNumber: string, keep = false): Promise<AccountRow> {
    const { rows } = await q.query<AccountRow>(
      `${accountSelect} WHERE a.user_id = $1 AND upper(a.account_number) = upper($2) ORDER BY a.id LIMIT 1${keep ? ' FOR KEY SHARE OF a' : ''}`,
      [userId, accountNumber],
    );
    const row = rows[0];
    if (row === undefined) throw accountNotFound(accountNumber);
    return row;
  }

  const tradingAccount = (row: AccountRow): TradingAccount => ({ id: row.id, accountNumber: row.account_number, capitalPaise: toPaise(Number(row.capital)) });
  const sessionOpen = (row: AccountRow, now: Date) => row.session_expires_at !== null && new Date(row.session_expires_at).getTime() > now.getTime();

  /** Net P&L today (mark to market, after today's charges) and the open positions, from the broker. */
  async function dayOf(broker: BrokerTrading, account: TradingAccount, day: string) {
    const entries = await broker.positionTotals(account, day, null);
    let pnlPaise = 0;
    let openPositions = 0;
    for (const entry of entries) {
      const figures = positionFigures(entry.totals, entry.lastPaise, entry.closePaise);
      pnlPaise += figures.m2mPaise - entry.totals.dayChargesPaise;
      if (figures.quantity !== 0) openPositions += 1;
    }
    return { pnlPaise, openPositions };
  }

  /** Records the day's latest and peak P&L; answers the peak, or null when the account was deleted meanwhile. */
  async function recordDay(q: Queryable, accountId: number, day: string, pnlPaise: number, now: Date): Promise<number | null> {
    const { rows } = await q.query<{ peak_pnl_paise: string }>(
      `INSERT INTO risk_days (broker_account_id, trading_day, peak_pnl_paise, last_pnl_paise, updated_at)
       SELECT id, $2, $3, $3, $4 FROM broker_accounts WHERE id = $1 FOR KEY SHARE
       ON CONFLICT (broker_account_id, trading_day) DO UPDATE SET peak_pnl_paise = GREATEST(risk_days.peak_pnl_paise, $3), last_pnl_paise = $3, updated_at = $4
       RETURNING peak_pnl_paise`,
      [accountId, day, pnlPaise, now],
    );
    return rows[0] === undefined ? null : Number(rows[0].peak_pnl_paise);
  }

  async function answer(row: AccountRow): Promise<Schemas['RiskLimitsResponse']> {
    const now = clock();
    const day = istDate(now);
    const broker = brokers.get(row.broker)?.trading;
    const open = broker !== undefined && sessionOpen(row, now);
    let usage: Schemas['RiskUsage'];
    if (open) {
      const { pnlPaise, openPositions } = await dayOf(broker, tradingAccount(row), day);
      const peakPaise = await recordDay(db, row.id, day, pnlPaise, now);
      if (peakPaise === null) throw accountNotFound(row.account_number);
      const locked = lockedProfitPaise(row, peakPaise);
      usage = {
        pnl_today: toRupees(pnlPaise),
        peak_pnl_today: toRupees(peakPaise),
        locked_profit: locked === null ? null : toRupees(locked),
        trades_today: await broker.entriesOn(tradingAccount(row), day),
        open_positions: openPositions,
        status: 'OK',
        as_of: now.toISOString(),
      };
    } else {
      // The broker cannot be asked: the last figures the watcher saw, said to be unknown now.
      const { rows } = await db.query<{ peak_pnl_paise: string; last_pnl_paise: string; updated_at: Date }>(
        'SELECT peak_pnl_paise, last_pnl_paise, updated_at FROM risk_days WHERE broker_account_id = $1 AND trading_day = $2',
        [row.id, day],
      );
      const seen = rows[0];
      const peakPaise = seen === undefined ? 0 : Number(seen.peak_pnl_paise);
      const locked = lockedProfitPaise(row, peakPaise);
      usage = {
        pnl_today: seen === undefined ? 0 : toRupees(Number(seen.last_pnl_paise)),
        peak_pnl_today: toRupees(peakPaise),
        locked_profit: locked === null ? null : toRupees(locked),
        trades_today: broker === undefined ? 0 : await broker.entriesOn(tradingAccount(row), day),
        open_positions: 0,
        status: 'UNKNOWN',
        as_of: seen === undefined ? now.toISOString() : new Date(seen.updated_at).toISOString(),
      };
    }
    return { account_number: row.account_number, limits: limitsOf(row), usage };
  }

  async function get(userId: number, accountNumber: string): Promise<Schemas['RiskLimitsResponse']> {
    return answer(await accountOf(db, userId, accountNumber));
  }

  async function update(userId: number, accountNumber: string, limits: RiskLimits): Promise<Schemas['RiskLimitsResponse']> {
    if ((limits.profit_lock_from === null) !== (limits.profit_lock_keep_pct === null)) {
      throw DomainError.said('validation_failed', killSwitchRefusalTexts.profitLockHalf, {
        field: limits.profit_lock_from === null ? 'profit_lock_from' : 'profit_lock_keep_pct',
      });
    }
    // The account held while its limits are written (a deletion waits, or went first and leaves a 404), and
    // the answer built from the limits this call stored; the day's use is read after, outside the transaction
    // (a live broker is asked).
    const row = await db.transaction(async (tx) => {
      const { id } = await accountOf(tx, userId, accountNumber, true);
      await tx.query(
        `INSERT INTO risk_limits (broker_account_id, max_loss_today_paise, profit_lock_from_paise, profit_lock_keep_pct, max_trades_today,
           max_lots_per_order, max_open_positions, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (broker_account_id) DO UPDATE SET max_loss_today_paise = $2, profit_lock_from_paise = $3, profit_lock_keep_pct = $4,
           max_trades_today = $5, max_lots_per_order = $6, max_open_positions = $7, updated_at = $8`,
        [
          id,
          paiseOrNull(limits.max_loss_today),
          paiseOrNull(limits.profit_lock_from),
          limits.profit_lock_keep_pct,
          limits.max_trades_today,
          limits.max_lots_per_order,
          limits.max_open_positions,
          clock(),
        ],
      );
      return accountOf(tx, userId, accountNumber);
    });
    return answer(row);
  }

  /**
   * After a tick the leader led: each account with a loss limit or a profit lock, not stopped already and with
   * an open broker session, has its day's P&L read; a breach turns its kill switch on. Answers how many it
   * turned on.
   */
  async function watch(now: Date = clock()): Promise<number> {
    const { rows } = await db.query<AccountRow>(
      `${accountSelect} WHERE a.kill_switch_armed_at IS NULL AND a.session_expires_at > $1
         AND (r.max_loss_today_paise IS NOT NULL OR r.profit_lock_from_paise IS NOT NULL) ORDER BY a.id`,
      [now],
    );
    const day = istDate(now);
    let armed = 0;
    for (const row of rows) {
      const broker = brokers.get(row.broker)?.trading;
      if (broker === undefined) continue;
      const { pnlPaise } = await dayOf(broker, tradingAccount(row), day);
      const peakPaise = await recordDay(db, row.id, day, pnlPaise, now);
      if (peakPaise === null) continue;
      const breach = breachOf(row, pnlPaise, peakPaise);
      if (breach !== null && (await killSwitch.armForRiskLimit(row.id, breach))) armed += 1;
    }
    return armed;
  }

  return { get, update, watch };
}

export type RiskLimitsService = ReturnType<typeof createRiskLimitsService>;
