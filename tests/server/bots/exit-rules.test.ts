// The exit rules on their own (pure): the per-leg stop-loss watches sold legs only, closes that leg with its
// side's hedge and keeps the rest (the rest's stop at cost with move_sl_to_cost), 0 turns it off, and a failed
// action waits a minute before the next try instead of placing orders on every tick.
import { describe, expect, it } from 'vitest';
import type { ActionRow, BotRunRow, EngineBot } from '../../../server/services/bots/engine/engine-types.ts';
import { decide, legStopCloses, retryAfterMs, type RuleInputs } from '../../../server/services/bots/engine/rules.ts';
import { istInstant, monday } from './bot-desk.ts';

/** A regular day's hours since 3 August 2026 (migration 075) with the paper broker's 15:25 MIS square-off. */
const marketHours = { open: '09:15', close: '15:40', misSquareOff: '15:25' };

const bot: EngineBot = {
  kind: 'daily',
  id: 7,
  name: 'Condor',
  portfolioId: 1,
  userId: 1,
  account: { id: 1, accountNumber: 'PA1', capitalPaise: 100_000_000 },
  broker: 'paper',
  sessionOpen: true,
  status: 'active',
  strategy: 'iron_condor',
  underlying: 'NIFTY',
  lots: 1,
  stopLossPct: 100,
  targetPct: 1000,
  params: { leg_stop_loss_pct: 30 },
  entryFrom: '09:20',
  entryUntil: '09:20',
  exitTime: '15:10',
  weekdays: [1],
  changedAt: new Date(0),
};
const leg = (tradingsymbol: string, side: 'BUY' | 'SELL', price: number) => ({ exchange: 'NFO', tradingsymbol, side, quantity: 65, pricePaise: price * 100 });
const run: BotRunRow = {
  state: 'in_position',
  reason: null,
  entries: 1,
  reEntriesUsed: 0,
  entryPremiumPaise: 65 * 4000,
  peakProfitPaise: null,
  legs: [leg('WINGCE', 'BUY', 10), leg('SHORTCE', 'SELL', 40), leg('SHORTPE', 'SELL', 40), leg('WINGPE', 'BUY', 10)],
  lastSignalAt: null,
  pauseAction: null,
};
const prices = (wings: number, shorts: number) =>
  new Map([
    ['NFO:WINGCE', wings * 100],
    ['NFO:WINGPE', wings * 100],
    ['NFO:SHORTCE', shorts * 100],
    ['NFO:SHORTPE', shorts * 100],
  ]);
const at = (time: string) => istInstant(monday, time).getTime();
const inputs = (overrides: Partial<RuleInputs>): RuleInputs => ({
  bot,
  run,
  held: run.legs.map((l) => ({ exchange: l.exchange, tradingsymbol: l.tradingsymbol, product: 'NRML', quantity: l.side === 'BUY' ? l.quantity : -l.quantity })),
  lastPrices: prices(10, 40),
  actions: [],
  nowMs: at('10:00'),
  day: monday,
  tradingDay: true,
  hours: marketHours,
  demo: false,
  signal: null,
  ...overrides,
});

