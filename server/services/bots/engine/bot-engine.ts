// The bot engine: after each market tick the leader led (server/app.ts afterTick), every bot that is not
// stopped is evaluated (rules.ts) on a few set-based reads (engine-store.ts), and the few that must act do.
// Never inside a request; the clock is injected.
//
// Exactly once: every action is a bot_actions row unique per bot, trading day, action, sequence and leg (a
// per-leg stop's 'adjust' names its leg), with one live exit per sequence. It is CLAIMED (inserted, ON
// CONFLICT DO NOTHING) in its own transaction before the broker call; whoever inserts it acts, any other
// instance or tick finds it and does nothing. The broker
// call goes through the account's broker interface (placeOrders: on paper the trader's own path, with the
// account lock, kill switch, risk limits, rate limits and margin), outside any transaction, the action's
// idempotency key as the orders' tag, hedges (buys) before sells on entry and shorts bought back before longs
// sold on exit. Only the claim's holder calls, and it first looks for orders already carrying the tag, so the
// call is made once. The action is COMPLETED after it (status, message, order ids, the run of the day and the
// trader's alert in one transaction).
//
// A claim left behind by a crash between the broker call and the completion is reconciled from the order
// book by its tag once it is 30 seconds old: orders found complete the action; no orders means the broker
// call never committed, so an exit is carried out now and an entry is placed if still within the late-entry
// window (else skipped as missed). See rules.ts for the missed-action policy.
import type { Database, Queryable } from '../../../db/database.ts';
import { presetShape, presetNames, type PresetName } from '../../../../quant/strategy-presets.ts';
import type { Quote } from '../../brokers/paper/order-rules.ts';
import { formatPaise } from '../../brokers/paper/paise.ts';
import type { BrokerRegistry } from '../../brokers/broker-adapter.ts';
import type { BrokerOrder, BrokerTrading, OrderIntent } from '../../brokers/broker-trading.ts';
import type { PriceSource } from '../../brokers/paper/price-source.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { loadTradingCalendar } from '../../market/calendar-data.ts';
import type { Expiry } from '../../market/expiries.ts';
import { indexFacts, type IndexFacts, type IndexName } from '../../market/index-config.ts';
import { istDate } from '../../market/ist.ts';
import type { MarketService } from '../../market/market-service.ts';
import { isTradingDay, type TradingCalendar } from '../../market/trading-calendar.ts';
import { optionTradingsymbol } from '../../market/tradingsymbol.ts';
import { recordAlert } from '../../alerts/alert-log.ts';
import { actionKey, type BotActionName } from './action-keys.ts';
import { changeRun, flatDayPnl } from './bot-runs.ts';
import { actionColumns, loadActions, loadBots, loadCandles, loadHeld, loadRuns, toAction } from './engine-store.ts';
import { botKey, type ActionPhase, type ActionRow, type BotRunRow, type Decision, type EngineBot, type HeldLeg, type RunLeg, type StoppedLeg } from './engine-types.ts';
import { decide, istInstant, lateEntryMs, legStopCloses, profitOf, signalStrategies } from './rules.ts';
import { aggregate, emaCrossover, supertrendFlip, type Signal } from './signals.ts';

/** `failed`: bots whose action broke off with an unexpected error (its claim is reconciled on a later tick); `errors` says what broke. */
/** `deferred`: bots due to act that wait for the next tick (the tick's time for orders was spent). */
export type TickCounts = { evaluated: number; acted: number; failed: number; deferred: number; ms: number; errors: unknown[] };

/** The engine's share of the one-second market tick for placing orders (one action always goes through). */
const actBudgetMs = 600;

/** Tests only: a crash between the broker call and the action's completion. */
export type EngineHooks = {
  afterBrokerCall?: (action: ActionRow) => Promise<void> | void;
  /** Tests only: another share of the tick for placing orders (actBudgetMs). */
  actBudgetMs?: number;
};

type EngineOptions = {
  db: Database;
  clock: Clock;
  brokers: BrokerRegistry;
  prices: PriceSource;
  market: MarketService;
  hooks?: EngineHooks | undefined;
};

