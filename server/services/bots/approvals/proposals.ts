// Approve-first bots (issue 41), the engine's side: an entry such a bot wants becomes a proposal instead of an
// order, and a proposal nobody decided in time is skipped with the reason in the bot's log.
//
// Exactly once: a proposal is a row unique per bot, trading day, action and sequence (the bot action it would
// be), inserted ON CONFLICT DO NOTHING with its push (an alert) in one transaction, so two instances seeing
// the same entry make one proposal and one notification. Every end of a proposal (approved, rejected,
// expired, refused) is a compare-and-set from 'pending', so exactly one decision wins; a proposal that does
// not end in an approval leaves a 'skipped' bot action for its entry, so the engine never proposes it again.
// Only entries are ever held: exits, stop-losses, square-off and the kill switch go straight (bot-engine.ts).
import type { Database, Queryable } from '../../../db/database.ts';
import type { AccountPrices } from '../../brokers/account-prices.ts';
import type { BrokerRegistry } from '../../brokers/broker-adapter.ts';
import type { OrderIntent } from '../../brokers/broker-trading.ts';
import { toRupees } from '../../brokers/paper/paise.ts';
import { recordAlert } from '../../alerts/alert-log.ts';
import { approvalTexts } from '../../texts/approval-texts.ts';
import type { Said } from '../../texts/said.ts';
import { actionKey } from '../engine/action-keys.ts';
import { changeRun, entryWaits } from '../engine/bot-runs.ts';
import type { Decision, EngineBot } from '../engine/engine-types.ts';
import { signalStrategies } from '../engine/rules.ts';
import { maxLossPaise, priceLegs, proposedLegs, type ProposedLeg } from './proposal-pricing.ts';

export type ApprovalSettings = { approveFirst: boolean; deadlineSeconds: number; tolerancePct: number };

export const defaultApprovalSettings: ApprovalSettings = { approveFirst: false, deadlineSeconds: 60, tolerancePct: 2 };

export type ProposalStatus = 'pending' | 'approved' | 'rejected' | 'expired' | 'refused';

export type ProposalRow = {
  id: string;
  user_id: number;
  bot_kind: 'trading' | 'daily';
  bot_id: number;
  bot_name: string;
  trading_day: string;
  action: 'enter' | 're_enter';
  sequence: number;
  legs: ProposedLeg[];
  margin_paise: string | null;
  charges_paise: string | null;
  max_loss_paise: string | null;
  max_loss_unlimited: boolean;
  price_tolerance_pct: string;
  created_at: Date;
  expires_at: Date;
  status: ProposalStatus;
  decided_at: Date | null;
  decided_by: number | null;
  decided_via: 'app' | 'notification' | null;
  decided_device: string | null;
  decision_prices: Record<string, number> | null;
  message: string | null;
  message_i18n: Said['i18n'] | null;
  bot_action_id: string | null;
  order_ids: string[];
};

export const proposalColumns = `id, user_id, bot_kind, bot_id, bot_name, to_char(trading_day, 'YYYY-MM-DD') AS trading_day, action, sequence, legs,
  margin_paise, charges_paise, max_loss_paise, max_loss_unlimited, price_tolerance_pct, created_at, expires_at, status, decided_at, decided_by,
  decided_via, decided_device, decision_prices, message, message_i18n, bot_action_id, array_to_json(order_ids) AS order_ids`;

export async function approvalSettingsOf(q: Queryable, kind: string, botId: number): Promise<ApprovalSettings> {
  const { rows } = await q.query<{ approve_first: boolean; deadline_seconds: number; price_tolerance_pct: string }>(
    'SELECT approve_first, deadline_seconds, price_tolerance_pct FROM bot_approval_settings WHERE bot_kind = $1 AND bot_id = $2',
    [kind, botId],
  );
  const row = rows[0];
  return row === undefined ? defaultApprovalSettings : { approveFirst: row.approve_first, deadlineSeconds: Number(row.deadline_seconds), tolerancePct: Number(row.price_tolerance_pct) };
}

/** The approve-first bots and their settings, by botKey (one read a tick). */
export async function approveFirstBots(q: Queryable): Promise<Map<string, ApprovalSettings>> {
  const { rows } = await q.query<{ bot_kind: string; bot_id: number; deadline_seconds: number; price_tolerance_pct: string }>(
    'SELECT bot_kind, bot_id, deadline_seconds, price_tolerance_pct FROM bot_approval_settings WHERE approve_first',
  );
  return new Map(rows.map((row) => [`${row.bot_kind}:${row.bot_id}`, { approveFirst: true, deadlineSeconds: Number(row.deadline_seconds), tolerancePct: Number(row.price_tolerance_pct) }]));
}

