// The bot engine: after each market tick the leader led (server/app.ts afterTick), every bot that may act
// now is evaluated (rules.ts) on a few set-based reads (engine-store.ts), and the few that must act do.
// Never inside a request; the clock is injected.
//
// Exactly once: every action is a bot_actions row unique per bot, trading day, action, sequence and leg (a
// per-leg stop's 'adjust' names its leg), with one live exit per sequence. It is CLAIMED (inserted, ON
// CONFLICT DO NOTHING) in its own transaction before the broker call; whoever inserts it acts, any other
// instance or tick finds it and does nothing (action-claims.ts). The broker call (bot-orders.ts) goes through
// the account's broker interface outside any transaction, the action's idempotency key as the orders' tag,
// hedges (buys) before sells on entry and shorts bought back before longs sold on exit (bot-intents.ts); an
// entry acknowledged after the kill switch armed is closed at once. The action is COMPLETED after it
// (bot-completion.ts: status, message, order ids, the run of the day and the trader's alert in one
// transaction).
//
// A claim left behind by a crash between the broker call and the completion is reconciled from the order
// book by its tag once it is 30 seconds old: orders found complete the action; no orders means the broker
// call never committed, so an exit is carried out now and an entry is placed if still within the late-entry
// window (else skipped as missed). See rules.ts for the missed-action policy.
import { orderTexts } from '../../texts/order-texts.ts';
import { failureOf } from '../../texts/bot-texts.ts';
import type { Database } from '../../../db/database.ts';
import type { Quote } from '../../brokers/paper/order-rules.ts';
import type { BrokerRegistry } from '../../brokers/broker-adapter.ts';
import type { OrderIntent } from '../../brokers/broker-trading.ts';
import type { AccountPrices } from '../../brokers/account-prices.ts';
import type { Clock, Wait } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import { istClock, istDate, istInstant } from '../../market/ist.ts';
import type { MarketService } from '../../market/market-service.ts';
import { dayHours, isTradingDay, type DayHours, type TradingCalendar } from '../../market/trading-calendar.ts';
import type { RateLimits } from '../../trading/order-rate.ts';
import { claimAction, claimStillHeld, isWorking, staleClaimMs, workingPatienceMs } from './action-claims.ts';
import { createBotCompletion, type BrokerOutcome } from './bot-completion.ts';
import { brokerLastPrices } from './broker-prices.ts';
import { createBotIntents, type TickReads } from './bot-intents.ts';
import { createBotOrders } from './bot-orders.ts';
import { entryWaits } from './bot-runs.ts';
import { loadActions, loadBot, loadDueBots, loadHeld, loadRuns } from './engine-store.ts';
import { botKey, type ActionRow, type BotRunRow, type Decision, type EngineBot, type HeldLeg } from './engine-types.ts';
import { signalsFor } from './bot-signals.ts';
import { createConditionReads } from './condition-reads.ts';
import { createEntryMisses } from './entry-misses.ts';
import { isAlertAction } from '../webhooks/webhook-log.ts';
import { settleLeftAlerts } from '../webhooks/webhook-leftovers.ts';
import { legsOfNamedStocks, stockSymbols } from '../webhooks/stock-positions.ts';
import { actBudgetMs, tickBudget } from './tick-budget.ts';
import { approveFirstBots, createProposals, isApprovedAction, type ApprovalSettings } from '../approvals/proposals.ts';
import { decide, lateEntryMs, legStopCloses, profitOf } from './rules.ts';
import { keyOf } from '../../brokers/paper/contracts.ts';
import { recordBotsNotice } from '../../notices/stream-notices.ts';
import type { Execution } from '../../execution/execution.ts';
import { withoutReplaced } from '../../execution/repricing-store.ts';
import { isPartialEntryExit, openedBy, partialEntryExit } from './partial-entry.ts';

/**
 * `failed`: bots whose action broke off with an unexpected error (its claim is reconciled on a later tick), `errors`
 * says what broke; `deferred`: bots due to act that wait for the next tick (the tick's share was spent).
 */
export type TickCounts = { evaluated: number; acted: number; failed: number; deferred: number; ms: number; errors: unknown[] };

