// Watching portfolio protections after each market tick (after-market-tick.ts), on paper and live alike.
//
// Each armed protection whose account's broker session is open has its portfolio's MTM read from the broker
// (protection-store.ts portfolioMtm; not while an open position has no price: never a level hit by a number
// made of missing data), its peak raised, and its levels checked (quant/protection-levels.ts). A hit FIRES it: a
// compare-and-set on `fired_at IS NULL` that one instance alone wins, in the transaction that writes the
// trader's alert (web push, feed and stream follow from it: alert-log.ts) and disarms it, saying when, why
// and at what MTM, and pauses the portfolio's running bots (protection-bots.ts), so none enters again what is
// being squared off. Its exit key is fixed then, one per firing.
//
// The EXIT goes out after, outside any transaction: the portfolio's working orders cancelled, then its open
// positions squared off through the order pipeline (trading-service.ts squareoffTrades: paced at the rate
// limits, never blocked by the kill switch or the risk limits, which hold entries only) under that one key.
// An attempt is claimed on the row (a 30 s lease) so two instances do not send it side by side; one that
// broke off (a crash, a broker whose answer was lost) is tried again on a later pass with the same key, which
// the pipeline reconciles from the broker's order book by the orders' tag: nothing is placed twice.
import type { Database } from '../../db/database.ts';
import type { BrokerRegistry } from '../brokers/broker-adapter.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { istDate } from '../market/ist.ts';
import { recordAlert } from '../alerts/alert-log.ts';
import { recordAccountNotice } from '../notices/stream-notices.ts';
import { protectionTexts } from '../texts/protection-texts.ts';
import type { TradingAccounts } from '../trading/trading-accounts.ts';
import type { TradingService } from '../trading/trading-service.ts';
import { pauseBotsOfPortfolio } from './protection-bots.ts';
import { hitBy, stopInForce, type Hit, type StopInForce } from '../../../quant/protection-levels.ts';
import { levelsOfRow, portfolioMtm, protectionSelect, type ProtectionRow } from './protection-store.ts';

/** An exit attempt older than this without an outcome is taken over (the pipeline's own lease is 30 s too). */
export const exitLeaseMs = 30_000;
/** Attempts refused outright (not an unknown outcome) before the exit is given up as failed, said on the screen and in an alert. */
const maxExitAttempts = 5;

export type ProtectionWatchReport = { checked: number; fired: number; exits: number; errors: unknown[] };

type WatcherOptions = { db: Database; clock: Clock; brokers: BrokerRegistry; accounts: TradingAccounts; trading: Pick<TradingService, 'squareoffTrades'> };

/** The exit's idempotency key, which is also its orders' tag (at most 20 characters: trading/idempotency.ts tagOfKey). */
export const exitKeyOf = (portfolioId: number, firedAt: Date) => `PP${portfolioId.toString(36)}-${firedAt.getTime().toString(36)}`;

const sameStop = (a: StopInForce | null, b: StopInForce | null) => a?.level === b?.level && a?.kind === b?.kind;

