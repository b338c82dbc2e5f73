// What a bot does on this tick, from what the engine read (pure: no database, no clock of its own).
//
// Every rule, in the order it is checked:
// - Stopped bots, days that are not trading days (the exchange calendar) and, for daily bots, days that are
//   not among their weekdays (unless the bot is timed for that day's special session: timedForSession): nothing. While one of the bot's actions is claimed (under way), nothing.
// - In a position: the effective exit time passed (effectiveExitTime: the exit time, no later than the day's
//   session's last minute, for MIS a minute before the session's square-off) → exit (always, also when paused or late: a due exit is carried out as
//   soon as the engine runs again; legs left from an earlier day go at once). Paused with exit_now → pause_exit. Then on the combined premium E (the
//   net premium of the legs at entry, unsigned) and the profit P (Σ signed quantity × (last − entry)):
//   stop-loss when −P ≥ stop_loss_pct % of E (for a credit strategy: the premium rose), target when P ≥
//   target_pct % of E, trailing stop (trailing_sl) when the day's best profit reached trail_trigger_pct % of
//   E and P fell trail_step_pct % of E below it: the whole position is exited. P counts the legs a per-leg
//   stop already closed at their exit price, so the overall stop and target keep judging the day's position.
//   Per-leg stop-loss (leg_stop_loss_pct, 0: off) on sold legs only (a bought wing is the hedge, not a risk):
//   when a sold leg's price rose that much above its entry, that leg is bought back with its side's hedges
//   (the bought legs of the same option type) and the rest stays (an 'adjust'); with move_sl_to_cost, the
//   remaining sold legs' stop is then their entry price. When the leg is the last sold one left, the whole
//   rest goes (a position of hedges alone has no purpose). A failed action is tried again a minute later
//   (retryAfterMs), not on every tick. A trading bot with exit_on_reverse_signal exits on a signal against
//   the option it holds.
// - Flat, active (paused bots take no entry), the day's session open (any hour in demo mode) and before the
//   effective exit time:
//   - Daily bots, and trading bots whose strategy has no signal: enter once at entry time (a trading bot's
//     entry_from). Missed-action policy: an entry more than 10 minutes late (the server was down at entry
//     time) is not placed; it is recorded as skipped and the day's state is "missed", with an alert.
//   - After a stop-loss, trailing or per-leg stop exit, re-entry as configured: new_atm enters again around
//     the money at once; same_strike enters the same legs again once their combined premium is back to the
//     entry premium; at most max_re_entries times a day.
//   - Trading bots with signals (trend_option_buyer): inside entry_from–entry_until, on a fresh signal
//     (signals.ts), up to max_trades_per_day entries; a signal is acted on once.
import { clockMinutes, clockText, istInstant, istMinutes } from '../../market/ist.ts';
import { inPause, isoWeekday, type DayHours, type Session } from '../../market/trading-calendar.ts';
import type { Signal } from './signals.ts';
import type { Met } from './conditions.ts';
import type { ActionRow, BotRunRow, Decision, EngineBot, HeldLeg, RunLeg } from './engine-types.ts';
import { botTexts } from '../../texts/bot-texts.ts';

/** How late an entry may still be placed (see the policy above). */
export const lateEntryMs = 10 * 60_000;

/**
 * How long after a failed action the bot tries again: a refusal (no bid for a far wing, margin) is not
 * retried on every tick, which would fill the order book with cancelled orders.
 */
export const retryAfterMs = 60_000;

export const signalStrategies: readonly string[] = ['trend_option_buyer'];

const stopExits = new Set(['stop_loss', 'leg_stop_loss', 'trailing_stop']);

