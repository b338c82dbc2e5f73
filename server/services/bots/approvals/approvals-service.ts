// Approval from the phone (issue 41), the trader's side: a bot's approve-first settings, its proposals with
// every decision (who, when, which device, the prices then), and the decisions themselves.
//
// An approval is a fresh decision bound to one proposal: from the app under the trader's session, or from the
// notification with a single-use token minted for that proposal and that push device (push-dispatcher.ts).
// In order: the proposal is the trader's and still pending, before its deadline; the bot is still active and
// flat; its legs are priced again and each must be within the trader's tolerance of the proposed price; then,
// in one transaction, the proposal turns 'approved' (compare-and-set from 'pending': one decision wins on any
// instance) and its bot action is claimed (bot_actions' unique key: the floor); the orders go out after it,
// outside any transaction, through the engine's broker call (the kill switch, the risk limits and the rate
// limits a bot's entry meets, the action's key as the orders' tag). Anything refused places nothing and skips
// the entry with the reason in the bot's log.
import { createHash } from 'node:crypto';
import type { components } from '../../../../openapi/main.d.ts';
import type { Database } from '../../../db/database.ts';
import type { AccountPrices } from '../../brokers/account-prices.ts';
import type { BrokerRegistry } from '../../brokers/broker-adapter.ts';
import type { OrderIntent } from '../../brokers/broker-trading.ts';
import { toRupees } from '../../brokers/paper/paise.ts';
import type { Clock } from '../../clock.ts';
import { DomainError, notFound } from '../../domain-error.ts';
import { approvalTexts } from '../../texts/approval-texts.ts';
import { actionColumns, loadBot, loadHeld } from '../engine/engine-store.ts';
import { toAction } from '../engine/engine-store.ts';
import type { BotEngine } from '../engine/bot-engine.ts';
import type { BotKind } from '../engine/action-keys.ts';
import { botKey } from '../engine/engine-types.ts';
import { actionKey } from '../engine/action-keys.ts';
import { deviceText } from './device-label.ts';
import { priceLegs, priceMove } from './proposal-pricing.ts';
import { approvalSettingsOf, endProposal, proposalColumns, type ProposalRow } from './proposals.ts';
import { recordBotsNotice } from '../../notices/stream-notices.ts';

type Schemas = components['schemas'];
export type Decider = { via: 'app' | 'notification'; device: string };

const keyOfLeg = (leg: { exchange: string; tradingsymbol: string }) => `${leg.exchange}:${leg.tradingsymbol}`;

export function toProposal(row: ProposalRow, now: Date): Schemas['BotProposal'] {
  return {
    id: Number(row.id),
    bot_kind: row.bot_kind,
    bot_id: Number(row.bot_id),
    bot_name: row.bot_name,
    trading_day: row.trading_day,
    action: row.action,
    legs: row.legs.map((leg) => ({
      exchange: leg.exchange,
      tradingsymbol: leg.tradingsymbol,
      side: leg.side,
      quantity: leg.quantity,
      price: toRupees(leg.price_paise),
      price_then: row.decision_prices?.[keyOfLeg(leg)] === undefined ? null : toRupees(row.decision_prices[keyOfLeg(leg)]!),
    })),
    margin: row.margin_paise === null ? null : toRupees(Number(row.margin_paise)),
    charges: row.charges_paise === null ? null : toRupees(Number(row.charges_paise)),
    max_loss: row.max_loss_paise === null ? null : toRupees(Number(row.max_loss_paise)),
    max_loss_unlimited: row.max_loss_unlimited,
    price_tolerance_pct: Number(row.price_tolerance_pct),
    created_at: new Date(row.created_at).toISOString(),
    expires_at: new Date(row.expires_at).toISOString(),
    // A pending proposal past its deadline is expired, whether or not the sweep has run yet.
    status: row.status === 'pending' && new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : row.status,
    decided_at: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
    decided_via: row.decided_via,
    decided_device: row.decided_device,
    decided_device_text: row.decided_device === null ? null : deviceText(row.decided_device),
    message: row.message,
    message_i18n: row.message_i18n,
    order_ids: [...row.order_ids],
  };
}

type Options = { db: Database; clock: Clock; engine: BotEngine; brokers: BrokerRegistry; prices: AccountPrices; ownsBot: (userId: number, kind: BotKind, botId: number) => Promise<boolean> };