/** Whether a bot action was claimed by an approval (its legs and prices were the proposal's). */
export async function isApprovedAction(q: Queryable, action: { kind: string; botId: number; day: string; action: string; sequence: number }): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM bot_proposals WHERE bot_kind = $1 AND bot_id = $2 AND trading_day = $3::date AND action = $4 AND sequence = $5 AND status = 'approved'`,
    [action.kind, action.botId, action.day, action.action, action.sequence],
  );
  return rows.length > 0;
}

/** The link a proposal's notification and alert open: the pending proposals, this one first. */
export const proposalLink = (id: number | string) => `/app/approvals?proposal=${id}`;

const laterOf = (a: Date | null, b: Date): Date => (a !== null && a.getTime() > b.getTime() ? a : new Date(b));

export type Ending = { status: Exclude<ProposalStatus, 'pending' | 'approved'>; reason: Said; decidedBy?: number | null; via?: 'app' | 'notification' | null; device?: string | null; prices?: ReadonlyMap<string, number> | null };

/**
 * Ends a pending proposal without an order (rejected, expired, refused) and skips its entry in the bot's log:
 * a 'skipped' bot action with the reason (so the engine never proposes that entry again) and the day's run
 * says why. Answers false when the proposal was no longer pending (another decision won).
 */
export async function endProposal(db: Database, proposal: Pick<ProposalRow, 'id' | 'bot_kind' | 'bot_id' | 'trading_day' | 'action' | 'sequence' | 'created_at'>, ending: Ending, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ user_id: number; bot_name: string }>(
      `UPDATE bot_proposals SET status = $2, decided_at = $3, decided_by = $4, decided_via = $5, decided_device = $6, decision_prices = $7::jsonb, message = $8, message_i18n = $9
       WHERE id = $1 AND status = 'pending' RETURNING user_id, bot_name`,
      [
        proposal.id,
        ending.status,
        now,
        ending.decidedBy ?? null,
        ending.via ?? null,
        ending.device ?? null,
        ending.prices == null ? null : JSON.stringify(Object.fromEntries(ending.prices)),
        ending.reason.text.slice(0, 500),
        ending.reason.i18n,
      ],
    );
    const ended = rows[0];
    if (ended === undefined) return false;
    const key = actionKey(proposal.bot_kind, Number(proposal.bot_id), proposal.trading_day, proposal.action, Number(proposal.sequence));
    await tx.query(
      `INSERT INTO bot_actions (bot_kind, bot_id, trading_day, action, sequence, phase, status, claimed_at, completed_at, message, message_i18n, idempotency_key)
       VALUES ($1, $2, $3::date, $4, $5, 'entry', 'skipped', $6, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
      [proposal.bot_kind, proposal.bot_id, proposal.trading_day, proposal.action, proposal.sequence, now, ending.reason.text.slice(0, 500), ending.reason.i18n, key],
    );
    const { rows: bots } = await tx.query<{ portfolio_id: number; slug: string }>(
      `SELECT b.portfolio_id, s.slug FROM ${proposal.bot_kind === 'daily' ? 'daily_bots' : 'trading_bots'} b JOIN base_strategies s ON s.id = b.base_strategy_id WHERE b.id = $1`,
      [proposal.bot_id],
    );
    const found = bots[0];
    if (found !== undefined) {
      const bot = { kind: proposal.bot_kind, id: Number(proposal.bot_id), portfolioId: Number(found.portfolio_id) };
      // A signal bot waits for its next signal (rules.ts): the signal this proposal answered is spent, and any
      // later one ends after the proposal was made (a signal is read on the last completed candle). Any other
      // bot is not entered: a first entry skipped is the day's "missed", a re-entry skipped leaves it done.
      const signals = signalStrategies.includes(found.slug);
      await changeRun(
        tx,
        bot,
        proposal.trading_day,
        (run) =>
          signals
            ? { state: 'waiting', reason: ending.reason.text, reasonI18n: ending.reason.i18n, lastSignalAt: laterOf(run.lastSignalAt, proposal.created_at) }
            : { state: Number(proposal.sequence) === 1 ? 'missed' : 'exited', reason: ending.reason.text, reasonI18n: ending.reason.i18n },
        now,
      );
    }
    return true;
  });
}

