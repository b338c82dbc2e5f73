// A portfolio's protection (issue 41): one combined stop-loss, target, trailing stop-loss and profit lock on
// its mark-to-market, set, changed and cleared by the trader, read with the MTM now and the stop in force.
// Levels are checked (protection-rules.ts) against the portfolio's MTM and margin read from its broker, so the
// account's broker session must be open to set them; reading works without it (the figures then UNKNOWN).
// Watching and firing is protection-watcher.ts.
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../db/database.ts';
import { toRupees } from '../brokers/paper/paise.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { istDate } from '../market/ist.ts';
import { notFoundTexts } from '../texts/not-found-texts.ts';
import { said } from '../texts/said.ts';
import type { TradingAccounts } from '../trading/trading-accounts.ts';
import { stopInForce } from '../../../quant/protection-levels.ts';
import { checkAgainstMtm, resolveLevels, type ProtectionLevels } from './protection-rules.ts';
import { levelsAsSet, levelsOfRow, portfolioMtm, protectionOf, type ProtectionRow } from './protection-store.ts';

type Schemas = components['schemas'];
type Answer = Schemas['PortfolioProtectionResponse'];

const rupees = (paise: string | number | null) => (paise === null ? null : toRupees(Number(paise)));

const stillExiting = said(
  'refusal.protection_exiting',
  {},
  "The portfolio's protection is still squaring off its positions: change it once they are closed.",
);

export function toProtection(row: ProtectionRow): Schemas['PortfolioProtection'] {
  const levels = levelsOfRow(row);
  const stop = row.fired_at === null ? stopInForce(levels, Number(row.peak_mtm_paise)) : null;
  return {
    levels: levelsAsSet(row),
    margin_basis: toRupees(Number(row.margin_basis_paise)),
    stop_loss: levels.stopLoss === null ? null : toRupees(-levels.stopLoss),
    target: rupees(levels.target),
    trail_every: rupees(levels.trailEvery),
    trail_by: rupees(levels.trailBy),
    lock_at: rupees(levels.lockAt),
    lock_keep: rupees(levels.lockKeep),
    armed: row.fired_at === null,
    armed_at: new Date(row.armed_at).toISOString(),
    peak_mtm: toRupees(Number(row.peak_mtm_paise)),
    stop: stop === null ? null : { level: toRupees(stop.level), kind: stop.kind },
    fired:
      row.fired_at === null || row.fired_kind === null
        ? null
        : {
            at: new Date(row.fired_at).toISOString(),
            kind: row.fired_kind,
            mtm: toRupees(Number(row.fired_mtm_paise)),
            level: toRupees(Number(row.fired_level_paise)),
            exit_status: row.exit_status ?? 'pending',
            exit_message: row.exit_message,
          },
  };
}