export type RuleInputs = {
  bot: EngineBot;
  run: BotRunRow | null;
  held: readonly HeldLeg[];
  /** Last prices (paise) keyed EXCHANGE:TRADINGSYMBOL. */
  lastPrices: ReadonlyMap<string, number>;
  actions: readonly ActionRow[];
  nowMs: number;
  day: string;
  tradingDay: boolean;
  /**
   * The day's session on the bot's exchange (trading-calendar.ts dayHours): the regular one of that date (09:15–15:40
   * since 3 August 2026, 15:30 before) with its 15:25 MIS square-off, or a special session's own (Muhurat trading's
   * evening hour and its 18:50).
   */
  hours: DayHours;
  /** Demo mode: the market never closes, so every day counts (see botRunsOn). */
  demo: boolean;
  signal: Signal | null;
  /** The bot's entry and exit conditions met on the last completed minute (condition-reads.ts); absent: none. */
  conditions?: { entry: Met | null; exit: Met | null } | undefined;
};

/**
 * The product a bot's orders carry: NRML unless it chose MIS (bots saved before the choice are NRML).
 */
export const botProduct = (bot: { params: Record<string, unknown> }): 'MIS' | 'NRML' => (bot.params.product === 'MIS' ? 'MIS' : 'NRML');

/** The hours the effective exit reads: the session's close, the broker's MIS square-off in it and its pause (HH:MM IST). */
export type ExitHours = Pick<DayHours, 'close' | 'misSquareOff' | 'pause'>;

/** The demo market never closes: only the MIS square-off of the day's session (the paper broker's) bounds a bot. */
export const demoExitHours = (hours: DayHours): ExitHours => ({ close: '24:00', misSquareOff: hours.misSquareOff });

/**
 * When the bot exits at the latest on a day (IST HH:MM), one rule for paper, live, backtests and replays: its exit
 * time, brought back to the session's last minute when the session closes before it (a drill's 12:30; an exit at
 * the close itself, a regular day's 15:40, stays) or when it
 * falls in the pause between two sessions (a drill's 10:00–11:30: 09:59), and for
 * MIS to the minute before the broker's square-off of that session (15:24 on a regular day, 18:49 in 2024's
 * Muhurat hour, whose square-off was 18:50), so its own exit (its tag, its run, its alert) closes the position
 * and never the broker's call-and-trade square-off (₹50 + GST an order), and it takes no entry from then on.
 */
export function effectiveExitTime(bot: { exitTime: string; params: Record<string, unknown> }, hours: ExitHours): string {
  // An exit at the close itself stays (a regular day's 15:40: the position is held into the close, as a
  // backtest holding to expiry counts on); only one after the close comes back to the session's last minute.
  let exit = clockMinutes(bot.exitTime) > clockMinutes(hours.close) ? clockMinutes(hours.close) - 1 : clockMinutes(bot.exitTime);
  // An exit falling while the market is shut between two sessions is the first session's last minute.
  if (hours.pause !== undefined && inPause(hours, exit)) exit = clockMinutes(hours.pause.from) - 1;
  if (botProduct(bot) === 'MIS') exit = Math.min(exit, clockMinutes(hours.misSquareOff) - 1);
  return exit === clockMinutes(bot.exitTime) ? bot.exitTime : clockText(exit);
}

/** Why the bot exits at its effective exit time (rules' reason, in the engine's log). */
function exitTimeReason(bot: { exitTime: string; params: Record<string, unknown> }, hours: ExitHours, exitTime: string): string {
  if (exitTime === bot.exitTime) return `Exit time ${bot.exitTime}`;
  if (botProduct(bot) === 'MIS' && clockMinutes(exitTime) === clockMinutes(hours.misSquareOff) - 1) {
    return `MIS: flat before the broker's ${hours.misSquareOff} square-off (exit at ${exitTime})`;
  }
  if (hours.pause !== undefined && clockMinutes(exitTime) === clockMinutes(hours.pause.from) - 1) return `The session closes at ${hours.pause.from}: exit at ${exitTime}`;
  return `The session closes at ${hours.close}: exit at ${exitTime}`;
}

/** The run's unit quantity: what one unit of its combined premium is multiplied by (its smallest leg, lots × lot size). */
function unitQuantity(run: BotRunRow): number {
  return Math.min(...run.legs.map((leg) => leg.quantity));
}

