// What a bot decides on a tick (rules.ts, pure), rule by rule at its boundaries: when it enters, when an entry
// is too late and is skipped as missed, when it re-enters after a stop, when a stop-loss, target, trailing
// stop, exit time, pause or reversed signal closes the position, and when it does nothing at all (stopped,
// not its day, an action under way). exit-rules.test.ts has the per-leg stop-loss.
import { describe, expect, it } from 'vitest';
import { botTimes } from '../../../server/services/analysis/backtests/bot-looks.ts';
import type { BacktestBot } from '../../../server/services/analysis/backtests/backtest-jobs.ts';
import type { ActionRow, BotRunRow, EngineBot, HeldLeg } from '../../../server/services/bots/engine/engine-types.ts';
import { decide, effectiveExitTime, legStopCloses, profitOf, timedForSession, type RuleInputs } from '../../../server/services/bots/engine/rules.ts';
import { dailyStraddleBot, istInstant, monday } from './bot-desk.ts';

/** A regular day's hours since 3 August 2026 (migration 075) with the paper broker's 15:25 MIS square-off. */
const marketHours = { open: '09:15', close: '15:40', misSquareOff: '15:25' };

const at = (time: string, seconds = 0) => istInstant(monday, time).getTime() + seconds * 1000;
const quantity = 65;

/** A daily short straddle: both legs sold at 100, so the entry premium is 200 a unit (13,000 rupees). */
const bot = dailyStraddleBot({ id: 3, weekdays: [1, 2] });
const sold = (tradingsymbol: string, rupees: number) => ({ exchange: 'NFO', tradingsymbol, side: 'SELL' as const, quantity, pricePaise: rupees * 100 });
const premium = quantity * 200 * 100;
const run: BotRunRow = {
  state: 'in_position',
  reason: null,
  entries: 1,
  reEntriesUsed: 0,
  entryPremiumPaise: premium,
  peakProfitPaise: null,
  legs: [sold('CALLCE', 100), sold('PUTPE', 100)],
  lastSignalAt: null,
  pauseAction: null,
};
const held: HeldLeg[] = [
  { exchange: 'NFO', tradingsymbol: 'CALLCE', product: 'MIS', quantity: -quantity },
  { exchange: 'NFO', tradingsymbol: 'PUTPE', product: 'MIS', quantity: -quantity },
];
/** The straddle's legs at these prices (rupees, to the paisa). */
const straddleAt = (call: number, put: number) =>
  new Map([
    ['NFO:CALLCE', Math.round(call * 100)],
    ['NFO:PUTPE', Math.round(put * 100)],
  ]);
const flat: BotRunRow = { ...run, state: 'waiting', entries: 0, entryPremiumPaise: null, legs: [] };

const action = (overrides: Partial<ActionRow>): ActionRow => ({
  id: 1,
  kind: 'daily',
  botId: bot.id,
  day: monday,
  action: 'enter',
  sequence: 1,
  phase: 'entry',
  leg: null,
  status: 'completed',
  attempts: 1,
  claimedAt: new Date(at('09:20')),
  completedAt: new Date(at('09:20')),
  message: null,
  messageI18n: null,
  key: 'BD3-261123-E1',
  orderIds: [],
  ...overrides,
});
const entered = action({});

const holding = (overrides: Partial<RuleInputs>): RuleInputs => ({
  bot,
  run,
  held,
  lastPrices: straddleAt(100, 100),
  actions: [entered],
  nowMs: at('11:00'),
  day: monday,
  tradingDay: true,
  hours: marketHours,
  demo: false,
  signal: null,
  ...overrides,
});
const waiting = (overrides: Partial<RuleInputs>): RuleInputs => holding({ run: null, held: [], actions: [], nowMs: at('09:20'), ...overrides });