/** A claim older than this is a crash's leftover, reconciled from the order book. */
const staleClaimMs = 30_000;
/** A failed exit is tried again after this long (its cause, a closed market or a missing price, may pass). */
const exitRetryMs = 60_000;
const stopActions = new Set<BotActionName>(['stop_loss', 'leg_stop_loss', 'trailing_stop']);

const num = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const keyOf = (leg: { exchange: string; tradingsymbol: string }) => `${leg.exchange}:${leg.tradingsymbol}`;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** What the bot holds of the contracts a leg stop closes (EXCHANGE:TRADINGSYMBOL). */
const heldAmong = (held: readonly HeldLeg[], closes: readonly string[]) => held.filter((leg) => closes.includes(keyOf(leg)));

export function createBotEngine({ db, clock, brokers, prices, market, hooks = {} }: EngineOptions) {
  const calendars = new Map<string, TradingCalendar>();
  const factsCache = new Map<string, IndexFacts>();
  const listed = new Set<string>();

  async function calendarOf(exchange: 'NFO' | 'BFO'): Promise<TradingCalendar> {
    const name = exchange === 'NFO' ? 'NSE' : 'BSE';
    const known = calendars.get(name);
    if (known !== undefined) return known;
    const loaded = await loadTradingCalendar(db, name);
    calendars.set(name, loaded);
    return loaded;
  }

  async function factsOf(index: IndexName, now: Date): Promise<IndexFacts> {
    const key = `${index}:${istDate(now)}`;
    const known = factsCache.get(key);
    if (known !== undefined) return known;
    const facts = await indexFacts(db, index, now);
    factsCache.set(key, facts);
    return facts;
  }

  /**
   * The contract the bot's `expiry` parameter names among those still trading now (after 15:30 IST on an
   * expiry day, that day's contract is over); an index without weeklies uses its monthly.
   */
  async function expiryFor(bot: EngineBot, facts: IndexFacts, now: Date): Promise<Expiry> {
    const { expiries } = await market.expiries(bot.underlying, now);
    const choice = bot.params.expiry;
    const monthly = expiries.find((expiry) => expiry.kind === 'monthly') ?? expiries[0]!;
    if (choice === 'monthly' || facts.expiryCycle === 'monthly') return monthly;
    return (choice === 'next_weekly' ? expiries[1] : expiries[0]) ?? monthly;
  }

  // ---- entries and exits -----------------------------------------------------------------------------

  async function entryIntents(bot: EngineBot, decision: Extract<Decision, { type: 'entry' }>, run: BotRunRow | null, now: Date): Promise<OrderIntent[]> {
    const market = (side: 'BUY' | 'SELL', exchange: string, tradingsymbol: string, quantity: number): OrderIntent => ({
      exchange,
      tradingsymbol,
      side,
      orderType: 'MARKET',
      product: 'NRML',
      quantity,
      pricePaise: 0,
      triggerPaise: 0,
    });
    if (decision.legs === 'same') {
      const legs = run?.legs ?? [];
      return [...legs.filter((leg) => leg.side === 'BUY'), ...legs.filter((leg) => leg.side === 'SELL')].map((leg) => market(leg.side, leg.exchange, leg.tradingsymbol, leg.quantity));
    }
    const facts = await factsOf(bot.underlying, now);
    const expiry = await expiryFor(bot, facts, now);
    if (!listed.has(`${bot.underlying}:${expiry.date}`)) {
      await marketInstruments(bot.underlying, expiry.date, now);
      listed.add(`${bot.underlying}:${expiry.date}`);
    }
    const spot = (await prices.spotPaise(bot.underlying, db)) / 100;
    const quantity = bot.lots * facts.lotSize;
    const offset = num(bot.params.strike_offset, 0);
    if (decision.legs === 'CE' || decision.legs === 'PE') {
      const atm = Math.ceil(spot / facts.strikeStep - 0.5) * facts.strikeStep;
      const strike = atm + (decision.legs === 'CE' ? offset : -offset) * facts.strikeStep;
      return [market('BUY', facts.exchange, optionTradingsymbol(bot.underlying, expiry, strike, decision.legs), quantity)];
    }
    if (!presetNames.includes(bot.strategy as PresetName)) throw new DomainError('validation_failed', `The strategy ${bot.strategy} has no legs around the money to enter`);
    const shape = presetShape({
      preset: bot.strategy as PresetName,
      spot,
      strikeStep: facts.strikeStep,
      parameters: {
        strikeOffset: offset,
        callDistance: num(bot.params.call_distance, 4),
        putDistance: num(bot.params.put_distance, 4),
        ...(bot.params.wing_width === undefined ? {} : { wingWidth: num(bot.params.wing_width, 4) }),
        spreadWidth: num(bot.params.spread_width, 4),
      },
    });
    return shape.map((leg) => market(leg.side, facts.exchange, optionTradingsymbol(bot.underlying, expiry, leg.strike, leg.kind), quantity * leg.lots));
  }

  /** Lists the strikes of the expiry (outside any transaction: the market service reads through `db`). */
  async function marketInstruments(index: IndexName, expiryDate: string, now: Date): Promise<void> {
    await market.instruments(index, expiryDate, now);
  }

  function exitIntents(held: readonly HeldLeg[]): OrderIntent[] {
    const ordered = [...held.filter((leg) => leg.quantity < 0), ...held.filter((leg) => leg.quantity > 0)];
    return ordered.map((leg) => ({
      exchange: leg.exchange,
      tradingsymbol: leg.tradingsymbol,
      side: leg.quantity < 0 ? 'BUY' : 'SELL',
      orderType: 'MARKET',
      product: leg.product,
      quantity: Math.abs(leg.quantity),
      pricePaise: 0,
      triggerPaise: 0,
    }));
  }

  // ---- claim, broker call, completion --------------------------------------------------------------------

  /** `leg`: the stopped leg of a per-leg stop (its phase 'adjust', or 'exit' when it closes the rest). */
  async function claim(bot: EngineBot, day: string, action: BotActionName, sequence: number, phase: ActionPhase, now: Date, leg: StoppedLeg | null = null): Promise<ActionRow | null> {
    const keyFor = (attempt: number) => actionKey(bot.kind, bot.id, day, action, sequence, attempt, leg?.index ?? null);
    const { rows } = await db.query<Parameters<typeof toAction>[0]>(
      `INSERT INTO bot_actions (bot_kind, bot_id, trading_day, action, sequence, phase, leg, status, claimed_at, idempotency_key)
       VALUES ($1, $2, $3::date, $4, $5, $6, $7, 'claimed', $8, $9) ON CONFLICT DO NOTHING RETURNING ${actionColumns}`,
      [bot.kind, bot.id, day, action, sequence, phase, leg?.tradingsymbol ?? null, now, keyFor(1)],
    );
    if (rows[0] !== undefined) return toAction(rows[0]);
    if (phase === 'entry') return null;
    // The same exit failed before: claim it again for another attempt, once its retry delay has passed.
    const { rows: failed } = await db.query<{ id: string; attempts: number }>(
      `SELECT id, attempts FROM bot_actions WHERE bot_kind = $1 AND bot_id = $2 AND trading_day = $3::date AND action = $4 AND sequence = $5
         AND leg IS NOT DISTINCT FROM $6 AND status = 'failed' AND completed_at <= $7`,
      [bot.kind, bot.id, day, action, sequence, leg?.tradingsymbol ?? null, new Date(now.getTime() - exitRetryMs)],
    );
    const row = failed[0];
    if (row === undefined) return null;
    try {
      // The phase too: a leg stop that failed as an adjustment may be retried as the exit of the rest.
      const { rows: retried } = await db.query<Parameters<typeof toAction>[0]>(
        `UPDATE bot_actions SET status = 'claimed', attempts = attempts + 1, phase = $5, claimed_at = $2, completed_at = NULL, message = NULL, idempotency_key = $3
         WHERE id = $1 AND status = 'failed' AND attempts = $4 RETURNING ${actionColumns}`,
        [row.id, now, keyFor(row.attempts + 1), row.attempts, phase],
      );
      return retried[0] === undefined ? null : toAction(retried[0]);
    } catch {
      // Another exit of this sequence went live first (bot_actions_one_exit): it is that one's turn.
      return null;
    }
  }

  function brokerOf(bot: EngineBot): BrokerTrading {
    const broker = brokers.get(bot.broker)?.trading;
    if (broker === undefined) throw new DomainError('live_trading_unavailable', `Trading through the "${bot.broker}" broker is not available yet`);
    return broker;
  }

  type BrokerOutcome = { orders: BrokerOrder[]; failure: string | null; error: boolean };

  async function brokerCall(bot: EngineBot, action: ActionRow, intents: readonly OrderIntent[]): Promise<BrokerOutcome> {
    try {
      const broker = brokerOf(bot);
      const existing = await broker.ordersByTag(bot.account, action.key);
      const orders =
        existing.length > 0
          ? existing
          : await broker.placeOrders(bot.account, intents, {
              portfolioId: bot.portfolioId,
              tag: action.key,
              purpose: action.phase === 'entry' ? 'entry' : 'squareoff',
              bot: { kind: bot.kind, id: bot.id },
            });
      return { orders, failure: null, error: false };
    } catch (error) {
      return { orders: [], failure: messageOf(error), error: !(error instanceof DomainError) };
    }
  }

  const link = (bot: EngineBot) => `/app/portfolio?portfolio=${bot.portfolioId}`;

  async function alert(q: Queryable, bot: EngineBot, action: ActionRow, event: Parameters<typeof recordAlert>[1]['event'], severity: Parameters<typeof recordAlert>[1]['severity'], title: string, body: string, now: Date) {
    await recordAlert(q, {
      userId: bot.userId,
      accountId: bot.account.id,
      category: 'bot',
      event,
      severity,
      title,
      body,
      link: link(bot),
      bot: { kind: bot.kind, id: bot.id, name: bot.name },
      at: now,
      dedupeKey: `bot:${action.key}:${event}`,
    });
  }

  function legsFrom(orders: readonly BrokerOrder[]): RunLeg[] {
    return orders
      .filter((order) => order.status === 'COMPLETE' && order.filled_quantity > 0)
      .map((order) => ({
        exchange: order.exchange,
        tradingsymbol: order.tradingsymbol,
        side: order.transaction_type,
        quantity: order.filled_quantity,
        pricePaise: Math.round(Number(order.filled_value_paise) / order.filled_quantity),
      }));
  }

  /** The average fill price (paise) of each contract the orders filled, over all their slices. */
  function averageFills(orders: readonly BrokerOrder[]): Map<string, number> {
    const totals = new Map<string, { value: number; quantity: number }>();
    for (const order of orders) {
      const total = totals.get(order.tradingsymbol) ?? { value: 0, quantity: 0 };
      totals.set(order.tradingsymbol, { value: total.value + Number(order.filled_value_paise), quantity: total.quantity + order.filled_quantity });
    }
    return new Map([...totals].filter(([, total]) => total.quantity > 0).map(([symbol, total]) => [symbol, Math.round(total.value / total.quantity)]));
  }

  /** Whether the bot will act again today after this exit (a re-entry or another signal). */
  function mayEnterAgain(bot: EngineBot, run: BotRunRow, exit: BotActionName): boolean {
    if (exit === 'exit' || exit === 'pause_exit' || bot.status !== 'active') return false;
    if (signalStrategies.includes(bot.strategy)) return run.entries < num(bot.params.max_trades_per_day, 3);
    const mode = bot.params.re_entry;
    return stopActions.has(exit) && (mode === 'new_atm' || mode === 'same_strike') && run.reEntriesUsed < num(bot.params.max_re_entries, 1);
  }

  /** Completes a claimed action from its broker outcome; answers whether an entry left legs that must be exited now. */
  async function complete(bot: EngineBot, action: ActionRow, outcome: BrokerOutcome, now: Date, signalAt: Date | null): Promise<boolean> {
    const day = action.day;
    const filled = outcome.orders.filter((order) => order.status === 'COMPLETE');
    const refused = outcome.orders.filter((order) => order.status !== 'COMPLETE');
    const failure = outcome.failure ?? (refused.length > 0 ? `${refused[0]!.tradingsymbol}: ${refused[0]!.status_message ?? refused[0]!.status}` : null);
    // A leg stop has done its job once the sold leg is bought back: a hedge that could not be sold (a far wing
    // with no bid) stays with the position until its exit, and the action says why in its message.
    const ok = action.phase === 'adjust' ? filled.some((order) => order.tradingsymbol === action.leg) : failure === null && filled.length > 0;
    const pnl = action.phase === 'exit' && ok ? await flatDayPnl(db, bot, day) : null;
    return db.transaction(async (tx) => {
      const { rows } = await tx.query(
        `UPDATE bot_actions SET status = $2, completed_at = $3, message = $4, order_ids = $5::text[] WHERE id = $1 AND status = 'claimed' RETURNING id`,
        [action.id, ok ? 'completed' : 'failed', now, failure?.slice(0, 500) ?? null, `{${outcome.orders.map((order) => order.order_id).join(',')}}`],
      );
      if (rows.length === 0) return false;
      if (action.phase === 'entry') {
        const legs = legsFrom(outcome.orders);
        const partial = !ok && legs.length > 0;
        const killed = outcome.failure !== null && /kill switch/i.test(outcome.failure);
        await changeRun(tx, bot, day, (run) => {
          if (ok || partial) {
            const credit = legs.reduce((sum, leg) => sum + (leg.side === 'SELL' ? 1 : -1) * leg.quantity * leg.pricePaise, 0);
            return {
              state: 'in_position',
              reason: partial ? `Entry partly refused (${failure}): exiting what filled` : null,
              entries: action.sequence,
              reEntriesUsed: run.reEntriesUsed + (action.action === 're_enter' && !signalStrategies.includes(bot.strategy) ? 1 : 0),
              entryPremiumPaise: Math.abs(credit),
              peakProfitPaise: 0,
              legs,
              lastSignalAt: signalAt ?? run.lastSignalAt,
            };
          }
          return { state: killed ? 'stopped' : 'exited', reason: `Entry refused: ${failure}`, lastSignalAt: signalAt ?? run.lastSignalAt };
        }, now);
        if (ok) {
          const premium = formatPaise(Math.abs(legs.reduce((sum, leg) => sum + (leg.side === 'SELL' ? 1 : -1) * leg.quantity * leg.pricePaise, 0)));
          await alert(tx, bot, action, 'bot_entered', 'success', `${bot.name} entered`, `${legs.length} legs on ${bot.underlying}, net premium ${premium}.`, now);
        } else {
          await alert(tx, bot, action, outcome.error ? 'bot_error' : 'bot_rejected', 'danger', `${bot.name}: entry refused`, failure ?? 'Refused by the broker.', now);
        }
        return partial;
      }
      if (action.phase === 'adjust') {
        // Whatever filled is closed, even when the action failed: the run never counts a closed leg as open.
        const exitPrices = averageFills(filled);
        const next = await changeRun(tx, bot, day, (run) => ({
          legs: run.legs.map((leg) => {
            const price = exitPrices.get(leg.tradingsymbol);
            return price === undefined || leg.exitPricePaise !== undefined ? leg : { ...leg, exitPricePaise: price };
          }),
        }), now);
        if (!ok) {
          await alert(tx, bot, action, outcome.error ? 'bot_error' : 'bot_rejected', 'danger', `${bot.name}: leg exit refused`, `${failure ?? 'Refused by the broker.'} The engine tries again in a minute.`, now);
          return false;
        }
        const hedges = [...exitPrices.keys()].filter((symbol) => symbol !== action.leg);
        const open = next.legs.filter((leg) => leg.exitPricePaise === undefined).map((leg) => leg.tradingsymbol);
        const atCost = bot.params.move_sl_to_cost === true ? ' Their stop-loss is now at cost (the entry price).' : '';
        const unsold = failure === null ? '' : ` Its hedge was not sold (${failure}): it stays until the position's exit.`;
        const body = `Bought back ${action.leg}${hedges.length > 0 ? ` and closed its hedge ${hedges.join(', ')}` : ''}.${unsold} Still open: ${open.join(', ')}.${atCost}`;
        await alert(tx, bot, action, 'bot_stop_loss', 'warning', `${bot.name}: ${exitReason(action.action)}`, body, now);
        return false;
      }
      if (ok) {
        const next = await changeRun(tx, bot, day, (run) => {
          const again = mayEnterAgain(bot, run, action.action);
          return { state: again ? 'waiting' : 'exited', reason: exitReason(action.action), legs: run.legs, pnlPaise: pnl, pauseAction: null };
        }, now);
        const event = stopActions.has(action.action) ? 'bot_stop_loss' : action.action === 'target' ? 'bot_target' : 'bot_exited';
        const pnlText = pnl === null ? '' : ` Net P&L today ${formatPaise(pnl)}.`;
        // The legs this exit closed: those a leg stop had not closed before.
        const closedNow = next.legs.filter((leg) => leg.exitPricePaise === undefined).length;
        await alert(tx, bot, action, event, event === 'bot_stop_loss' ? 'warning' : event === 'bot_target' ? 'success' : 'info', `${bot.name}: ${exitReason(action.action)}`, `Closed ${closedNow} legs.${pnlText}`, now);
      } else {
        await alert(tx, bot, action, outcome.error ? 'bot_error' : 'bot_rejected', 'danger', `${bot.name}: exit refused`, `${failure ?? 'Refused by the broker.'} The engine tries again in a minute.`, now);
      }
      return false;
    });
  }

  function exitReason(action: BotActionName): string {
    const reasons: Partial<Record<BotActionName, string>> = {
      exit: 'exited at its exit time',
      stop_loss: 'stop-loss hit',
      target: 'target reached',
      trailing_stop: 'trailing stop hit',
      leg_stop_loss: 'a leg\'s stop-loss hit',
      signal_exit: 'exited on the opposite signal',
      pause_exit: 'exited on pause',
    };
    return reasons[action] ?? action;
  }

  async function act(bot: EngineBot, decision: Exclude<Decision, { type: 'none' }>, run: BotRunRow | null, held: readonly HeldLeg[], now: Date): Promise<boolean> {
    const day = istDate(now);
    if (decision.type === 'missed') return recordMissed(bot, day, decision.reason, now);
    const phase = decision.type === 'entry' ? 'entry' : decision.type === 'adjust' ? 'adjust' : 'exit';
    const action = await claim(bot, day, decision.action, decision.sequence, phase, now, decision.type === 'entry' ? null : (decision.leg ?? null));
    if (action === null) return false;
    let intents: OrderIntent[];
    try {
      intents =
        decision.type === 'entry'
          ? await entryIntents(bot, decision, run, now)
          : exitIntents(decision.type === 'adjust' ? heldAmong(held, decision.closes) : held);
    } catch (error) {
      await complete(bot, action, { orders: [], failure: messageOf(error), error: !(error instanceof DomainError) }, now, null);
      return true;
    }
    await carryOut(bot, action, intents, now, decision.type === 'entry' ? decision.signalAt : null);
    return true;
  }

  async function carryOut(bot: EngineBot, action: ActionRow, intents: readonly OrderIntent[], now: Date, signalAt: Date | null): Promise<void> {
    const outcome = await brokerCall(bot, action, intents);
    await hooks.afterBrokerCall?.(action);
    const partial = await complete(bot, action, outcome, now, signalAt);
    if (partial) {
      // A partly refused entry: exit what filled at once, under the entry's sequence.
      const held = (await loadHeld(db, bot)).get(botKey(bot.kind, bot.id)) ?? [];
      const exit = held.length === 0 ? null : await claim(bot, action.day, 'exit', action.sequence, 'exit', now);
      if (exit !== null) await complete(bot, exit, await brokerCall(bot, exit, exitIntents(held)), now, null);
    }
  }

  async function recordMissed(bot: EngineBot, day: string, reason: string, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<Parameters<typeof toAction>[0]>(
        `INSERT INTO bot_actions (bot_kind, bot_id, trading_day, action, sequence, phase, status, claimed_at, completed_at, message, idempotency_key)
         VALUES ($1, $2, $3::date, 'enter', 1, 'entry', 'skipped', $4, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING ${actionColumns}`,
        [bot.kind, bot.id, day, now, reason, actionKey(bot.kind, bot.id, day, 'enter', 1)],
      );
      const action = rows[0] === undefined ? null : toAction(rows[0]);
      if (action === null) return false;
      await changeRun(tx, bot, day, () => ({ state: 'missed', reason }), now);
      await alert(tx, bot, action, 'bot_missed', 'warning', `${bot.name} missed its entry`, reason, now);
      return true;
    });
  }

  // ---- reconciliation ----------------------------------------------------------------------------------

  async function reconcile(action: ActionRow, now: Date): Promise<boolean> {
    const bot = (await loadBots(db, now.getTime(), { kind: action.kind, id: action.botId }))[0];
    if (bot === undefined) return false;
    const orders = await brokerOf(bot).ordersByTag(bot.account, action.key);
    if (orders.length > 0) {
      await complete(bot, action, { orders, failure: null, error: false }, now, null);
      return true;
    }
    // No order carries the tag: the broker call never committed. Take the claim over (once, whoever is first).
    const { rows } = await db.query(`UPDATE bot_actions SET claimed_at = $2 WHERE id = $1 AND status = 'claimed' AND claimed_at = $3 RETURNING id`, [
      action.id,
      now,
      action.claimedAt,
    ]);
    if (rows.length === 0) return false;
    const taken = { ...action, claimedAt: now };
    if (action.phase !== 'entry') {
      const held = (await loadHeld(db, bot)).get(botKey(bot.kind, bot.id)) ?? [];
      const run = action.phase === 'adjust' ? (await loadRuns(db, action.day)).get(botKey(bot.kind, bot.id)) : undefined;
      const index = run?.legs.findIndex((leg) => leg.tradingsymbol === action.leg) ?? -1;
      const closes = run === undefined || index < 0 ? null : legStopCloses(run.legs, index).closes;
      await carryOut(bot, taken, exitIntents(closes === null ? held : heldAmong(held, closes)), now, null);
      return true;
    }
    const due = istInstant(action.day, bot.entryFrom);
    if (action.day !== istDate(now) || now.getTime() - due > lateEntryMs || bot.status !== 'active') {
      await db.transaction(async (tx) => {
        const reason = 'Entry interrupted (the server stopped before the broker call) and now too late: not placed';
        await tx.query(`UPDATE bot_actions SET status = 'skipped', completed_at = $2, message = $3 WHERE id = $1 AND status = 'claimed'`, [action.id, now, reason]);
        await changeRun(tx, bot, action.day, () => ({ state: 'missed', reason }), now);
        await alert(tx, bot, taken, 'bot_missed', 'warning', `${bot.name} missed its entry`, reason, now);
      });
      return true;
    }
    const runs = await loadRuns(db, action.day);
    const decision = { type: 'entry' as const, action: action.action as 'enter' | 're_enter', sequence: action.sequence, legs: 'preset' as const, signalAt: null };
    await carryOut(bot, taken, await entryIntents(bot, decision, runs.get(botKey(bot.kind, bot.id)) ?? null, now), now, null);
    return true;
  }

  // ---- the tick ----------------------------------------------------------------------------------------

  async function signalsFor(bots: readonly EngineBot[], now: Date): Promise<Map<string, Signal | null>> {
    const signalBots = bots.filter((bot) => signalStrategies.includes(bot.strategy));
    const signals = new Map<string, Signal | null>();
    if (signalBots.length === 0) return signals;
    const candles = await loadCandles(db, [...new Set(signalBots.map((bot) => bot.underlying))], new Date(now.getTime() - 3 * 24 * 60 * 60 * 1000));
    const computed = new Map<string, Signal | null>();
    for (const bot of signalBots) {
      const timeframe = num(bot.params.timeframe_minutes, 5);
      const indicator = bot.params.indicator === 'ema_crossover' ? 'ema' : 'supertrend';
      const settings =
        indicator === 'ema' ? [num(bot.params.fast_ema, 9), num(bot.params.slow_ema, 21)] : [num(bot.params.supertrend_period, 10), num(bot.params.supertrend_multiplier, 3)];
      const key = `${bot.underlying}:${timeframe}:${indicator}:${settings.join(':')}`;
      if (!computed.has(key)) {
        const bars = aggregate(candles.get(bot.underlying) ?? [], timeframe, now.getTime());
        computed.set(key, indicator === 'ema' ? emaCrossover(bars, settings[0]!, settings[1]!) : supertrendFlip(bars, settings[0]!, settings[1]!));
      }
      signals.set(botKey(bot.kind, bot.id), computed.get(key) ?? null);
    }
    return signals;
  }

  /** One pass over every bot that is not stopped. Answers how many were evaluated and how many acted. */
  async function tick(now: Date = clock()): Promise<TickCounts> {
    const started = performance.now();
    const day = istDate(now);
    const nowMs = now.getTime();
    const [bots, runs, actions, held] = [await loadBots(db, nowMs), await loadRuns(db, day), await loadActions(db, day), await loadHeld(db)];
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
    const quotes: Map<string, Quote> = keys.size === 0 ? new Map() : await prices.quotes([...keys], db);
    const lastPrices = new Map([...quotes].map(([key, quote]) => [key, quote.lastPaise]));
    const signals = await signalsFor(bots, now);
    const tradingDays = new Map<string, boolean>();
    for (const exchange of ['NFO', 'BFO'] as const) tradingDays.set(exchange, isTradingDay(await calendarOf(exchange), day));
    const peaks: Array<{ kind: string; id: number; peak: number }> = [];
    let acted = 0;
    let failed = 0;
    const errors: unknown[] = [];
    const due: Array<{ bot: EngineBot; decision: Exclude<Decision, { type: 'none' }>; run: BotRunRow | null; held: HeldLeg[] }> = [];
    for (const bot of bots) {
      const key = botKey(bot.kind, bot.id);
      const run = runs.get(key) ?? null;
      const botHeld = held.get(key) ?? [];
      const facts = await factsOf(bot.underlying, now);
      const decision = decide({
        bot,
        run,
        held: botHeld,
        lastPrices,
        actions: (actionsOf.get(key) ?? []).filter((action) => action.day === day),
        nowMs,
        day,
        tradingDay: tradingDays.get(facts.exchange) ?? false,
        demo: prices.demo,
        signal: signals.get(key) ?? null,
      });
      if (run !== null && botHeld.length > 0) {
        const profit = profitOf(run, lastPrices);
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
    for (const { bot, decision, run, held: botHeld } of due) {
      if (acted + failed > 0 && performance.now() - started > (hooks.actBudgetMs ?? actBudgetMs)) {
        deferred += 1;
        continue;
      }
      try {
        if (await act(bot, decision, run, botHeld, now)) acted += 1;
      } catch (error) {
        // One bot's broken action (a lost connection, a crash between its steps) must not hold the others up.
        failed += 1;
        errors.push(error);
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
        if (await reconcile(action, now)) acted += 1;
      } catch (error) {
        failed += 1;
        errors.push(error);
      }
    }
    return { evaluated: bots.length, acted, failed, deferred, ms: performance.now() - started, errors };
  }

  return { tick };
}

export type BotEngine = ReturnType<typeof createBotEngine>;