/**
 * The stop-loss and target as profits (paise, on the whole position): in percent of the entry premium E, or in
 * points of the combined premium per unit (× the unit quantity).
 */
export function riskLimits(bot: EngineBot, run: BotRunRow): { stop: number; target: number; stopText: string; targetText: string } {
  if (bot.params.risk_unit === 'points') {
    const stopPoints = num(bot.params.stop_loss_points, 30);
    const targetPoints = num(bot.params.target_points, 60);
    const units = unitQuantity(run);
    return {
      stop: stopPoints * 100 * units,
      target: targetPoints * 100 * units,
      stopText: `Stop-loss: the combined premium moved ${stopPoints} points against the position`,
      targetText: `Target: the combined premium moved ${targetPoints} points in favour`,
    };
  }
  const premium = run.entryPremiumPaise ?? 0;
  return {
    stop: (premium * bot.stopLossPct) / 100,
    target: (premium * bot.targetPct) / 100,
    stopText: `Stop-loss: lost ${bot.stopLossPct}% of the entry premium`,
    targetText: `Target: made ${bot.targetPct}% of the entry premium`,
  };
}

// Number.isFinite is false for anything not a number, so it alone tells a usable setting.
export const num = (value: unknown, fallback: number) => (Number.isFinite(value) ? (value as number) : fallback);

/** Profit of the run's legs at the last prices (legs a stop closed at their exit price), paise; null when a leg has no price. */
export function profitOf(run: BotRunRow, lastPrices: ReadonlyMap<string, number>): number | null {
  let profit = 0;
  for (const leg of run.legs) {
    const last = leg.exitPricePaise ?? lastPrices.get(`${leg.exchange}:${leg.tradingsymbol}`);
    if (last === undefined) return null;
    profit += (leg.side === 'BUY' ? 1 : -1) * leg.quantity * (last - leg.pricePaise);
  }
  return profit;
}

/** The legs' net premium now, credit positive (what selling them all at once would bring in). */
function creditNow(run: BotRunRow, lastPrices: ReadonlyMap<string, number>): number | null {
  let credit = 0;
  for (const leg of run.legs) {
    const last = lastPrices.get(`${leg.exchange}:${leg.tradingsymbol}`);
    if (last === undefined) return null;
    credit += (leg.side === 'SELL' ? 1 : -1) * leg.quantity * last;
  }
  return credit;
}

function entryCredit(run: BotRunRow): number {
  return run.legs.reduce((sum, leg) => sum + (leg.side === 'SELL' ? 1 : -1) * leg.quantity * leg.pricePaise, 0);
}

const optionType = (tradingsymbol: string) => tradingsymbol.slice(-2);
const isOpen = (leg: RunLeg) => leg.exitPricePaise === undefined;

/**
 * What a per-leg stop on the run's leg `index` closes: the leg and the open bought legs of its option type
 * (EXCHANGE:TRADINGSYMBOL), and whether that leaves no sold leg open (then the whole rest is exited).
 */
export function legStopCloses(legs: readonly RunLeg[], index: number): { closes: string[]; last: boolean } {
  const stopped = legs[index]!;
  const closes = legs
    .filter((leg, at) => at === index || (leg.side === 'BUY' && isOpen(leg) && optionType(leg.tradingsymbol) === optionType(stopped.tradingsymbol)))
    .map((leg) => `${leg.exchange}:${leg.tradingsymbol}`);
  const last = !legs.some((leg, at) => at !== index && leg.side === 'SELL' && isOpen(leg));
  return { closes, last };
}