describe('a bot in a position', () => {
  it('stops out when the loss reaches stop_loss_pct of the entry premium, not a paisa before', () => {
    // 50 % of 200 a unit is 100: the straddle bought back at 300 together.
    expect(decide(holding({ lastPrices: straddleAt(199.99, 100) }))).toEqual({ type: 'none' });
    expect(decide(holding({ lastPrices: straddleAt(200, 100) }))).toEqual({ type: 'exit', action: 'stop_loss', sequence: 1, reason: 'Stop-loss: lost 50% of the entry premium' });
  });

  it('takes its target when the profit reaches target_pct of the entry premium, not a paisa before', () => {
    // 40 % of 200 a unit is 80: the straddle worth 120 together.
    expect(decide(holding({ lastPrices: straddleAt(60.01, 60) }))).toEqual({ type: 'none' });
    expect(decide(holding({ lastPrices: straddleAt(60, 60) }))).toEqual({ type: 'exit', action: 'target', sequence: 1, reason: 'Target: made 40% of the entry premium' });
  });

  it('judges a bought position the same way: its premium paid, its profit when the price rises', () => {
    const bought = { ...run, legs: [{ ...sold('CALLCE', 100), side: 'BUY' as const }], entryPremiumPaise: quantity * 100 * 100 };
    const long = { ...bot, targetPct: 50, stopLossPct: 30 };
    const callAt = (rupees: number) => new Map([['NFO:CALLCE', rupees * 100]]);
    expect(decide(holding({ bot: long, run: bought, lastPrices: callAt(149) }))).toEqual({ type: 'none' });
    expect(decide(holding({ bot: long, run: bought, lastPrices: callAt(150) }))).toMatchObject({ type: 'exit', action: 'target' });
    expect(decide(holding({ bot: long, run: bought, lastPrices: callAt(71) }))).toEqual({ type: 'none' });
    expect(decide(holding({ bot: long, run: bought, lastPrices: callAt(70) }))).toMatchObject({ type: 'exit', action: 'stop_loss' });
  });

  it('trails: once the best profit reached trail_trigger_pct, exits when the profit falls trail_step_pct below it', () => {
    const trailing = { ...bot, targetPct: 1000, params: { trailing_sl: true, trail_trigger_pct: 20, trail_step_pct: 10 } };
    // Trigger 20 % of 200 is 40 a unit; step 10 % is 20.
    const best = (rupees: number) => rupees * quantity * 100;
    expect(decide(holding({ bot: trailing, run: { ...run, peakProfitPaise: best(39.99) }, lastPrices: straddleAt(110, 110) }))).toEqual({ type: 'none' });
    expect(decide(holding({ bot: trailing, run: { ...run, peakProfitPaise: best(40) }, lastPrices: straddleAt(89.99, 90) }))).toEqual({ type: 'none' });
    expect(decide(holding({ bot: trailing, run: { ...run, peakProfitPaise: best(40) }, lastPrices: straddleAt(90, 90) }))).toEqual({
      type: 'exit',
      action: 'trailing_stop',
      sequence: 1,
      reason: 'Trailing stop: profit fell back from its best',
    });
    // The best so far may be this very tick's profit: no exit at the peak itself.
    expect(decide(holding({ bot: trailing, lastPrices: straddleAt(70, 70) }))).toEqual({ type: 'none' });
    // A leg without a price, or a run that records no legs, is no profit known: no trailing exit on it.
    const peaked = { ...run, peakProfitPaise: best(40) };
    expect(decide(holding({ bot: trailing, run: peaked, lastPrices: new Map([['NFO:CALLCE', 10_000]]) }))).toEqual({ type: 'none' });
    expect(decide(holding({ bot: trailing, run: { ...peaked, legs: [] } }))).toEqual({ type: 'none' });
    // Without trailing_sl the same fall is nothing.
    expect(decide(holding({ run: { ...run, peakProfitPaise: best(40) }, lastPrices: straddleAt(90, 90) }))).toEqual({ type: 'none' });
  });

  it('trails by 20 % and 10 % of the premium when the bot does not say', () => {
    const trailing = { ...bot, targetPct: 1000, params: { trailing_sl: true } };
    const peak = 40 * quantity * 100;
    expect(decide(holding({ bot: trailing, run: { ...run, peakProfitPaise: peak }, lastPrices: straddleAt(89.99, 90) }))).toEqual({ type: 'none' });
    expect(decide(holding({ bot: trailing, run: { ...run, peakProfitPaise: peak }, lastPrices: straddleAt(90, 90) }))).toMatchObject({ action: 'trailing_stop' });
    expect(decide(holding({ bot: trailing, run: { ...run, peakProfitPaise: peak - 1 }, lastPrices: straddleAt(100, 100) }))).toEqual({ type: 'none' });
  });

  it('decides no stop-loss or target while a leg has no price', () => {
    expect(decide(holding({ lastPrices: new Map([['NFO:CALLCE', 50_000]]) }))).toEqual({ type: 'none' });
    expect(profitOf(run, new Map([['NFO:CALLCE', 50_000]]))).toBeNull();
  });

  it('exits at exit_time, from that very minute', () => {
    expect(decide(holding({ nowMs: at('15:09', 59) }))).toEqual({ type: 'none' });
    expect(decide(holding({ nowMs: at('15:10') }))).toEqual({ type: 'exit', action: 'exit', sequence: 1, reason: 'Exit time 15:10' });
  });

  it('exits legs left from an earlier day at once, whatever their prices', () => {
    const left = { type: 'exit', action: 'exit', sequence: 1, reason: 'Exit of a position left from an earlier trading day (its exit was missed)' };
    expect(decide(holding({ run: null, actions: [] }))).toEqual(left);
    expect(decide(holding({ run: flat, actions: [] }))).toEqual(left);
  });

  it('exits a paused bot at once when the trader chose exit_now, and keeps managing it when not', () => {
    const paused = { ...bot, status: 'paused' as const };
    expect(decide(holding({ bot: paused, run: { ...run, pauseAction: 'exit_now' } }))).toEqual({ type: 'exit', action: 'pause_exit', sequence: 1, reason: 'Paused: exit now' });
    expect(decide(holding({ bot: paused, run: { ...run, pauseAction: 'keep_managing' } }))).toEqual({ type: 'none' });
    expect(decide(holding({ bot: paused, run: { ...run, pauseAction: 'keep_managing' }, lastPrices: straddleAt(200, 100) }))).toMatchObject({ action: 'stop_loss' });
    // An active bot whose run still says exit_now (it was resumed) keeps its position.
    expect(decide(holding({ run: { ...run, pauseAction: 'exit_now' } }))).toEqual({ type: 'none' });
  });

  it('judges nothing on a run without an entry premium', () => {
    for (const entryPremiumPaise of [null, 0]) {
      expect(decide(holding({ run: { ...run, entryPremiumPaise }, lastPrices: straddleAt(400, 400) }))).toEqual({ type: 'none' });
    }
    expect(decide(holding({ run: { ...run, legs: [] }, lastPrices: straddleAt(400, 400) }))).toEqual({ type: 'none' });
  });

  it('exits under the sequence of the latest entry', () => {
    expect(decide(holding({ run: { ...run, entries: 2 }, lastPrices: straddleAt(200, 100) }))).toMatchObject({ action: 'stop_loss', sequence: 2 });
  });

  it('does nothing while one of its actions is under way, nor for a minute after one failed', () => {
    const dueExit = { nowMs: at('15:10') };
    expect(decide(holding({ ...dueExit, actions: [entered, action({ action: 'stop_loss', phase: 'exit', status: 'claimed', claimedAt: new Date(at('15:05')), completedAt: null })] }))).toEqual({ type: 'none' });
    // A failed action without its end time counts from its claim.
    const failed = action({ action: 'exit', phase: 'exit', status: 'failed', claimedAt: new Date(at('15:09', 30)), completedAt: null });
    expect(decide(holding({ ...dueExit, actions: [entered, failed] }))).toEqual({ type: 'none' });
    expect(decide(holding({ nowMs: at('15:10', 30), actions: [entered, failed] }))).toMatchObject({ action: 'exit' });
  });

  it('acts at once after an action that went through: only a failed one makes it wait a minute', () => {
    const justEntered = action({ completedAt: new Date(at('10:59', 50)) });
    expect(decide(holding({ actions: [justEntered], lastPrices: straddleAt(200, 100) }))).toMatchObject({ type: 'exit', action: 'stop_loss' });
  });

  it('does nothing when stopped or when it does not run today, even at its exit time', () => {
    expect(decide(holding({ bot: { ...bot, status: 'stopped' }, nowMs: at('15:10') }))).toEqual({ type: 'none' });
    expect(decide(holding({ tradingDay: false, nowMs: at('15:10') }))).toEqual({ type: 'none' });
  });
});

