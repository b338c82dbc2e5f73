// What a trader sees of the bots: each bot's state today for its card (getBotStates) and its history of runs
// with every action (getBotRuns). Read-only; owner checks walk portfolio → account → user (404 otherwise).
import type { components } from '../../../../openapi/main.d.ts';
import type { Database } from '../../../db/database.ts';
import { toRupees } from '../../brokers/paper/paise.ts';
import type { AccountPrices } from '../../brokers/account-prices.ts';
import type { BrokerRegistry } from '../../brokers/broker-adapter.ts';
import { keyOf } from '../../brokers/paper/contracts.ts';
import type { Clock } from '../../clock.ts';
import { notFound } from '../../domain-error.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { contractTermsOf } from '../../market/underlying-facts.ts';
import { clockMinutes, istDate, istInstant, istMinutes } from '../../market/ist.ts';
import { dayHours, isTradingDay, type DayHours } from '../../market/trading-calendar.ts';
import { findOwnedPortfolio } from '../../portfolios/portfolios-service.ts';
import type { BotKind } from './action-keys.ts';
import { actionColumns, botsOfPortfolio, loadBot, loadDayFlows, loadHeld, loadRuns, runColumns, toAction, toRun } from './engine-store.ts';
import { botKey, type ActionRow, type EngineBot, type HeldLeg } from './engine-types.ts';
import { botRunsOn, timedForSession } from './rules.ts';
import { deviceText } from '../approvals/device-label.ts';
import { approveFirstBots } from '../approvals/proposals.ts';
import { brokerLastPrices } from './broker-prices.ts';

type Schemas = components['schemas'];

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

type ProposalEnd = { status: 'approved' | 'rejected' | 'expired' | 'refused'; decided_at: Date; decided_via: 'app' | 'notification' | null; decided_device: string | null };

const approvalKey = (kind: string, botId: number, day: string, action: string, sequence: number) => `${kind}:${botId}:${day}:${action}:${sequence}`;

/** An entry an approve-first bot proposed (issue 41): how its proposal ended, when, how and from which device. */
function approvalRecord(end: ProposalEnd): Schemas['BotActionApproval'] {
  return {
    status: end.status,
    decided_at: end.decided_at.toISOString(),
    decided_via: end.decided_via,
    device: end.decided_device,
    device_text: end.decided_device === null ? null : deviceText(end.decided_device),
  };
}

export function actionRecord(action: ActionRow, approval?: ProposalEnd): Schemas['BotActionRecord'] {
  return {
    ...(approval === undefined ? {} : { approval: approvalRecord(approval) }),
    action: action.action,
    sequence: action.sequence,
    leg: action.leg,
    status: action.status,
    claimed_at: action.claimedAt.toISOString(),
    completed_at: iso(action.completedAt),
    message: action.message,
    message_i18n: action.messageI18n,
    order_ids: action.orderIds,
  };
}