/** The per-leg stop-loss (see the rules above), or null when no open sold leg reached its stop. */
function legStopRule({ bot, lastPrices }: RuleInputs, run: BotRunRow, sequence: number): Decision | null {
  const legPct = bot.params.leg_stop_loss_pct;
  if (typeof legPct !== 'number' || legPct <= 0) return null;
  const atCost = bot.params.move_sl_to_cost === true && run.legs.some((leg) => leg.side === 'SELL' && !isOpen(leg));
  for (const [index, leg] of run.legs.entries()) {
    const last = lastPrices.get(`${leg.exchange}:${leg.tradingsymbol}`);
    if (leg.side !== 'SELL' || !isOpen(leg) || last === undefined) continue;
    const stop = atCost ? leg.pricePaise : leg.pricePaise * (1 + legPct / 100);
    if (last < stop) continue;
    const reason = atCost ? `Leg stop-loss: ${leg.tradingsymbol} back at its entry price (stop moved to cost)` : `Leg stop-loss: ${leg.tradingsymbol} rose ${legPct}% above its entry`;
    const stopped = { index, tradingsymbol: leg.tradingsymbol };
    const { closes, last: lastSold } = legStopCloses(run.legs, index);
    if (lastSold) return { type: 'exit', action: 'leg_stop_loss', sequence, reason, leg: stopped };
    return { type: 'adjust', action: 'leg_stop_loss', sequence, reason, leg: stopped, closes };
  }
  return null;
}

/** The day's hours as a bot's exit reads them: the session's, or in demo mode only its MIS square-off. */
const exitHoursOf = (input: RuleInputs): ExitHours => (input.demo ? demoExitHours(input.hours) : input.hours);

function exitRule(input: RuleInputs, sequence: number): Decision {
  const { bot, run, lastPrices } = input;
  const exit = (action: Extract<Decision, { type: 'exit' }>['action'], reason: string): Decision => ({ type: 'exit', action, sequence, reason });
  const minutes = istMinutes(new Date(input.nowMs));
  // Between two sessions the market is shut: nothing can be bought or sold until the second opens.
  if (!input.demo && inPause(input.hours, minutes)) return { type: 'none' };
  // Legs held without a run today were entered on an earlier day whose exit the engine missed: due already.
  if (run === null || run.entries === 0) return exit('exit', 'Exit of a position left from an earlier trading day (its exit was missed)');
  const hours = exitHoursOf(input);
  const exitTime = effectiveExitTime(bot, hours);
  if (minutes >= clockMinutes(exitTime)) return exit('exit', exitTimeReason(bot, hours, exitTime));
  if (bot.status === 'paused' && run.pauseAction === 'exit_now') return exit('pause_exit', 'Paused: exit now');
  const premium = run.entryPremiumPaise ?? 0;
  if (run.legs.length === 0 || premium <= 0) return { type: 'none' };
  const profit = profitOf(run, lastPrices);
  if (profit !== null) {
    const limits = riskLimits(bot, run);
    if (-profit >= limits.stop) return exit('stop_loss', limits.stopText);
    if (profit >= limits.target) return exit('target', limits.targetText);
    if (bot.params.trailing_sl === true) {
      const peak = Math.max(run.peakProfitPaise ?? 0, profit);
      const trigger = (premium * num(bot.params.trail_trigger_pct, 20)) / 100;
      const step = (premium * num(bot.params.trail_step_pct, 10)) / 100;
      if (peak >= trigger && profit <= peak - step) return exit('trailing_stop', 'Trailing stop: profit fell back from its best');
    }
  }
  const legStop = legStopRule(input, run, sequence);
  if (legStop !== null) return legStop;
  // An exit condition met on a minute that ended after the position was entered (one met before it is not this
  // position's: an entry and an exit condition met on the same minute would otherwise exit at once).
  const condition = input.conditions?.exit ?? null;
  const entered = input.actions.find((action) => action.phase === 'entry' && action.sequence === sequence)?.claimedAt;
  if (condition !== null && (entered === undefined || condition.at.getTime() > entered.getTime())) {
    return exit('condition_exit', `Exit condition: ${condition.text}`);
  }
  if (input.signal !== null && bot.params.exit_on_reverse_signal === true && input.signal.at.getTime() > (run.lastSignalAt?.getTime() ?? 0)) {
    const holdsCall = run.legs.some((leg) => leg.tradingsymbol.endsWith('CE'));
    if ((holdsCall && input.signal.direction === 'down') || (!holdsCall && input.signal.direction === 'up')) {
      return exit('signal_exit', `Signal: the trend turned ${input.signal.direction}`);
    }
  }
  return { type: 'none' };
}