/** Tests only: a crash between the broker call and the completion; another share of the tick (tick-budget.ts) and its stopwatch. */
export type EngineHooks = {
  afterBrokerCall?: (action: ActionRow) => Promise<void> | void;
  /** Before a stale claim's orders are read: tests interleave two instances' reconciliations here. */
  beforeReconcile?: (action: ActionRow) => Promise<void> | void;
  actBudgetMs?: number;
  stopwatch?: () => number;
};

type EngineOptions = {
  db: Database;
  clock: Clock;
  brokers: BrokerRegistry;
  /** The brokers' order rate limits, counted with the trader's orders (trading/order-rate.ts). */
  limits: RateLimits;
  /** The accounts' execution policies: orders priced and re-priced (execution/). */
  execution?: Execution | undefined;
  /** How an action waits for its account's next free second (tests pass one that moves their clock). */
  wait?: Wait | undefined;
  /** Where each bot's account's prices come from (account-prices.ts). */
  prices: AccountPrices;
  market: MarketService;
  hooks?: EngineHooks | undefined;
};

/** What the bot holds of the contracts a leg stop closes (EXCHANGE:TRADINGSYMBOL). */
const heldAmong = (held: readonly HeldLeg[], closes: readonly string[]) => held.filter((leg) => closes.includes(keyOf(leg)));