export function createApprovalsService({ db, clock, engine, brokers, prices, ownsBot }: Options) {
  async function requireBot(userId: number, kind: BotKind, botId: number): Promise<void> {
    if (!(await ownsBot(userId, kind, botId))) throw notFound(kind === 'daily' ? 'daily_bot' : 'trading_bot');
  }

  async function getSettings(userId: number, kind: BotKind, botId: number): Promise<Schemas['BotApprovalSettings']> {
    await requireBot(userId, kind, botId);
    const settings = await approvalSettingsOf(db, kind, botId);
    return { approve_first: settings.approveFirst, deadline_seconds: settings.deadlineSeconds, price_tolerance_pct: settings.tolerancePct };
  }

  async function saveSettings(userId: number, kind: BotKind, botId: number, change: Schemas['BotApprovalSettingsChange']): Promise<Schemas['BotApprovalSettings']> {
    await requireBot(userId, kind, botId);
    // $5 is cast: untyped, coalesce($5, 2) made it an integer and a 1.5 % tolerance was refused (400 invalid_value).
    await db.query(
      `INSERT INTO bot_approval_settings (bot_kind, bot_id, approve_first, deadline_seconds, price_tolerance_pct, updated_at)
       VALUES ($1, $2, coalesce($3, false), coalesce($4, 60), coalesce($5::numeric, 2), $6)
       ON CONFLICT (bot_kind, bot_id) DO UPDATE SET approve_first = coalesce($3, bot_approval_settings.approve_first),
         deadline_seconds = coalesce($4, bot_approval_settings.deadline_seconds), price_tolerance_pct = coalesce($5, bot_approval_settings.price_tolerance_pct),
         updated_at = $6`,
      [kind, botId, change.approve_first ?? null, change.deadline_seconds ?? null, change.price_tolerance_pct ?? null, clock()],
    );
    return getSettings(userId, kind, botId);
  }

  /** The trader's proposals, newest first: pending first when asked for, one bot's when named. */
  async function list(userId: number, filter: { bot_kind?: BotKind | undefined; bot_id?: number | undefined }): Promise<Schemas['BotProposalsResponse']> {
    if (filter.bot_kind !== undefined && filter.bot_id !== undefined) await requireBot(userId, filter.bot_kind, filter.bot_id);
    const one = filter.bot_kind !== undefined && filter.bot_id !== undefined;
    const { rows } = await db.query<ProposalRow>(
      `SELECT ${proposalColumns} FROM bot_proposals WHERE user_id = $1 ${one ? 'AND bot_kind = $2 AND bot_id = $3' : ''} ORDER BY created_at DESC, id DESC LIMIT 50`,
      one ? [userId, filter.bot_kind, filter.bot_id] : [userId],
    );
    const now = clock();
    return { proposals: rows.map((row) => toProposal(row, now)), server_time: now.toISOString() };
  }

  async function load(id: number): Promise<ProposalRow | undefined> {
    const { rows } = await db.query<ProposalRow>(`SELECT ${proposalColumns} FROM bot_proposals WHERE id = $1`, [id]);
    return rows[0];
  }

  /** The proposal, the trader's and still pending now; an ended one answers what it ended as. */
  async function pending(userId: number, id: number, now: Date): Promise<ProposalRow> {
    const proposal = await load(id);
    if (proposal === undefined || Number(proposal.user_id) !== userId) throw notFound('bot_proposal');
    const expired = approvalTexts.expired(Math.round((proposal.expires_at.getTime() - proposal.created_at.getTime()) / 1000));
    // Expired by the sweep before the trader came back: it answers expired, as it would have a second earlier (issue 62).
    if (proposal.status === 'expired') throw DomainError.said('proposal_expired', expired);
    if (proposal.status !== 'pending') throw DomainError.said('proposal_decided', approvalTexts.decided(proposal.status));
    if (proposal.expires_at.getTime() <= now.getTime()) {
      await endProposal(db, proposal, { status: 'expired', reason: expired }, now);
      throw DomainError.said('proposal_expired', expired);
    }
    return proposal;
  }

  async function decide(userId: number, id: number, decision: 'approve' | 'reject', decider: Decider): Promise<Schemas['BotProposalDecision']> {
    const now = clock();
    const proposal = await pending(userId, id, now);
    if (decision === 'reject') {
      const reason = approvalTexts.rejected(decider.device);
      if (!(await endProposal(db, proposal, { status: 'rejected', reason, decidedBy: userId, via: decider.via, device: decider.device }, now))) {
        throw DomainError.said('proposal_decided', approvalTexts.decided('decided'));
      }
      return answer(id);
    }
    return approve(userId, proposal, decider, now);
  }

  async function refuse(proposal: ProposalRow, userId: number, decider: Decider, code: 'proposal_price_moved' | 'bot_not_active', reason: ReturnType<typeof approvalTexts.decided>, now: Date, prices: ReadonlyMap<string, number> | null): Promise<never> {
    await endProposal(db, proposal, { status: 'refused', reason, decidedBy: userId, via: decider.via, device: decider.device, prices }, now);
    throw DomainError.said(code, reason);
  }

  async function approve(userId: number, proposal: ProposalRow, decider: Decider, now: Date): Promise<Schemas['BotProposalDecision']> {
    const bot = await loadBot(db, now.getTime(), proposal.bot_kind, Number(proposal.bot_id));
    if (bot === undefined) throw notFound('bot_proposal');
    const held = (await loadHeld(db, { kind: bot.kind, id: bot.id })).get(botKey(bot.kind, bot.id)) ?? [];
    // Paused, stopped or already holding since it proposed: the entry it proposed is no longer the bot's.
    if (bot.status !== 'active' || held.length > 0) return refuse(proposal, userId, decider, 'bot_not_active', approvalTexts.botNotActive, now, null);
    const intents: OrderIntent[] = proposal.legs.map((leg) => ({
      exchange: leg.exchange,
      tradingsymbol: leg.tradingsymbol,
      side: leg.side,
      orderType: 'MARKET',
      product: leg.product,
      quantity: leg.quantity,
      pricePaise: 0,
      triggerPaise: 0,
    }));
    const priced = await priceLegs(db, prices, brokers, bot, intents);
    const moved = priceMove(proposal.legs, priced, Number(proposal.price_tolerance_pct));
    if (moved !== null) return refuse(proposal, userId, decider, 'proposal_price_moved', moved, now, priced);
    const key = actionKey(bot.kind, bot.id, proposal.trading_day, proposal.action, Number(proposal.sequence));
    const reason = approvalTexts.approved(decider.device);
    const action = await db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `UPDATE bot_proposals SET status = 'approved', decided_at = $2, decided_by = $3, decided_via = $4, decided_device = $5, decision_prices = $6::jsonb, message = $7, message_i18n = $8
         WHERE id = $1 AND status = 'pending' AND expires_at > $2 RETURNING id`,
        [proposal.id, now, userId, decider.via, decider.device, JSON.stringify(Object.fromEntries(priced)), reason.text, reason.i18n],
      );
      if (rows.length === 0) throw DomainError.said('proposal_decided', approvalTexts.decided('decided'));
      // The bot action the approval places, claimed with it: no other instance, tick or approval can claim it now.
      const { rows: claimed } = await tx.query<Parameters<typeof toAction>[0]>(
        `INSERT INTO bot_actions (bot_kind, bot_id, trading_day, action, sequence, phase, status, claimed_at, idempotency_key)
         VALUES ($1, $2, $3::date, $4, $5, 'entry', 'claimed', $6, $7) ON CONFLICT DO NOTHING RETURNING ${actionColumns}`,
        [bot.kind, bot.id, proposal.trading_day, proposal.action, proposal.sequence, now, key],
      );
      if (claimed[0] === undefined) throw DomainError.said('bot_action_in_progress', approvalTexts.decided('decided'));
      await tx.query('UPDATE bot_proposals SET bot_action_id = $2 WHERE id = $1', [proposal.id, claimed[0].id]);
      return toAction(claimed[0]);
    });
    // Outside any transaction: the broker call, then the action's completion (the run, the trader's alert).
    await engine.carryOut(bot, action, intents, now, null);
    // The bot's card says it entered (or why not) on the trader's screens at once (issue 37).
    await recordBotsNotice(db, [bot.account.id]);
    const { rows } = await db.query<{ order_ids: string[] }>('SELECT array_to_json(order_ids) AS order_ids FROM bot_actions WHERE id = $1', [action.id]);
    await db.query('UPDATE bot_proposals SET order_ids = $2::text[] WHERE id = $1', [proposal.id, `{${(rows[0]?.order_ids ?? []).join(',')}}`]);
    return answer(Number(proposal.id));
  }

  /** The proposal as it ended, with its bot action's outcome. */
  async function answer(id: number | string): Promise<Schemas['BotProposalDecision']> {
    const proposal = (await load(Number(id)))!;
    const { rows } = await db.query<{ status: string; message: string | null; message_i18n: Schemas['LocalText'] | null }>(
      'SELECT status, message, message_i18n FROM bot_actions WHERE id = $1',
      [proposal.bot_action_id],
    );
    const action = rows[0];
    const outcome = action === undefined ? null : action.status === 'completed' ? 'placed' : action.status === 'claimed' ? 'working' : 'failed';
    return {
      proposal: toProposal(proposal, clock()),
      outcome,
      outcome_message: action?.message ?? null,
      outcome_message_i18n: action?.message_i18n ?? null,
    };
  }

  /**
   * A decision from the notification: the token is the proof (minted for this proposal and this push device,
   * single use); it is spent before anything else, so a replay of the same request decides nothing.
   */
  async function decideWithToken(token: string, decision: 'approve' | 'reject'): Promise<Schemas['BotProposalDecision']> {
    const now = clock();
    const hash = createHash('sha256').update(token).digest('hex');
    const { rows } = await db.query<{ proposal_id: string; device_label: string; user_id: number }>(
      `UPDATE proposal_tokens t SET used_at = $2 FROM bot_proposals p
       WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2 AND p.id = t.proposal_id RETURNING t.proposal_id, t.device_label, p.user_id`,
      [hash, now],
    );
    const spent = rows[0];
    if (spent === undefined) throw notFound('bot_proposal');
    return decide(Number(spent.user_id), Number(spent.proposal_id), decision, { via: 'notification', device: spent.device_label });
  }

  return { getSettings, saveSettings, list, decide, decideWithToken };
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