function entryRule(input: RuleInputs): Decision {
  const { bot, run, actions, nowMs, day } = input;
  const entries = run?.entries ?? 0;
  const minutes = istMinutes(new Date(nowMs));
  const hasEntry = (sequence: number) => actions.some((action) => action.phase === 'entry' && action.sequence === sequence);
  if (bot.alertsOnly === true) return { type: 'none' };
  if (signalStrategies.includes(bot.strategy)) {
    if (minutes < clockMinutes(bot.entryFrom) || minutes >= clockMinutes(bot.entryUntil)) return { type: 'none' };
    // A skipped entry (its proposal rejected or expired on an approve-first bot, issue 41) was no trade: as on
    // AlgoTest, the next fresh signal is a new entry, under the next sequence, and the day's trades count
    // only entries taken. A refused (failed) entry still ends the day's entries, as before.
    const entryActions = actions.filter((action) => action.phase === 'entry');
    const last = entryActions.reduce((max, action) => Math.max(max, action.sequence), entries);
    const lastEntry = entryActions.find((action) => action.sequence === last);
    // The run's entries is the sequence of its last entry taken; the skipped ones before it were no trade.
    const trades = entries - entryActions.filter((action) => action.status === 'skipped' && action.sequence <= entries).length;
    if (trades >= num(bot.params.max_trades_per_day, 3) || (lastEntry !== undefined && lastEntry.status !== 'skipped' && last > entries)) return { type: 'none' };
    const signal = input.signal;
    if (signal === null || (run?.lastSignalAt != null && signal.at <= run.lastSignalAt)) return { type: 'none' };
    return { type: 'entry', action: last === 0 ? 'enter' : 're_enter', sequence: last + 1, legs: signal.direction === 'up' ? 'CE' : 'PE', signalAt: signal.at };
  }
  if (run === null || run.entries === 0) {
    if (hasEntry(1) || minutes < clockMinutes(bot.entryFrom)) return { type: 'none' };
    // An entry condition replaces the entry time: from it until the exit, the bot enters on the minute the
    // condition is met (read on the last completed minute, so a restart never acts on an old one).
    if (typeof bot.params.entry_condition === 'string' && bot.params.entry_condition !== 'none') {
      // Met on the last completed minute, which ended at the entry time at the earliest (entries wait for it).
      const met = input.conditions?.entry ?? null;
      if (met === null) return { type: 'none' };
      return { type: 'entry', action: 'enter', sequence: 1, legs: 'preset', signalAt: met.at };
    }
    // An entry time between two sessions (a drill's 10:30) finds the market shut: no entry that day, not a late one.
    if (!input.demo && inPause(input.hours, clockMinutes(bot.entryFrom))) return { type: 'none' };
    const entryAt = istInstant(day, bot.entryFrom).getTime();
    const lateMs = nowMs - entryAt;
    if (lateMs > lateEntryMs) {
      // Created, resumed or edited after today's entry time: the engine missed nothing, the bot starts next day.
      if (bot.changedAt.getTime() > entryAt) return { type: 'missed', reason: botTexts.startedAfterEntry(bot.entryFrom), tell: false };
      return { type: 'missed', reason: botTexts.missedLate(bot.entryFrom, Math.round(lateMs / 60_000)), tell: true };
    }
    return { type: 'entry', action: 'enter', sequence: 1, legs: 'preset', signalAt: null };
  }
  // Re-entry after a stop exit of the current sequence.
  const mode = bot.params.re_entry;
  if ((mode !== 'new_atm' && mode !== 'same_strike') || run.reEntriesUsed >= num(bot.params.max_re_entries, 1) || hasEntry(entries + 1)) {
    return { type: 'none' };
  }
  if (bot.weekdays === null && minutes >= clockMinutes(bot.entryUntil)) return { type: 'none' };
  const lastExit = actions.find((action) => action.phase === 'exit' && action.sequence === entries && action.status === 'completed');
  if (lastExit === undefined || !stopExits.has(lastExit.action)) return { type: 'none' };
  if (mode === 'same_strike') {
    const now = creditNow(run, input.lastPrices);
    if (now === null || now > entryCredit(run)) return { type: 'none' };
    return { type: 'entry', action: 're_enter', sequence: entries + 1, legs: 'same', signalAt: null };
  }
  return { type: 'entry', action: 're_enter', sequence: entries + 1, legs: 'preset', signalAt: null };
}