export function createBotEngine({ db, clock, brokers, limits, wait, prices, market, hooks = {}, execution }: EngineOptions) {
  const calendars = new Map<string, TradingCalendar>();
  const { factsOf, tickReads, entryIntents, exitIntents, expiryOf, aroundTheMoney, symbolLot } = createBotIntents({ db, prices, market, brokers });
  const { conditionsFor } = createConditionReads({ db, factsOf, expiryOf });
  const entryMisses = createEntryMisses();
  const { brokerOf, brokerCall, closeLate } = createBotOrders({ db, clock, brokers, limits, wait, execution });
  const { complete, recordMissed, skipInterrupted } = createBotCompletion({ db });
  const proposals = createProposals({ db, prices, brokers });

  async function calendarOf(exchange: 'NFO' | 'BFO'): Promise<TradingCalendar> {
    const name = exchange === 'NFO' ? 'NSE' : 'BSE';
    const known = calendars.get(name);
    if (known !== undefined) return known;
    const loaded = await loadTradingCalendar(db, name);
    calendars.set(name, loaded);
    return loaded;
  }

  // ---- claim, broker call, completion --------------------------------------------------------------------

  /** `approveFirst`: the tick's approve-first bots (issue 41) and their settings. */
  async function act(
    bot: EngineBot,
    decision: Exclude<Decision, { type: 'none' }>,
    run: BotRunRow | null,
    held: readonly HeldLeg[],
    now: Date,
    reads: TickReads,
    approveFirst: ReadonlyMap<string, ApprovalSettings>,
  ): Promise<boolean> {
    const day = istDate(now);
    if (decision.type === 'missed') return recordMissed(bot, day, decision.reason, decision.tell, now);
    // Approve-first (issue 41): an entry is proposed to the trader, never placed here; only entries are held,
    // every exit below goes straight to the broker. While its proposal is pending (or once it ended) the bot waits.
    const approval = decision.type === 'entry' ? approveFirst.get(botKey(bot.kind, bot.id)) : undefined;
    if (decision.type === 'entry' && approval !== undefined && (await proposals.stateOf(bot, day, decision, now)) === 'wait') return false;
    // An entry's legs are chosen before it is claimed: on a live feed without fresh prices (stopped, delayed,
    // no tick yet) it is not placed, the bot's run says why, and a later tick enters once prices come back.
    let intents: OrderIntent[] = [];
    let failure: unknown = null;
    try {
      intents =
        decision.type === 'entry'
          ? await entryIntents(bot, decision, run, now, reads)
          : exitIntents(decision.type === 'adjust' ? heldAmong(held, decision.closes) : held);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'paper_feed_stopped' && error.text !== undefined) return entryWaits(db, bot, day, error.text, now);
      failure = error;
    }
    if (decision.type === 'entry' && approval !== undefined && failure === null) return typeof (await proposals.propose(bot, day, decision, intents, approval, now)) === 'number';
    const phase = decision.type === 'entry' ? 'entry' : decision.type === 'adjust' ? 'adjust' : 'exit';
    const action = await claimAction(db, bot, day, decision.action, decision.sequence, phase, now, decision.type === 'entry' ? null : (decision.leg ?? null));
    if (action === null) return false;
    if (failure !== null) {
      await complete(bot, action, { orders: [], failure: failureOf(failure), error: !(failure instanceof DomainError), closed: null }, now, null);
      return true;
    }
    await carryOut(bot, action, intents, now, decision.type === 'entry' ? decision.signalAt : null);
    return true;
  }

  async function carryOut(bot: EngineBot, action: ActionRow, intents: readonly OrderIntent[], now: Date, signalAt: Date | null): Promise<void> {
    const outcome = await brokerCall(bot, action, intents);
    await hooks.afterBrokerCall?.(action);
    // Placed but not yet filled (a live broker's answer comes before the exchange's fill): the action stays
    // claimed, and reconciliation reads its orders again until they are final (or cancels them).
    if (outcome.failure === null && outcome.orders.some(isWorking)) return;
    await settle(bot, action, outcome, now, signalAt);
  }

  /** Completes an action from its final orders; an entry that filled only in part exits what filled at once. */
  async function settle(bot: EngineBot, action: ActionRow, brokerOutcome: BrokerOutcome, now: Date, signalAt: Date | null): Promise<boolean> {
    // An entry acknowledged after the kill switch armed is closed now.
    const replacedOut = { ...brokerOutcome, orders: withoutReplaced(brokerOutcome.orders) };
    const outcome = action.phase === 'entry' ? await closeLate(bot, replacedOut) : replacedOut;
    const { settled, partial } = await complete(bot, action, outcome, now, signalAt);
    if (partial) {
      // A partly refused entry: exit what filled at once, under the entry's sequence; a stock-alert bot's other
      // stocks stay held (partial-entry.ts).
      const held = (await loadHeld(db, bot)).get(botKey(bot.kind, bot.id)) ?? [];
      const closing = partialEntryExit(bot, held, outcome.orders);
      const exit = closing === null ? null : await claimAction(db, bot, action.day, 'exit', action.sequence, closing.part === null ? 'exit' : 'adjust', now, closing.part);
      if (closing !== null && exit !== null) await complete(bot, exit, await brokerCall(bot, exit, exitIntents(closing.legs)), now, null);
    }
    return settled;
  }

  // ---- reconciliation ----------------------------------------------------------------------------------

  /** `touched`: the accounts whose bots' cards are told to read again after the tick (this bot's, when it acted). */
  async function reconcile(action: ActionRow, now: Date, reads: TickReads, touched: Set<number>): Promise<boolean> {
    const bot = await loadBot(db, now.getTime(), action.kind, action.botId);
    if (bot === undefined) return false;
    const acted = await reconcileBot(bot, action, now, reads);
    if (acted) touched.add(bot.account.id);
    return acted;
  }

  async function reconcileBot(bot: EngineBot, action: ActionRow, now: Date, reads: TickReads): Promise<boolean> {
    const broker = brokerOf(bot);
    await hooks.beforeReconcile?.(action);
    let orders = await broker.ordersByTag(bot.account, action.key);
    const working = orders.filter(isWorking);
    // Orders the re-pricer works (the account's policy is LIMIT and re-price) are its to fill or give up.
    if (working.length > 0 && execution !== undefined && (await execution.working(bot.account, working.map((order) => order.order_id))).size > 0) return false;
    if (working.length > 0) {
      // Working orders of a claim another instance took over since it was read are that instance's to wait for.
      if (now.getTime() - action.claimedAt.getTime() < workingPatienceMs || !(await claimStillHeld(db, action))) return false;
      await broker.cancelOrders(bot.account, working.map((order) => order.order_id), orderTexts.notFilledInTime);
      orders = await broker.ordersByTag(bot.account, action.key);
      if (orders.some(isWorking)) return false;
    }
    if (orders.length > 0) {
      // Found after a crash or a lost answer, or final at last; not settled when another instance took the
      // claim over since it was read and is placing these orders now (complete's compare-and-set).
      return settle(bot, action, { orders, failure: null, error: false, closed: null }, now, null);
    }
    // No order carries the tag: the broker call never committed. Take the claim over (once, whoever is first).
    const { rows } = await db.query(`UPDATE bot_actions SET claimed_at = $2 WHERE id = $1 AND status = 'claimed' AND claimed_at = $3 RETURNING id`, [
      action.id,
      now,
      action.claimedAt,
    ]);
    if (rows.length === 0) return false;
    const taken = { ...action, claimedAt: now };
    if (isPartialEntryExit(action)) {
      // What the partly refused entry of this sequence filled, read again from its orders in the book by its tag.
      const held = (await loadHeld(db, bot)).get(botKey(bot.kind, bot.id)) ?? [];
      const entry = (await loadActions(db, action.day, [bot])).find((row) => row.kind === bot.kind && row.botId === bot.id && row.phase === 'entry' && row.sequence === action.sequence);
      await carryOut(bot, taken, exitIntents(entry === undefined ? [] : openedBy(held, await broker.ordersByTag(bot.account, entry.key))), now, null);
      return true;
    }
    if (action.phase === 'adjust' && action.action === 'signal_exit' && action.leg !== null) {
      // An exit alert naming some of a stock-alert bot's stocks (issue 63): its leg names those stocks, not a run leg.
      const held = (await loadHeld(db, bot)).get(botKey(bot.kind, bot.id)) ?? [];
      await carryOut(bot, taken, exitIntents(legsOfNamedStocks(held, await stockSymbols(db), action.leg)), now, null);
      return true;
    }
    if (action.phase !== 'entry') {
      const held = (await loadHeld(db, bot)).get(botKey(bot.kind, bot.id)) ?? [];
      const run = action.phase === 'adjust' ? (await loadRuns(db, action.day, { bots: [bot] })).get(botKey(bot.kind, bot.id)) : undefined;
      const index = run?.legs.findIndex((leg) => leg.tradingsymbol === action.leg) ?? -1;
      const closes = run === undefined || index < 0 ? null : legStopCloses(run.legs, index).closes;
      await carryOut(bot, taken, exitIntents(closes === null ? held : heldAmong(held, closes)), now, null);
      return true;
    }
    const due = istInstant(action.day, bot.entryFrom).getTime();
    // An alert's entry is placed when it arrives or never: its legs were the alert's, and a stale signal is no
    // signal. So is an approved proposal's: the trader approved those legs at those prices, not whatever now is.
    if (action.day !== istDate(now) || now.getTime() - due > lateEntryMs || bot.status !== 'active' || (await isAlertAction(db, action.botId, action.key)) || (await isApprovedAction(db, action))) {
      await skipInterrupted(bot, taken, now);
      return true;
    }
    const runs = await loadRuns(db, action.day, { bots: [bot] });
    const decision = { type: 'entry' as const, action: action.action as 'enter' | 're_enter', sequence: action.sequence, legs: 'preset' as const, signalAt: null };
    await carryOut(bot, taken, await entryIntents(bot, decision, runs.get(botKey(bot.kind, bot.id)) ?? null, now, reads), now, null);
    return true;
  }

  /**
   * A claim whose orders are all final in the book by its tag, settled now whatever its age (issue 61: a crash
   * between a webhook alert's broker call and its completion; the start-up and an alert meeting the claim ask).
   * The claim is taken over first (the compare-and-set reconcile uses), then the book read again, so a peer
   * still placing it completes nothing over it. Working orders, or none, leave it to reconcile. Answers whether settled.
   */
  async function settleFromBook(action: ActionRow, now: Date): Promise<boolean> {
    const bot = await loadBot(db, now.getTime(), action.kind, action.botId);
    if (bot === undefined) return false;
    const found = await brokerOf(bot).ordersByTag(bot.account, action.key);
    if (found.length === 0 || found.some(isWorking)) return false;
    const taken = await db.query(`UPDATE bot_actions SET claimed_at = $2 WHERE id = $1 AND status = 'claimed' AND claimed_at = $3 RETURNING id`, [action.id, now, action.claimedAt]);
    if (taken.rows.length === 0) return false;
    const orders = await brokerOf(bot).ordersByTag(bot.account, action.key);
    if (orders.some(isWorking)) return false;
    return settle(bot, { ...action, claimedAt: now }, { orders, failure: null, error: false, closed: null }, now, null);
  }

  /** The tick: one pass over the bots that may act now (loadDueBots). Answers how many were evaluated and how many acted. */
  async function tick(now: Date = clock()): Promise<TickCounts> {
    const budget = tickBudget(hooks.stopwatch ?? (() => performance.now()), hooks.actBudgetMs ?? actBudgetMs);
    // Proposals nobody decided in time are skipped first, whether or not their bot is due now.
    await proposals.expireDue(now);
    const approveFirst = await approveFirstBots(db);
    const day = istDate(now);
    const nowMs = now.getTime();
    // One snapshot for the four reads: another instance's entry completing between them would show its legs
    // held with no run yet, which reads as a position left from an earlier day and is sold at once.
    const [bots, runs, actions, held] = await db.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const due = await loadDueBots(tx, nowMs, istClock(now)); // a bot waiting for its entry time is not read
      return [due, await loadRuns(tx, day, { bots: due }), await loadActions(tx, day, due), await loadHeld(tx, { bots: due })] as const;
    });
    const actionsOf = new Map<string, ActionRow[]>();
    for (const action of actions) {
      const key = botKey(action.kind, action.botId);
      actionsOf.set(key, [...(actionsOf.get(key) ?? []), action]);
    }
    const keys = new Set<string>();
    for (const bot of bots) {
      const key = botKey(bot.kind, bot.id);
      for (const leg of held.get(key) ?? []) keys.add(keyOf(leg));
      for (const leg of runs.get(key)?.legs ?? []) keys.add(keyOf(leg));
    }
    const quotes: Map<string, Quote> = keys.size === 0 ? new Map() : await prices.simulator.quotes([...keys], db);
    const lastPrices = new Map([...quotes].map(([key, quote]) => [key, quote.lastPaise]));
    const livePrices = await brokerLastPrices({ db, brokers, prices }, bots, held, runs);
    const signals = await signalsFor(db, prices.simulator, bots, now);
    // The tick's reads, shared by the conditions (the bots' expiries) and every entry.
    const reads = tickReads(now);
    // Whether each exchange trades today, and its session's hours (a special session's own: rules.ts reads the
    // exit and the MIS cut-off from them, the conditions the day's candles from its open).
    const tradingDays = new Map<string, boolean>();
    const sessionHours = new Map<string, DayHours>();
    for (const exchange of ['NFO', 'BFO'] as const) {
      const calendar = await calendarOf(exchange);
      tradingDays.set(exchange, isTradingDay(calendar, day));
      sessionHours.set(exchange, dayHours(calendar, day));
    }
    const conditions = await conditionsFor(prices.simulator, bots, now, reads, sessionHours);
    for (const [key, found] of conditions) if (found.entryMiss !== undefined) entryMisses.note(key, day, found.entryMiss);
    const peaks: Array<{ kind: string; id: number; peak: number }> = [];
    let acted = 0;
    let failed = 0;
    const errors: unknown[] = [];
    const due: Array<{ bot: EngineBot; decision: Exclude<Decision, { type: 'none' }>; run: BotRunRow | null; held: HeldLeg[] }> = [];
    for (const bot of bots) {
      const key = botKey(bot.kind, bot.id);
      const run = runs.get(key) ?? null;
      const botHeld = held.get(key) ?? [];
      // A live bot decides on its broker's prices, a paper bot on a live feed on the feed's (broker-prices.ts);
      // a live broker unreadable this tick, the bot decides nothing until the next.
      const botPrices = livePrices.has(bot.account.id) ? livePrices.get(bot.account.id) : lastPrices;
      if (botPrices === null || botPrices === undefined) continue;
      const facts = await factsOf(bot.underlying, now);
      const decision = decide({
        bot,
        run,
        held: botHeld,
        lastPrices: botPrices,
        actions: (actionsOf.get(key) ?? []).filter((action) => action.day === day),
        nowMs,
        day,
        tradingDay: tradingDays.get(facts.exchange) ?? false,
        // Both exchanges' hours are read above, so every bot's exchange has them.
        hours: sessionHours.get(facts.exchange)!,
        demo: prices.simulator.demo,
        signal: signals.get(key) ?? null,
        conditions: conditions.get(key),
      });
      if (run !== null && botHeld.length > 0) {
        const profit = profitOf(run, botPrices);
        if (profit !== null && profit > (run.peakProfitPaise ?? 0)) peaks.push({ kind: bot.kind, id: bot.id, peak: profit });
      }
      // Without a broker session the broker cannot be reached: the bot acts once the trader logs in again.
      if (decision.type !== 'none' && bot.sessionOpen) due.push({ bot, decision, run, held: botHeld });
    }
    // Exits first: when more bots act at once than one tick can place (a thousand entries at 09:20), closing
    // risk never waits behind opening it. What the budget leaves waits for the next tick, still due, so the
    // market's ticks (and the live prices) never stall behind a burst of orders.
    const opensRisk = (decision: Decision) => Number(decision.type === 'entry' || decision.type === 'missed');
    due.sort((a, b) => opensRisk(a.decision) - opensRisk(b.decision));
    let deferred = 0;
    // The accounts whose bots acted (entered, exited, proposed, missed) or broke off (its claim shows): their
    // cards changed. Not a bot that only waits (a proposal pending, no fresh prices): due again every tick, it
    // would tell the screens to read every second.
    const touched = new Set<number>();
    for (const { bot, decision, run, held: botHeld } of due) {
      if (!budget.allows()) {
        deferred += 1;
        continue;
      }
      try {
        if (await budget.timed(() => act(bot, decision, run, botHeld, now, reads, approveFirst))) {
          acted += 1;
          touched.add(bot.account.id);
        }
      } catch (error) {
        // One bot's broken action (a lost connection, a crash between its steps) must not hold the others up.
        failed += 1;
        errors.push(error);
        touched.add(bot.account.id);
      }
    }
    if (peaks.length > 0) {
      await db.query(
        `UPDATE bot_runs r SET peak_profit_paise = v.peak FROM (SELECT unnest($1::text[]) AS kind, unnest($2::int[]) AS id, unnest($3::bigint[]) AS peak) v
         WHERE r.bot_kind = v.kind AND r.bot_id = v.id AND r.trading_day = $4::date AND (r.peak_profit_paise IS NULL OR r.peak_profit_paise < v.peak)`,
        [peaks.map((p) => p.kind), peaks.map((p) => p.id), peaks.map((p) => p.peak), day],
      );
    }
    for (const action of actions) {
      if (action.status !== 'claimed' || nowMs - action.claimedAt.getTime() < staleClaimMs) continue;
      try {
        if (await reconcile(action, now, reads, touched)) acted += 1;
      } catch (error) {
        failed += 1;
        errors.push(error);
      }
    }
    // One `bots` notice per account whose bots moved, after their changes committed (issue 37): its screens
    // read the cards' states once, at most a market pass later, instead of every 5 s. Once per tick, not per
    // bot: a thousand entering at 09:20 are one read. Written after, not beside, the changes: a notice lost to
    // a crash between the two leaves a card a tick behind until its next read, never ahead of the database.
    await recordBotsNotice(db, touched);
    // The alert log follows: an alert whose action the tick settled (or reconciled) says what it placed (issue 61).
    await settleLeftAlerts(db, null, now);
    return { evaluated: bots.length, acted, failed, deferred, ms: budget.elapsed(), errors };
  }

  // What a webhook's alert (webhooks/webhook-receiver.ts) places through: the same legs, claim, broker call and completion.
  // entryMissOf: why a bot's entry condition was not met on a day (entry-misses.ts), for a backtest's or replay's day without a trade.
  return { tick, carryOut, settleFromBook, factsOf, tickReads, entryIntents, exitIntents, aroundTheMoney, symbolLot, entryMissOf: entryMisses.of };
}

export type BotEngine = ReturnType<typeof createBotEngine>;