describe('exit rules', () => {
  it('stops out a sold leg that rose by leg_stop_loss_pct with its side’s hedge only, never on a bought wing that fell', () => {
    expect(decide(inputs({ lastPrices: prices(2, 40) }))).toEqual({ type: 'none' });
    const callUp = new Map([...prices(10, 40), ['NFO:SHORTCE', 5200]]);
    expect(decide(inputs({ lastPrices: callUp }))).toEqual({
      type: 'adjust',
      action: 'leg_stop_loss',
      sequence: 1,
      reason: 'Leg stop-loss: SHORTCE rose 30% above its entry',
      leg: { index: 1, tradingsymbol: 'SHORTCE' },
      closes: ['NFO:WINGCE', 'NFO:SHORTCE'],
    });
  });

  it('exits the rest when the last open sold leg stops; with move_sl_to_cost that leg’s stop is its entry price', () => {
    const callClosed: BotRunRow = { ...run, legs: run.legs.map((l) => (l.side === 'BUY' && l.tradingsymbol === 'WINGCE' ? { ...l, exitPricePaise: 500 } : l.tradingsymbol === 'SHORTCE' ? { ...l, exitPricePaise: 5200 } : l)) };
    const held = inputs({}).held.filter((l) => l.tradingsymbol.endsWith('PE'));
    const putAt = (rupees: number) => new Map([...prices(10, 40), ['NFO:SHORTPE', rupees * 100]]);
    // Without move_sl_to_cost the put keeps its 30 % stop: at its entry price, nothing.
    expect(decide(inputs({ run: callClosed, held, lastPrices: putAt(40) }))).toEqual({ type: 'none' });
    expect(decide(inputs({ run: callClosed, held, lastPrices: putAt(52) }))).toEqual({
      type: 'exit',
      action: 'leg_stop_loss',
      sequence: 1,
      reason: 'Leg stop-loss: SHORTPE rose 30% above its entry',
      leg: { index: 2, tradingsymbol: 'SHORTPE' },
    });
    const atCost = { ...bot, params: { leg_stop_loss_pct: 30, move_sl_to_cost: true } };
    expect(decide(inputs({ bot: atCost, run: callClosed, held, lastPrices: putAt(39.95) }))).toEqual({ type: 'none' });
    expect(decide(inputs({ bot: atCost, run: callClosed, held, lastPrices: putAt(40) }))).toMatchObject({
      type: 'exit',
      action: 'leg_stop_loss',
      reason: 'Leg stop-loss: SHORTPE back at its entry price (stop moved to cost)',
    });
  });

  it('keeps judging the combined stop-loss on the whole day’s position: a stopped leg counts at its exit price', () => {
    // The call leg was bought back at 70 (a 30 loss a unit; its wing sold at 30, a 20 gain): 10 a unit lost.
    // Premium at entry 60 a unit; a 25 % stop-loss is 15 a unit. The put side losing 5 more (short at 45) trips it.
    const tight = { ...bot, stopLossPct: 25, params: { leg_stop_loss_pct: 0 } };
    const legs = run.legs.map((l) => (l.tradingsymbol === 'SHORTCE' ? { ...l, exitPricePaise: 7000 } : l.tradingsymbol === 'WINGCE' ? { ...l, exitPricePaise: 3000 } : l));
    const held = inputs({}).held.filter((l) => l.tradingsymbol.endsWith('PE'));
    const putAt = (rupees: number) => new Map([...prices(10, 40), ['NFO:SHORTPE', rupees * 100]]);
    expect(decide(inputs({ bot: tight, run: { ...run, entryPremiumPaise: 65 * 6000, legs }, held, lastPrices: putAt(44.9) }))).toEqual({ type: 'none' });
    expect(decide(inputs({ bot: tight, run: { ...run, entryPremiumPaise: 65 * 6000, legs }, held, lastPrices: putAt(45) }))).toMatchObject({ type: 'exit', action: 'stop_loss' });
  });

  it('moves the stop to cost only once a sold leg was stopped, not when a bought wing was closed', () => {
    const atCost = { ...bot, params: { leg_stop_loss_pct: 30, move_sl_to_cost: true } };
    const callUp = (rupees: number) => new Map([...prices(10, 40), ['NFO:SHORTCE', rupees * 100]]);
    expect(decide(inputs({ bot: atCost, lastPrices: callUp(51.99) }))).toEqual({ type: 'none' });
    expect(decide(inputs({ bot: atCost, lastPrices: callUp(52) }))).toMatchObject({ type: 'adjust', reason: 'Leg stop-loss: SHORTCE rose 30% above its entry' });
    const wingSold: BotRunRow = { ...run, legs: run.legs.map((l) => (l.tradingsymbol === 'WINGPE' ? { ...l, exitPricePaise: 500 } : l)) };
    expect(decide(inputs({ bot: atCost, run: wingSold, lastPrices: callUp(45) }))).toEqual({ type: 'none' });
  });

  it('stops no sold leg that has no price', () => {
    const noCallPrice = new Map([...prices(10, 40)].filter(([key]) => key !== 'NFO:SHORTCE'));
    expect(decide(inputs({ lastPrices: noCallPrice }))).toEqual({ type: 'none' });
  });

  it('closes with the stopped leg its side’s bought hedges only, never another sold leg of that side', () => {
    const ladder = [leg('WINGCE', 'BUY', 10), leg('NEARCE', 'SELL', 40), leg('FARCE', 'SELL', 25)];
    expect(legStopCloses(ladder, 1)).toEqual({ closes: ['NFO:WINGCE', 'NFO:NEARCE'], last: false });
  });

  it('has no per-leg stop-loss at 0', () => {
    expect(decide(inputs({ bot: { ...bot, params: { leg_stop_loss_pct: 0 } }, lastPrices: prices(10, 55) }))).toEqual({ type: 'none' });
  });

  it('tries a failed exit again after a minute, not on every tick', () => {
    const failed: ActionRow = {
      id: 1,
      kind: 'daily',
      botId: 7,
      day: monday,
      action: 'leg_stop_loss',
      sequence: 1,
      phase: 'adjust',
      leg: 'SHORTCE',
      status: 'failed',
      attempts: 1,
      claimedAt: new Date(at('10:00')),
      completedAt: new Date(at('10:00')),
      message: 'no bid',
      messageI18n: null,
      key: 'BD7-261123-X1',
      orderIds: [],
    };
    const due = { lastPrices: prices(10, 52), actions: [failed] };
    expect(decide(inputs({ ...due, nowMs: at('10:00') + retryAfterMs - 1000 }))).toEqual({ type: 'none' });
    expect(decide(inputs({ ...due, nowMs: at('10:00') + retryAfterMs }))).toMatchObject({ type: 'adjust', action: 'leg_stop_loss' });
  });
});