describe('a signal-driven bot', () => {
  const buyer: EngineBot = { ...bot, kind: 'trading', strategy: 'trend_option_buyer', entryFrom: '09:30', entryUntil: '14:30', weekdays: null, params: {} };
  const signal = (direction: 'up' | 'down', time = '10:00') => ({ direction, at: new Date(at(time)) });
  const boughtCall: BotRunRow = { ...run, legs: [{ ...sold('CALLCE', 100), side: 'BUY' }], lastSignalAt: new Date(at('09:45')) };
  const boughtPut: BotRunRow = { ...run, legs: [{ ...sold('PUTPE', 100), side: 'BUY' }], lastSignalAt: new Date(at('09:45')) };
  const calm = straddleAt(100, 100);
  const reversing = { ...buyer, params: { exit_on_reverse_signal: true } };

  it('enters on a fresh signal inside its window: a call on a rise, a put on a fall', () => {
    expect(decide(waiting({ bot: buyer, nowMs: at('10:00'), signal: signal('up') }))).toEqual({ type: 'entry', action: 'enter', sequence: 1, legs: 'CE', signalAt: new Date(at('10:00')) });
    expect(decide(waiting({ bot: buyer, nowMs: at('10:00'), signal: signal('down') }))).toMatchObject({ action: 'enter', legs: 'PE' });
    expect(decide(waiting({ bot: buyer, nowMs: at('10:00'), signal: null }))).toEqual({ type: 'none' });
  });

  it('enters from entry_from and stops entering at entry_until', () => {
    expect(decide(waiting({ bot: buyer, nowMs: at('09:29', 59), signal: signal('up', '09:25') }))).toEqual({ type: 'none' });
    expect(decide(waiting({ bot: buyer, nowMs: at('09:30'), signal: signal('up', '09:30') }))).toMatchObject({ type: 'entry' });
    expect(decide(waiting({ bot: buyer, nowMs: at('14:29', 59), signal: signal('up', '14:25') }))).toMatchObject({ type: 'entry' });
    expect(decide(waiting({ bot: buyer, nowMs: at('14:30'), signal: signal('up', '14:30') }))).toEqual({ type: 'none' });
  });

  it('acts on a signal once, and trades at most max_trades_per_day times (3 unless said)', () => {
    const after = (entries: number, lastSignal: string) => ({ ...flat, entries, lastSignalAt: new Date(at(lastSignal)) });
    expect(decide(waiting({ bot: buyer, run: after(1, '10:00'), nowMs: at('10:05'), signal: signal('down', '10:00') }))).toEqual({ type: 'none' });
    expect(decide(waiting({ bot: buyer, run: after(1, '10:00'), nowMs: at('10:30'), signal: signal('down', '10:30') }))).toEqual({
      type: 'entry',
      action: 're_enter',
      sequence: 2,
      legs: 'PE',
      signalAt: new Date(at('10:30')),
    });
    expect(decide(waiting({ bot: buyer, run: after(2, '10:30'), nowMs: at('11:00'), signal: signal('up', '11:00') }))).toMatchObject({ sequence: 3 });
    expect(decide(waiting({ bot: buyer, run: after(3, '11:00'), nowMs: at('11:30'), signal: signal('down', '11:30') }))).toEqual({ type: 'none' });
    const four = { ...buyer, params: { max_trades_per_day: 4 } };
    expect(decide(waiting({ bot: four, run: after(3, '11:00'), nowMs: at('11:30'), signal: signal('down', '11:30') }))).toMatchObject({ sequence: 4 });
    // An entry of that sequence already claimed or done: not again.
    expect(decide(waiting({ bot: buyer, run: after(1, '10:00'), nowMs: at('10:30'), signal: signal('down', '10:30'), actions: [action({ sequence: 2, action: 're_enter', status: 'failed', completedAt: new Date(at('10:00')) })] }))).toEqual({ type: 'none' });
  });

  it('exits on a fresh signal against the option it holds, with exit_on_reverse_signal', () => {
    expect(decide(holding({ bot: reversing, run: boughtCall, lastPrices: calm, signal: signal('down') }))).toEqual({ type: 'exit', action: 'signal_exit', sequence: 1, reason: 'Signal: the trend turned down' });
    expect(decide(holding({ bot: reversing, run: boughtPut, lastPrices: calm, signal: signal('up') }))).toMatchObject({ action: 'signal_exit', reason: 'Signal: the trend turned up' });
    expect(decide(holding({ bot: reversing, run: boughtCall, lastPrices: calm, signal: signal('up') }))).toEqual({ type: 'none' });
    expect(decide(holding({ bot: reversing, run: boughtPut, lastPrices: calm, signal: signal('down') }))).toEqual({ type: 'none' });
    // The signal it entered on, or an older one, is no reason to leave.
    expect(decide(holding({ bot: reversing, run: boughtCall, lastPrices: calm, signal: signal('down', '09:45') }))).toEqual({ type: 'none' });
    expect(decide(holding({ bot: reversing, run: { ...boughtCall, lastSignalAt: null }, lastPrices: calm, signal: signal('down', '09:45') }))).toMatchObject({ action: 'signal_exit' });
    expect(decide(holding({ bot: buyer, run: boughtCall, lastPrices: calm, signal: signal('down') }))).toEqual({ type: 'none' });
    expect(decide(holding({ bot: reversing, run: boughtCall, lastPrices: calm, signal: null }))).toEqual({ type: 'none' });
  });
});