/**
 * Whether a bot is timed for a special session on a day of `hours`: its schedule lies outside the regular session
 * of that date (09:15–15:40 since 3 August 2026; bots-service accepts such a time only inside a special session the
 * exchange calendar holds, such as Muhurat trading's evening hour) and that day's session holds its entry. Such a
 * bot runs on that day whatever its weekday (the Muhurat hour of Sunday 8 November 2026): the session, not the
 * week, is its schedule. `hours.regular` is that date's regular session on a special day; a regular day's hours are it.
 */
export function timedForSession(bot: { entryFrom: string; exitTime: string }, hours: Session & { regular?: Session | undefined }): boolean {
  const regular = hours.regular ?? hours;
  const outsideRegular = [bot.entryFrom, bot.exitTime].some((time) => clockMinutes(time) < clockMinutes(regular.open) || clockMinutes(time) > clockMinutes(regular.close));
  const entry = clockMinutes(bot.entryFrom);
  return outsideRegular && entry >= clockMinutes(hours.open) && entry < clockMinutes(hours.close);
}

/**
 * Whether a bot runs on `day`: a trading day of its exchange and, for a daily bot, one of its weekdays, or any
 * day when it is timed for that day's special session (`timedForSession`). In demo mode the simulated market
 * is open every day at any hour, so a bot runs on every day the exchange would be shut and on Saturdays and
 * Sundays too (its weekdays, Monday to Friday, still choose among the others), so a new user can watch a bot
 * trade whenever they try it.
 */
export function botRunsOn(weekdays: readonly number[] | null, day: string, tradingDay: boolean, demo: boolean, timedForToday = false): boolean {
  if (!tradingDay && !demo) return false;
  if (weekdays === null || timedForToday) return true;
  const weekday = isoWeekday(day);
  return weekdays.includes(weekday) || (demo && weekday > 5);
}

export function decide(input: RuleInputs): Decision {
  const { bot } = input;
  if (bot.status === 'stopped' || !botRunsOn(bot.weekdays, input.day, input.tradingDay, input.demo, timedForSession(bot, input.hours))) return { type: 'none' };
  if (input.actions.some((action) => action.status === 'claimed')) return { type: 'none' };
  const failedLately = (action: ActionRow) => action.status === 'failed' && input.nowMs - (action.completedAt ?? action.claimedAt).getTime() < retryAfterMs;
  if (input.actions.some(failedLately)) return { type: 'none' };
  if (input.held.length > 0) return exitRule(input, Math.max(1, input.run?.entries ?? 1));
  if (bot.status !== 'active') return { type: 'none' };
  const minutes = istMinutes(new Date(input.nowMs));
  // No entry before the day's session opens (a regular bot's 09:20 on a Muhurat evening's day: the exchange is
  // shut), nor between two sessions (a drill's 10:00–11:30), nor from its effective exit on; the demo market
  // never closes.
  if (!input.demo && (minutes < clockMinutes(input.hours.open) || inPause(input.hours, minutes))) return { type: 'none' };
  if (minutes >= clockMinutes(effectiveExitTime(bot, exitHoursOf(input)))) return { type: 'none' };
  return entryRule(input);
}