export function createProtectionService({ db, clock, accounts }: { db: Database; clock: Clock; accounts: TradingAccounts }) {
  async function portfolioOf(userId: number, portfolioId: number) {
    const { rows } = await db.query<{ account_number: string }>(
      'SELECT a.account_number FROM portfolios p JOIN broker_accounts a ON a.id = p.broker_account_id WHERE p.id = $1 AND a.user_id = $2',
      [portfolioId, userId],
    );
    if (rows[0] === undefined) throw DomainError.said('not_found', notFoundTexts.thing('portfolio'));
    return rows[0].account_number;
  }

  /** The MTM and margin now from the broker (null while its session is over), and the stored protection. */
  async function answer(userId: number, portfolioId: number, accountNumber: string): Promise<Answer> {
    const found = await accounts.findAccount(userId, accountNumber);
    const row = await protectionOf(db, portfolioId);
    const protection = row === null ? null : toProtection(row);
    if (!found.sessionOpen) {
      return { portfolio_id: portfolioId, mtm: null, marks: [], margin: null, priced: false, protection, ...accounts.dataStatus(found) };
    }
    const { mtmPaise, priced, marks } = await portfolioMtm(found.broker, found.account, portfolioId, istDate(clock()));
    const margin = await found.broker.portfolioMargin(found.account, portfolioId);
    return {
      portfolio_id: portfolioId,
      mtm: toRupees(mtmPaise),
      marks: marks.slice(0, 500).map((mark) => ({ exchange: mark.exchange, tradingsymbol: mark.tradingsymbol, quantity: mark.quantity, last_price: toRupees(mark.lastPaise) })),
      margin: toRupees(margin),
      priced,
      protection,
      ...accounts.dataStatus(found),
    };
  }

  async function get(userId: number, portfolioId: number): Promise<Answer> {
    return answer(userId, portfolioId, await portfolioOf(userId, portfolioId));
  }

  /**
   * Arms the levels from now: the peak starts at the MTM now, a fired protection is replaced. Refused while a
   * firing's exit is still going out (its retries need the row).
   */
  async function set(userId: number, portfolioId: number, levels: ProtectionLevels): Promise<Answer> {
    const accountNumber = await portfolioOf(userId, portfolioId);
    const found = await accounts.tradingAccount(userId, accountNumber);
    const day = istDate(clock());
    const marginPaise = await found.broker.portfolioMargin(found.account, portfolioId);
    const resolved = resolveLevels(levels, marginPaise);
    const { mtmPaise } = await portfolioMtm(found.broker, found.account, portfolioId, day);
    checkAgainstMtm(resolved, mtmPaise);
    const now = clock();
    const { rows } = await db.query<{ portfolio_id: number }>(
      `INSERT INTO portfolio_protections (portfolio_id, levels, margin_basis_paise, stop_loss_paise, target_paise, trail_every_paise, trail_by_paise,
         lock_at_paise, lock_keep_paise, armed_at, peak_mtm_paise, last_mtm_paise, checked_at, updated_at)
       SELECT p.id, $2::jsonb, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $10, $10 FROM portfolios p WHERE p.id = $1
       ON CONFLICT (portfolio_id) DO UPDATE SET levels = EXCLUDED.levels, margin_basis_paise = EXCLUDED.margin_basis_paise,
         stop_loss_paise = EXCLUDED.stop_loss_paise, target_paise = EXCLUDED.target_paise, trail_every_paise = EXCLUDED.trail_every_paise,
         trail_by_paise = EXCLUDED.trail_by_paise, lock_at_paise = EXCLUDED.lock_at_paise, lock_keep_paise = EXCLUDED.lock_keep_paise,
         armed_at = EXCLUDED.armed_at, peak_mtm_paise = EXCLUDED.peak_mtm_paise, last_mtm_paise = EXCLUDED.last_mtm_paise,
         checked_at = EXCLUDED.checked_at, updated_at = EXCLUDED.updated_at, fired_at = NULL, fired_kind = NULL, fired_mtm_paise = NULL,
         fired_level_paise = NULL, exit_key = NULL, exit_status = NULL, exit_message = NULL, exit_attempts = 0, exit_tried_at = NULL
       WHERE portfolio_protections.exit_status IS DISTINCT FROM 'pending'
       RETURNING portfolio_id`,
      [
        portfolioId,
        JSON.stringify(levels),
        marginPaise,
        resolved.stopLoss,
        resolved.target,
        resolved.trailEvery,
        resolved.trailBy,
        resolved.lockAt,
        resolved.lockKeep,
        now,
        mtmPaise,
      ],
    );
    if (rows.length === 0) await refuseWhileExiting(portfolioId);
    return answer(userId, portfolioId, accountNumber);
  }

  /** Nothing written: the portfolio was deleted meanwhile (404), or its protection's exit is still going out (409). */
  async function refuseWhileExiting(portfolioId: number): Promise<never> {
    const row = await protectionOf(db, portfolioId);
    if (row === null) throw DomainError.said('not_found', notFoundTexts.thing('portfolio'));
    throw DomainError.said('idempotency_in_progress', stillExiting);
  }

  async function clear(userId: number, portfolioId: number): Promise<Answer> {
    const accountNumber = await portfolioOf(userId, portfolioId);
    const { rows } = await db.query(
      `DELETE FROM portfolio_protections WHERE portfolio_id = $1 AND exit_status IS DISTINCT FROM 'pending' RETURNING portfolio_id`,
      [portfolioId],
    );
    if (rows.length === 0 && (await protectionOf(db, portfolioId)) !== null) throw DomainError.said('idempotency_in_progress', stillExiting);
    return answer(userId, portfolioId, accountNumber);
  }

  return { get, set, clear };
}

export type ProtectionService = ReturnType<typeof createProtectionService>;