describe('a daily bot without a position', () => {
  it('enters at its entry time, not a second before', () => {
    expect(decide(waiting({ nowMs: at('09:19', 59) }))).toEqual({ type: 'none' });
    expect(decide(waiting({ nowMs: at('09:20') }))).toEqual({ type: 'entry', action: 'enter', sequence: 1, legs: 'preset', signalAt: null });
  });

  it('still enters up to 10 minutes late, and later records the entry as missed with how late it was', () => {
    expect(decide(waiting({ nowMs: at('09:30') }))).toMatchObject({ type: 'entry', action: 'enter' });
    const missed = decide(waiting({ nowMs: at('09:30', 1) }));
    expect(missed).toMatchObject({ type: 'missed', reason: { text: 'Entry at 09:20 missed: the engine ran 10 minutes late (more than 10), so it did not enter' } });
    expect(decide(waiting({ nowMs: at('09:44', 50) }))).toMatchObject({ reason: { i18n: { params: { time: '09:20', minutes: 25 } } }, tell: true });
  });

  it('started after its entry time, it missed nothing: no late entry claimed, no alert, the first entry is the next day', () => {
    const createdLate = { ...bot, changedAt: new Date(at('11:02')) };
    expect(decide(waiting({ bot: createdLate, nowMs: at('11:02', 30) }))).toEqual({
      type: 'missed',
      reason: { text: "Started after today's entry time (09:20): the first entry is on the next trading day", i18n: { code: 'bot.started_after_entry', params: { time: '09:20' } } },
      tell: false,
    });
    // Resumed within the ten minutes an entry may be late: it still enters.
    expect(decide(waiting({ bot: { ...bot, changedAt: new Date(at('09:24')) }, nowMs: at('09:25') }))).toMatchObject({ type: 'entry', action: 'enter' });
  });

  it('enters once: not after its entry was claimed, done or failed, nor after its exit time, nor when paused or stopped', () => {
    for (const status of ['claimed', 'completed', 'failed', 'skipped'] as const) {
      expect(decide(waiting({ nowMs: at('09:25'), actions: [action({ status, completedAt: new Date(at('09:20')) })] }))).toEqual({ type: 'none' });
    }
    expect(decide(waiting({ bot: { ...bot, entryFrom: '15:10', entryUntil: '15:10' }, nowMs: at('15:10') }))).toEqual({ type: 'none' });
    expect(decide(waiting({ bot: { ...bot, status: 'paused' } }))).toEqual({ type: 'none' });
    expect(decide(waiting({ bot: { ...bot, status: 'stopped' } }))).toEqual({ type: 'none' });
  });

  it('enters when its run of the day was written before any entry (paused and resumed in the morning)', () => {
    expect(decide(waiting({ run: flat }))).toMatchObject({ type: 'entry', action: 'enter', sequence: 1 });
  });

  it('enters on a day that began by exiting legs left from an earlier day (that exit is no entry)', () => {
    const leftover = action({ action: 'exit', phase: 'exit', sequence: 1, claimedAt: new Date(at('09:15')), completedAt: new Date(at('09:15')) });
    expect(decide(waiting({ actions: [leftover] }))).toMatchObject({ type: 'entry', action: 'enter', sequence: 1 });
  });

  it('runs only on its weekdays when the exchange trades', () => {
    expect(decide(waiting({ bot: { ...bot, weekdays: [3] } }))).toEqual({ type: 'none' });
    expect(decide(waiting({ tradingDay: false }))).toEqual({ type: 'none' });
    expect(decide(waiting({ tradingDay: false, demo: true }))).toMatchObject({ type: 'entry' });
  });
});