export function createBotStatus({ db, clock, brokers, prices }: { db: Database; clock: Clock; brokers: BrokerRegistry; prices: AccountPrices }) {
  /** The decided proposals of the bots' entries since `since`, by bot, day, action and sequence (the bot action each ended as). */
  async function proposalEndsOf(bots: ReadonlyArray<{ kind: BotKind; id: number }>, since: string): Promise<Map<string, ProposalEnd>> {
    const { rows } = await db.query<ProposalEnd & { bot_kind: string; bot_id: number; trading_day: string; action: string; sequence: number }>(
      `SELECT p.bot_kind, p.bot_id, to_char(p.trading_day, 'YYYY-MM-DD') AS trading_day, p.action, p.sequence, p.status, p.decided_at, p.decided_via, p.decided_device
       FROM bot_proposals p JOIN unnest($1::text[], $2::int[]) AS wanted (want_kind, want_id) ON p.bot_kind = wanted.want_kind AND p.bot_id = wanted.want_id
       WHERE p.trading_day >= $3::date AND p.status <> 'pending' AND p.decided_at IS NOT NULL`,
      [bots.map((bot) => bot.kind), bots.map((bot) => bot.id), since],
    );
    return new Map(rows.map((row) => [approvalKey(row.bot_kind, Number(row.bot_id), row.trading_day, row.action, Number(row.sequence)), { ...row, decided_at: new Date(row.decided_at) }]));
  }

  const recordOf = (ends: ReadonlyMap<string, ProposalEnd>) => (action: ActionRow) =>
    actionRecord(action, action.phase === 'entry' ? ends.get(approvalKey(action.kind, action.botId, action.day, action.action, action.sequence)) : undefined);

  async function actionsOf(bots: ReadonlyArray<{ kind: BotKind; id: number }>, since: string): Promise<Map<string, ActionRow[]>> {
    const byBot = new Map<string, ActionRow[]>();
    const { rows } = await db.query<Parameters<typeof toAction>[0]>(
      `SELECT ${actionColumns} FROM bot_actions a JOIN unnest($1::text[], $2::int[]) AS wanted (want_kind, want_id) ON a.bot_kind = wanted.want_kind AND a.bot_id = wanted.want_id
       WHERE a.trading_day >= $3::date ORDER BY a.id`,
      [bots.map((bot) => bot.kind), bots.map((bot) => bot.id), since],
    );
    for (const row of rows) {
      const action = toAction(row);
      const key = botKey(action.kind, action.botId);
      byBot.set(key, [...(byBot.get(key) ?? []), action]);
    }
    return byBot;
  }

  /** Whether each index's exchange trades on `day`, and its session's hours (read once per index and request). */
  async function tradingDays(bots: readonly EngineBot[], day: string): Promise<Map<string, { trading: boolean; hours: DayHours }>> {
    const open = new Map<string, { trading: boolean; hours: DayHours }>();
    for (const index of new Set(bots.map((bot) => bot.underlying))) {
      // Any underlying: an index's facts or a stock's contract terms (a stock bot in a replay, issue 63).
      const facts = await contractTermsOf(db, index, new Date(`${day}T06:00:00Z`));
      const calendar = await loadTradingCalendar(db, facts.exchange === 'NFO' ? 'NSE' : 'BSE');
      open.set(index, { trading: isTradingDay(calendar, day), hours: dayHours(calendar, day) });
    }
    return open;
  }

  /**
   * The last prices of the legs the portfolio's bots hold, from where their account's prices come from
   * (account-prices.ts): a live account's broker (Kite's, Upstox's), a live feed for a paper account on one,
   * else the simulator. Null when the broker cannot say now (logged out, unreachable): no P&L then.
   */
  async function lastPricesOf(bots: readonly EngineBot[], held: ReadonlyMap<string, readonly HeldLeg[]>): Promise<Map<string, number> | null> {
    const account = bots[0]?.account.id;
    const fromBroker = await brokerLastPrices({ db, brokers, prices }, bots, held, new Map());
    if (account !== undefined && fromBroker.has(account)) return fromBroker.get(account) ?? null;
    const keys = [...new Set([...held.values()].flat().map(keyOf))];
    const quotes = keys.length === 0 ? new Map() : await prices.simulator.quotes(keys, db);
    return new Map([...quotes].map(([key, quote]) => [key, quote.lastPaise]));
  }

  /**
   * Each bot's net P&L today (rupees): the day's cash flow less charges, open legs at their last price.
   * The one place it is computed: the bot's card (states) and today's run in its history (runs) read it
   * here, so the card never says "−₹169.30" while the history says "no trade yet" for the same day (a
   * run's own P&L is only written once the bot is flat). A bot that did not trade today is absent; an
   * open leg without a price leaves it absent too, never computed as if the leg were worth nothing.
   */
  async function pnlsToday(day: string, portfolioId: number, bots: readonly EngineBot[], held: ReadonlyMap<string, readonly HeldLeg[]>): Promise<Map<string, number>> {
    const flows = await loadDayFlows(db, day, portfolioId);
    const last = await lastPricesOf(bots, held);
    const pnls = new Map<string, number>();
    for (const [key, flow] of flows) {
      const values = (held.get(key) ?? []).map((leg) => {
        const price = last?.get(keyOf(leg));
        return price === undefined ? null : leg.quantity * price;
      });
      if (last !== null && values.every((value) => value !== null)) pnls.set(key, toRupees(flow.flowPaise - flow.chargesPaise + values.reduce((sum, value) => sum + value, 0)));
    }
    return pnls;
  }

  async function states(userId: number, portfolioId: number): Promise<Schemas['BotStatesResponse']> {
    if ((await findOwnedPortfolio(db, userId, portfolioId)) === null) throw notFound('portfolio');
    const now = clock();
    const day = istDate(now);
    const minutes = istMinutes(now);
    const bots = await botsOfPortfolio(db, portfolioId, now.getTime());
    const [runs, held, actions, ends] = [await loadRuns(db, day, { portfolioId }), await loadHeld(db, { portfolioId }), await actionsOf(bots, day), await proposalEndsOf(bots, day)];
    const pnls = await pnlsToday(day, portfolioId, bots, held);
    const open = await tradingDays(bots, day);
    const approveFirst = await approveFirstBots(db);
    const answer: Schemas['BotState'][] = [];
    for (const bot of bots) {
      const key = botKey(bot.kind, bot.id);
      const run = runs.get(key) ?? null;
      const legs = held.get(key) ?? [];
      const pnl = pnls.get(key) ?? null;
      const session = open.get(bot.underlying);
      const today = session !== undefined && botRunsOn(bot.weekdays, day, session.trading, prices.simulator.demo, timedForSession(bot, session.hours));
      let state: Schemas['BotDayState'];
      if (bot.status === 'stopped') state = 'stopped';
      else if (legs.length > 0) state = 'in_position';
      else if (run !== null && run.state !== 'in_position') state = bot.status === 'paused' && run.state === 'waiting' ? 'paused' : run.state;
      else if (!today) state = 'not_today';
      else state = bot.status === 'paused' ? 'paused' : 'waiting';
      let next: Date | null = null;
      // A stopped bot's state is 'stopped': neither time below applies to it. A bot waiting before its entry
      // time acts next at that time, whether or not a run of today was written already.
      if (today) {
        if (state === 'in_position' && minutes < clockMinutes(bot.exitTime)) next = istInstant(day, bot.exitTime);
        else if (state === 'waiting' && minutes < clockMinutes(bot.entryFrom)) next = istInstant(day, bot.entryFrom);
      }
      const botActions = actions.get(key) ?? [];
      const last = botActions[botActions.length - 1];
      answer.push({
        kind: bot.kind,
        bot_id: bot.id,
        trading_day: day,
        state,
        reason: run?.reason ?? (bot.status === 'stopped' ? 'Stopped' : null),
        reason_i18n: run?.reasonI18n ?? null,
        pnl_today: pnl,
        entries_today: run?.entries ?? 0,
        open_positions: legs.length,
        last_action: last === undefined ? null : recordOf(ends)(last),
        next_action_at: iso(next),
        approve_first: approveFirst.has(key),
      });
    }
    return { bots: answer, as_of: now.toISOString() };
  }

  async function runsOf(userId: number, kind: BotKind, botId: number): Promise<Schemas['BotRunsResponse']> {
    const now = clock();
    // The engine's own read of the bot, with its account (owner, broker): the same bot today's P&L is priced for.
    const bot = await loadBot(db, now.getTime(), kind, botId);
    if (bot === undefined || bot.userId !== userId) throw notFound(kind === 'daily' ? 'daily_bot' : 'trading_bot');
    const since = istDate(new Date(now.getTime() - 60 * 24 * 60 * 60 * 1000));
    const { rows: runRows } = await db.query<Parameters<typeof toRun>[0]>(
      `SELECT ${runColumns} FROM bot_runs WHERE bot_kind = $1 AND bot_id = $2 AND trading_day >= $3::date ORDER BY trading_day DESC`,
      [kind, botId, since],
    );
    const actions = (await actionsOf([{ kind, id: botId }], since)).get(botKey(kind, botId)) ?? [];
    const toRecord = recordOf(await proposalEndsOf([{ kind, id: botId }], since));
    // Today's run is still open while the bot holds legs: its P&L is the card's, from the same place.
    const today = istDate(now);
    const livePnl = (await pnlsToday(today, bot.portfolioId, [bot], await loadHeld(db, { kind, id: botId }))).get(botKey(kind, botId)) ?? null;
    return {
      bot: { kind, id: bot.id, name: bot.name },
      runs: runRows.map(toRun).map((run) => ({
        trading_day: run.day,
        state: run.state,
        reason: run.reason,
        reason_i18n: run.reasonI18n ?? null,
        entries: run.entries,
        pnl: run.pnlPaise !== null ? toRupees(run.pnlPaise) : run.day === today ? livePnl : null,
        actions: actions.filter((action) => action.day === run.day).map(toRecord),
      })),
    };
  }

  return { states, runs: runsOf };
}

export type BotStatusService = ReturnType<typeof createBotStatus>;