export function createProtectionWatcher({ db, clock, brokers, accounts, trading }: WatcherOptions) {
  /** Fires the protection once (whoever comes second finds it fired); answers whether this call fired it. */
  async function fire(row: ProtectionRow, hit: Hit, mtmPaise: number, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `UPDATE portfolio_protections SET fired_at = $3, fired_kind = $4, fired_mtm_paise = $5, fired_level_paise = $6, exit_key = $7,
           exit_status = 'pending', updated_at = $3
         WHERE portfolio_id = $1 AND armed_at = $2 AND fired_at IS NULL RETURNING portfolio_id`,
        [row.portfolio_id, row.armed_at, now, hit.kind, mtmPaise, hit.level, exitKeyOf(row.portfolio_id, now)],
      );
      if (rows.length === 0) return false;
      // Its bots stop entering what is being squared off: once, with the hit that won the compare-and-set.
      const paused = await pauseBotsOfPortfolio(tx, row.portfolio_id, protectionTexts.botPaused(row.portfolio_name, hit.kind, mtmPaise), now);
      await recordAlert(tx, {
        userId: row.user_id,
        accountId: row.account_id,
        category: 'order',
        event: hit.kind === 'target' ? 'target_hit' : 'stop_loss_hit',
        severity: hit.kind === 'target' || hit.kind === 'profit_lock' ? 'success' : 'warning',
        title: protectionTexts.hitTitle(row.portfolio_name, hit.kind),
        body:
          paused.length === 0
            ? protectionTexts.hitBody(mtmPaise, hit.level)
            : protectionTexts.hitBodyPaused(
                mtmPaise,
                hit.level,
                paused.map((bot) => bot.name),
              ),
        link: '/app/position',
        at: now,
        dedupeKey: `portfolio-protection:${row.portfolio_id}:${new Date(row.armed_at).toISOString()}`,
      });
      await recordAccountNotice(tx, 'account', row.account_id);
      return true;
    });
  }

  /** Claims one exit attempt (the lease), answering the row as claimed, or null when another instance holds it or it is over. */
  async function claimExit(portfolioId: number, key: string, now: Date): Promise<ProtectionRow | null> {
    const { rows } = await db.query<{ portfolio_id: number }>(
      `UPDATE portfolio_protections SET exit_attempts = exit_attempts + 1, exit_tried_at = $3
       WHERE portfolio_id = $1 AND exit_key = $2 AND exit_status = 'pending' AND (exit_tried_at IS NULL OR exit_tried_at <= $4)
       RETURNING portfolio_id`,
      [portfolioId, key, now, new Date(now.getTime() - exitLeaseMs)],
    );
    if (rows.length === 0) return null;
    const { rows: claimed } = await db.query<ProtectionRow>(`${protectionSelect} WHERE pp.portfolio_id = $1`, [portfolioId]);
    return claimed[0] ?? null;
  }

  async function settleExit(row: ProtectionRow, status: 'pending' | 'done' | 'failed', message: string, now: Date): Promise<void> {
    // A pending exit's lease ends now: the next pass tries again.
    await db.query(
      `UPDATE portfolio_protections SET exit_status = $3, exit_message = $4, exit_tried_at = CASE WHEN $3 = 'pending' THEN NULL ELSE exit_tried_at END, updated_at = $5
       WHERE portfolio_id = $1 AND exit_key = $2`,
      [row.portfolio_id, row.exit_key, status, message.slice(0, 500), now],
    );
  }

  /** Cancels the portfolio's working orders and squares off its positions, under the firing's key; never throws. */
  async function exit(row: ProtectionRow, now: Date): Promise<boolean> {
    const key = row.exit_key!;
    const claimed = await claimExit(row.portfolio_id, key, now);
    if (claimed === null) return false;
    try {
      const found = await accounts.tradingAccount(claimed.user_id, claimed.account_number);
      const day = istDate(now);
      const { orders } = await found.broker.orderBook(found.account, day);
      const working = orders.filter((order) => order.portfolio_id === claimed.portfolio_id && (order.status === 'OPEN' || order.status === 'TRIGGER PENDING'));
      if (working.length > 0) {
        await found.broker.cancelOrders(
          found.account,
          working.map((order) => order.order_id),
          protectionTexts.cancelled(claimed.fired_kind ?? 'stop_loss'),
        );
      }
      const { open } = await portfolioMtm(found.broker, found.account, claimed.portfolio_id, day);
      if (open.length === 0) {
        await settleExit(claimed, 'done', `${working.length} working orders cancelled; no open position left to close.`, now);
        return true;
      }
      const answer = await trading.squareoffTrades(claimed.user_id, key, {
        account_number: claimed.account_number,
        portfolio_id: claimed.portfolio_id,
        positions: open.slice(0, 100),
      });
      const message = (answer.body as { message?: string }).message ?? 'Squared off.';
      await settleExit(claimed, 'done', `${working.length} working orders cancelled; ${message}`, now);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // A lost answer keeps the key claimed: the next attempt reads the book by its tag before sending anything.
      const unknown = error instanceof DomainError && (error.code === 'broker_outcome_unknown' || error.code === 'idempotency_in_progress');
      await settleExit(claimed, unknown || claimed.exit_attempts < maxExitAttempts ? 'pending' : 'failed', message, now);
      return false;
    }
  }

  /** One pass: every armed protection checked, every fired one's exit carried out or retried. Never throws. */
  async function watch(now: Date = clock()): Promise<ProtectionWatchReport> {
    const report: ProtectionWatchReport = { checked: 0, fired: 0, exits: 0, errors: [] };
    const { rows } = await db.query<ProtectionRow>(
      `${protectionSelect} WHERE (pp.fired_at IS NULL OR pp.exit_status = 'pending') AND a.session_expires_at > $1 ORDER BY pp.portfolio_id`,
      [now],
    );
    const day = istDate(now);
    for (const row of rows) {
      try {
        if (row.fired_at === null) {
          const broker = brokers.get(row.broker)?.trading;
          if (broker === undefined) continue;
          const found = await accounts.findAccount(row.user_id, row.account_number);
          const { mtmPaise, priced } = await portfolioMtm(broker, found.account, row.portfolio_id, day);
          if (!priced) continue;
          const { rows: seen } = await db.query<{ peak_mtm_paise: string }>(
            `UPDATE portfolio_protections SET peak_mtm_paise = GREATEST(peak_mtm_paise, $3), last_mtm_paise = $3, checked_at = $4
             WHERE portfolio_id = $1 AND armed_at = $2 AND fired_at IS NULL RETURNING peak_mtm_paise`,
            [row.portfolio_id, row.armed_at, mtmPaise, now],
          );
          if (seen[0] === undefined) continue;
          report.checked += 1;
          const peak = Number(seen[0].peak_mtm_paise);
          // The stop in force moved (a trailing step, the profit lock engaged): the trader's screens read it again.
          if (!sameStop(stopInForce(levelsOfRow(row), Number(row.peak_mtm_paise)), stopInForce(levelsOfRow(row), peak))) {
            await recordAccountNotice(db, 'account', row.account_id);
          }
          const hit = hitBy(levelsOfRow(row), peak, mtmPaise);
          if (hit === null || !(await fire(row, hit, mtmPaise, now))) continue;
          report.fired += 1;
          row.exit_key = exitKeyOf(row.portfolio_id, now);
        }
        if (await exit(row, now)) report.exits += 1;
      } catch (error) {
        report.errors.push(error);
      }
    }
    return report;
  }

  return { watch };
}

export type ProtectionWatcher = ReturnType<typeof createProtectionWatcher>;