describe('re-entry after a stop', () => {
  const stoppedOut: BotRunRow = { ...run, state: 'waiting', entries: 1 };
  const exitAction = (name: ActionRow['action'], status: ActionRow['status'] = 'completed', sequence = 1) =>
    action({ id: 2, action: name, phase: 'exit', sequence, status, claimedAt: new Date(at('10:00')), completedAt: new Date(at('10:00')) });
  const reEntering = (mode: string, overrides: Partial<RuleInputs> = {}, params: Record<string, unknown> = {}) =>
    waiting({ bot: { ...bot, params: { re_entry: mode, ...params } }, run: stoppedOut, nowMs: at('10:05'), actions: [entered, exitAction('stop_loss')], ...overrides });

  it('enters again around the money after a stop-loss, a per-leg stop or a trailing stop, with new_atm', () => {
    for (const stop of ['stop_loss', 'leg_stop_loss', 'trailing_stop'] as const) {
      expect(decide(reEntering('new_atm', { actions: [entered, exitAction(stop)] }))).toEqual({ type: 'entry', action: 're_enter', sequence: 2, legs: 'preset', signalAt: null });
    }
  });

  it('never re-enters after a target, the exit time, a failed exit or an exit of an earlier sequence, nor without re_entry', () => {
    for (const exit of [exitAction('target'), exitAction('exit'), exitAction('stop_loss', 'failed'), exitAction('stop_loss', 'completed', 2)]) {
      expect(decide(reEntering('new_atm', { actions: [entered, exit] }))).toEqual({ type: 'none' });
    }
    expect(decide(reEntering('none'))).toEqual({ type: 'none' });
  });

  it('re-enters at most max_re_entries times a day (once unless said), and a sequence once', () => {
    expect(decide(reEntering('new_atm', { run: { ...stoppedOut, reEntriesUsed: 1 } }))).toEqual({ type: 'none' });
    expect(decide(reEntering('new_atm', { run: { ...stoppedOut, reEntriesUsed: 1 } }, { max_re_entries: 2 }))).toMatchObject({ action: 're_enter', sequence: 2 });
    expect(decide(reEntering('new_atm', { actions: [entered, exitAction('stop_loss'), action({ id: 3, action: 're_enter', sequence: 2, status: 'skipped' })] }))).toEqual({ type: 'none' });
  });

  it('with same_strike, enters the same legs again once their premium is back to the entry premium', () => {
    expect(decide(reEntering('same_strike', { lastPrices: straddleAt(100.01, 100) }))).toEqual({ type: 'none' });
    expect(decide(reEntering('same_strike', { lastPrices: straddleAt(100, 100) }))).toEqual({ type: 'entry', action: 're_enter', sequence: 2, legs: 'same', signalAt: null });
    expect(decide(reEntering('same_strike', { lastPrices: straddleAt(80, 110) }))).toMatchObject({ legs: 'same' });
    expect(decide(reEntering('same_strike', { lastPrices: new Map([['NFO:CALLCE', 5000]]) }))).toEqual({ type: 'none' });
  });

  it('judges a debit position’s premium with its bought legs counted against it', () => {
    // A call spread bought for 30 net (long 100, short 70), stopped out as it lost value: it re-enters once it
    // costs 30 again, not while it is cheaper.
    const spread: BotRunRow = { ...stoppedOut, legs: [{ ...sold('LONGCE', 100), side: 'BUY' }, sold('SHORTCE', 70)] };
    const spreadAt = (long: number, short: number) => new Map([['NFO:LONGCE', long * 100], ['NFO:SHORTCE', short * 100]]);
    expect(decide(reEntering('same_strike', { run: spread, lastPrices: spreadAt(100, 71) }))).toEqual({ type: 'none' });
    expect(decide(reEntering('same_strike', { run: spread, lastPrices: spreadAt(100, 70) }))).toMatchObject({ legs: 'same' });
  });

  it('a trading bot re-enters only until entry_until', () => {
    const trading = { ...bot, kind: 'trading' as const, weekdays: null, entryFrom: '09:20', entryUntil: '10:05', params: { re_entry: 'new_atm' } };
    expect(decide(reEntering('new_atm', { bot: trading, nowMs: at('10:04', 59) }))).toMatchObject({ action: 're_enter' });
    expect(decide(reEntering('new_atm', { bot: trading, nowMs: at('10:05') }))).toEqual({ type: 'none' });
    // A daily bot's entry time is no limit on its re-entry.
    expect(decide(reEntering('new_atm', { nowMs: at('14:00') }))).toMatchObject({ action: 're_enter' });
  });
});