export function createProposals({ db, prices, brokers }: { db: Database; prices: AccountPrices; brokers: BrokerRegistry }) {
  /**
   * Whether the engine may go on to propose this entry: 'wait' while its proposal is pending or once it ended
   * (an approval claims the action itself), 'propose' when there is none yet. A pending proposal past its
   * deadline is expired here, as by the sweep.
   */
  async function stateOf(bot: EngineBot, day: string, decision: Extract<Decision, { type: 'entry' }>, now: Date): Promise<'propose' | 'wait'> {
    const { rows } = await db.query<ProposalRow>(
      `SELECT ${proposalColumns} FROM bot_proposals WHERE bot_kind = $1 AND bot_id = $2 AND trading_day = $3::date AND action = $4 AND sequence = $5`,
      [bot.kind, bot.id, day, decision.action, decision.sequence],
    );
    const proposal = rows[0];
    if (proposal === undefined) return 'propose';
    if (proposal.status === 'pending' && proposal.expires_at.getTime() <= now.getTime()) await expire(proposal, now);
    return 'wait';
  }

  async function expire(proposal: ProposalRow, now: Date): Promise<boolean> {
    const seconds = Math.round((proposal.expires_at.getTime() - proposal.created_at.getTime()) / 1000);
    return endProposal(db, proposal, { status: 'expired', reason: approvalTexts.expired(seconds) }, now);
  }

  /** Every pending proposal past its deadline, skipped (each once, whichever instance sweeps first). */
  async function expireDue(now: Date): Promise<number> {
    // The first deadline first (the pending index's first entry): a tick with none past sends one statement, as
    // before, and one that does not depend on the tick's instant, so a backtest's book answers it from its read
    // cache until a proposal changes (book-read-cache.ts: about six calls into the book a trading day).
    const { rows: next } = await db.query<{ first: Date | null }>(`SELECT min(expires_at) AS first FROM bot_proposals WHERE status = 'pending'`);
    const first = next[0]?.first ?? null;
    if (first === null || new Date(first).getTime() > now.getTime()) return 0;
    const { rows } = await db.query<ProposalRow>(`SELECT ${proposalColumns} FROM bot_proposals WHERE status = 'pending' AND expires_at <= $1 ORDER BY id LIMIT 200`, [now]);
    let expired = 0;
    for (const proposal of rows) if (await expire(proposal, now)) expired += 1;
    return expired;
  }

  /**
   * The entry as a proposal, and its push: the legs priced now, the margin and charges of the basket, the
   * worst loss at expiry. Answers the proposal's id when this call made it; null when another instance (or
   * alert) made this entry's proposal first; `{ noPrice }` when a leg has no price now (the bot waits, its
   * run saying why).
   */
  async function propose(
    bot: EngineBot,
    day: string,
    decision: Pick<Extract<Decision, { type: 'entry' }>, 'action' | 'sequence'>,
    intents: readonly OrderIntent[],
    settings: ApprovalSettings,
    now: Date,
  ): Promise<number | null | { noPrice: Said }> {
    const legs = proposedLegs(intents, await priceLegs(db, prices, brokers, bot, intents));
    if (!Array.isArray(legs)) {
      const reason = approvalTexts.noPrice(legs.missing);
      await entryWaits(db, bot, day, reason, now);
      return { noPrice: reason };
    }
    const trading = brokers.get(bot.broker)?.trading;
    // The order window's own read; a broker that cannot answer now leaves the figure unknown, never guessed.
    const margin = await trading?.orderMargin(bot.account, intents).catch(() => null);
    const maxLoss = await maxLossPaise(db, legs);
    const expiresAt = new Date(now.getTime() + settings.deadlineSeconds * 1000);
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO bot_proposals (user_id, bot_kind, bot_id, bot_name, trading_day, action, sequence, legs, margin_paise, charges_paise, max_loss_paise,
           max_loss_unlimited, price_tolerance_pct, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8::jsonb, $9, $10, $11, $12, $13, $14, $15) ON CONFLICT DO NOTHING RETURNING id`,
        [
          bot.userId,
          bot.kind,
          bot.id,
          bot.name.slice(0, 200),
          day,
          decision.action,
          decision.sequence,
          JSON.stringify(legs),
          margin?.requiredPaise ?? null,
          margin?.chargesPaise ?? null,
          typeof maxLoss === 'number' ? maxLoss : null,
          maxLoss === 'unlimited',
          settings.tolerancePct,
          now,
          expiresAt,
        ],
      );
      const id = rows[0]?.id;
      if (id === undefined) return null;
      const body = approvalTexts.proposalLegsBody(
        legs.map((leg) => ({ side: leg.side, quantity: leg.quantity, tradingsymbol: leg.tradingsymbol, price: toRupees(leg.price_paise) })),
        margin == null ? null : toRupees(margin.requiredPaise),
        typeof maxLoss === 'number' ? toRupees(maxLoss) : maxLoss,
        settings.deadlineSeconds,
      );
      await recordAlert(tx, {
        userId: bot.userId,
        accountId: bot.account.id,
        category: 'bot',
        event: 'bot_proposal',
        severity: 'warning',
        title: approvalTexts.proposalTitle(bot.name),
        body,
        link: proposalLink(id),
        bot: { kind: bot.kind, id: bot.id, name: bot.name },
        at: now,
        dedupeKey: `proposal:${id}`,
      });
      // The bot's card says it waits for the trader (its decision, or the deadline, writes the run again).
      const awaiting = approvalTexts.awaiting(settings.deadlineSeconds);
      await changeRun(tx, bot, day, () => ({ reason: awaiting.text, reasonI18n: awaiting.i18n }), now);
      return Number(id);
    });
  }

  return { stateOf, propose, expireDue };
}

export type Proposals = ReturnType<typeof createProposals>;