describe('what a per-leg stop closes', () => {
  const condor = [
    { exchange: 'NFO', tradingsymbol: 'WINGCE', side: 'BUY' as const, quantity, pricePaise: 1000 },
    sold('SHORTCE', 40),
    sold('SHORTPE', 40),
    { exchange: 'NFO', tradingsymbol: 'WINGPE', side: 'BUY' as const, quantity, pricePaise: 1000 },
  ];

  it('closes the leg with the open hedges of its own side, and says when no sold leg is left', () => {
    expect(legStopCloses(condor, 1)).toEqual({ closes: ['NFO:WINGCE', 'NFO:SHORTCE'], last: false });
    expect(legStopCloses(condor, 2)).toEqual({ closes: ['NFO:SHORTPE', 'NFO:WINGPE'], last: false });
    const callSideClosed = condor.map((leg, index) => (index < 2 ? { ...leg, exitPricePaise: 500 } : leg));
    expect(legStopCloses(callSideClosed, 2)).toEqual({ closes: ['NFO:SHORTPE', 'NFO:WINGPE'], last: true });
    const wingClosed = condor.map((leg, index) => (index === 3 ? { ...leg, exitPricePaise: 500 } : leg));
    expect(legStopCloses(wingClosed, 2)).toEqual({ closes: ['NFO:SHORTPE'], last: false });
  });
});

describe('conditions, product and points (issue 40)', () => {
  const met = (time: string) => ({ at: new Date(at(time)), text: 'the 09:20 straddle fell 20% from 200.00 to 160.00' });

  it('stops out and takes profit in points of the combined premium per unit, not a paisa before', () => {
    const points = { ...bot, params: { risk_unit: 'points', stop_loss_points: 30, target_points: 50 } };
    // Sold at 200 a unit: 30 points against is 230, 50 points in favour is 150.
    expect(decide(holding({ bot: points, lastPrices: straddleAt(129.99, 100) }))).toEqual({ type: 'none' });
    expect(decide(holding({ bot: points, lastPrices: straddleAt(130, 100) }))).toEqual({
      type: 'exit',
      action: 'stop_loss',
      sequence: 1,
      reason: 'Stop-loss: the combined premium moved 30 points against the position',
    });
    expect(decide(holding({ bot: points, lastPrices: straddleAt(75.01, 75) }))).toEqual({ type: 'none' });
    expect(decide(holding({ bot: points, lastPrices: straddleAt(75, 75) }))).toMatchObject({ type: 'exit', action: 'target' });
  });

  it('exits an MIS bot at 15:24 when its exit time is later, and takes no entry from then on; NRML keeps its exit time', () => {
    const mis = { ...bot, exitTime: '15:28', params: { product: 'MIS' } };
    expect(decide(holding({ bot: mis, nowMs: at('15:23', 59) }))).toEqual({ type: 'none' });
    expect(decide(holding({ bot: mis, nowMs: at('15:24') }))).toMatchObject({ type: 'exit', action: 'exit', reason: "MIS: flat before the broker's 15:25 square-off (exit at 15:24)" });
    expect(decide(holding({ bot: { ...mis, params: {} }, nowMs: at('15:24') }))).toEqual({ type: 'none' });
    expect(decide(waiting({ bot: { ...mis, entryFrom: '15:24', entryUntil: '15:24' }, nowMs: at('15:24') }))).toEqual({ type: 'none' });
    expect(decide(waiting({ bot: { ...mis, params: {}, entryFrom: '15:24', entryUntil: '15:24' }, nowMs: at('15:24') }))).toMatchObject({ type: 'entry' });
  });

  it('enters on its entry condition instead of its entry time, and not before the entry time', () => {
    const conditioned = { ...bot, params: { entry_condition: 'premium_falls' } };
    expect(decide(waiting({ bot: conditioned, nowMs: at('09:20') }))).toEqual({ type: 'none' });
    expect(decide(waiting({ bot: conditioned, nowMs: at('09:19', 30), conditions: { entry: met('09:19'), exit: null } }))).toEqual({ type: 'none' });
    expect(decide(waiting({ bot: conditioned, nowMs: at('10:05', 2), conditions: { entry: met('10:05'), exit: null } }))).toEqual({
      type: 'entry',
      action: 'enter',
      sequence: 1,
      legs: 'preset',
      signalAt: new Date(at('10:05')),
    });
  });

  it('exits on its exit condition only for a minute that ended after the entry', () => {
    const conditioned = { ...bot, params: { exit_condition: 'premium_crosses_above_vwap' } };
    expect(decide(holding({ bot: conditioned, conditions: { entry: null, exit: met('09:20') } }))).toEqual({ type: 'none' });
    expect(decide(holding({ bot: conditioned, conditions: { entry: null, exit: met('09:21') } }))).toEqual({
      type: 'exit',
      action: 'condition_exit',
      sequence: 1,
      reason: 'Exit condition: the 09:20 straddle fell 20% from 200.00 to 160.00',
    });
  });
});

// A special session's own hours (issue 39): the exit and the MIS cut-off follow the day's session (trading-calendar.ts
// dayHours), one rule for paper, live, backtests and replays. Sunday 8 November 2026: Muhurat trading 18:00–19:00,
// the broker's MIS square-off at 18:50.
describe('a special session (Muhurat trading)', () => {
  const sunday = '2026-11-08';
  const muhurat = { open: '18:00', close: '19:00', misSquareOff: '18:50', regular: { open: '09:15', close: '15:40' } };
  const onSunday = (time: string, seconds = 0) => istInstant(sunday, time).getTime() + seconds * 1000;
  const evening = { ...bot, entryFrom: '18:05', entryUntil: '18:05', exitTime: '18:55' };
  const mis = { ...evening, params: { product: 'MIS' } };
  const sundayRun = { day: sunday, hours: muhurat, actions: [] };

  it('enters a bot timed inside the session on its day, whatever the weekday, and an MIS one too', () => {
    expect(timedForSession(evening, muhurat)).toBe(true);
    expect(timedForSession(bot, muhurat)).toBe(false);
    expect(decide(waiting({ ...sundayRun, bot: evening, nowMs: onSunday('18:05') }))).toMatchObject({ type: 'entry', action: 'enter' });
    expect(decide(waiting({ ...sundayRun, bot: mis, nowMs: onSunday('18:05') }))).toMatchObject({ type: 'entry', action: 'enter' });
    // The same Sunday at regular hours is closed: a regular bot does not run (nor would on a weekday's Muhurat
    // day before the session opens).
    expect(decide(waiting({ ...sundayRun, bot: { ...bot, weekdays: [1, 2, 3, 4, 5, 7] }, nowMs: onSunday('09:20') }))).toEqual({ type: 'none' });
    // Not on a regular Monday: the evening is outside its session.
    expect(decide(waiting({ bot: evening, nowMs: at('18:05') }))).toEqual({ type: 'none' });
  });

  it("exits an MIS bot a minute before the session's own square-off (18:49), not at 15:24; NRML at its exit time", () => {
    const held = { ...sundayRun, actions: [{ ...entered, day: sunday }] };
    expect(decide(holding({ ...held, bot: mis, nowMs: onSunday('18:48', 59) }))).toEqual({ type: 'none' });
    expect(decide(holding({ ...held, bot: mis, nowMs: onSunday('18:49') }))).toEqual({
      type: 'exit',
      action: 'exit',
      sequence: 1,
      reason: "MIS: flat before the broker's 18:50 square-off (exit at 18:49)",
    });
    expect(effectiveExitTime(mis, muhurat)).toBe('18:49');
    expect(decide(holding({ ...held, bot: evening, nowMs: onSunday('18:54') }))).toEqual({ type: 'none' });
    expect(decide(holding({ ...held, bot: evening, nowMs: onSunday('18:55') }))).toMatchObject({ type: 'exit', reason: 'Exit time 18:55' });
  });

  it("brings an exit after the session's close back to its last minute; a regular day keeps 15:24 and the exit time", () => {
    const drill = { open: '09:15', close: '10:00', misSquareOff: '09:15' };
    expect(effectiveExitTime(bot, drill)).toBe('09:59');
    // The drills took no MIS order: an MIS bot's cut-off is before the open, so it never enters.
    expect(effectiveExitTime({ ...bot, params: { product: 'MIS' } }, drill)).toBe('09:14');
    expect(effectiveExitTime({ ...bot, exitTime: '15:15' }, marketHours)).toBe('15:15');
    expect(effectiveExitTime({ ...bot, exitTime: '15:28', params: { product: 'MIS' } }, marketHours)).toBe('15:24');
    // Demo mode's market never closes: only the MIS square-off bounds a bot there.
    expect(decide(holding({ bot: { ...bot, exitTime: '21:00' }, nowMs: at('20:00'), demo: true }))).toEqual({ type: 'none' });
  });

  it("is shut between a drill's two sessions (09:15–10:00, 11:30–12:30): no entry, no exit, an exit due then comes before", () => {
    const saturday = '2024-03-02';
    const drill = { open: '09:15', close: '12:30', misSquareOff: '09:15', pause: { from: '10:00', until: '11:30' } };
    const onDrill = (time: string) => istInstant(saturday, time).getTime();
    const drillBot = { ...bot, weekdays: [6] };
    const drillDay = { day: saturday, hours: drill };
    expect(decide(waiting({ ...drillDay, bot: drillBot, nowMs: onDrill('09:20') }))).toMatchObject({ type: 'entry', action: 'enter' });
    // An entry time while the market is shut: no entry then, and none at 11:30 as a late one (nor "missed").
    const shutEntry = { ...drillBot, entryFrom: '10:30', entryUntil: '10:30' };
    expect(decide(waiting({ ...drillDay, bot: shutEntry, nowMs: onDrill('10:30') }))).toEqual({ type: 'none' });
    expect(decide(waiting({ ...drillDay, bot: shutEntry, nowMs: onDrill('11:30') }))).toEqual({ type: 'none' });
    // Holding through the stretch: a stop-loss price then is not acted on until the second session opens.
    const held = { ...drillDay, bot: { ...drillBot, exitTime: '12:15' }, actions: [{ ...entered, day: saturday }], lastPrices: straddleAt(200, 100) };
    expect(decide(holding({ ...held, nowMs: onDrill('10:30') }))).toEqual({ type: 'none' });
    expect(decide(holding({ ...held, nowMs: onDrill('11:30') }))).toMatchObject({ type: 'exit', action: 'stop_loss' });
    // An exit time falling in the stretch is the first session's last minute; one after the day's close its last.
    expect(effectiveExitTime({ ...bot, exitTime: '11:00' }, drill)).toBe('09:59');
    expect(decide(holding({ ...held, bot: { ...drillBot, exitTime: '11:00' }, lastPrices: straddleAt(100, 100), nowMs: onDrill('09:59') }))).toMatchObject({
      type: 'exit',
      reason: 'The session closes at 10:00: exit at 09:59',
    });
    expect(effectiveExitTime({ ...bot, exitTime: '12:15' }, drill)).toBe('12:15');
    expect(effectiveExitTime({ ...bot, exitTime: '15:15' }, drill)).toBe('12:29');
    // A backtest's and a replay's looks skip the stretch (bot-looks.ts).
    const looks = botTimes({ kind: 'daily', entry_time: '09:20', exit_time: '12:15', strategy: 'short_straddle', params: {} } as unknown as BacktestBot, 5, drill);
    expect(looks.filter((minute) => minute >= 600 && minute < 690)).toEqual([]);
    expect([looks[0], looks.at(-1), looks.includes(690)]).toEqual([560, 735, true]);
  });
});
