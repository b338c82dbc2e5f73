// The exit rules on their own (pure): the per-leg stop-loss watches sold legs only and 0 turns it off, and a
// failed action waits a minute before the next try instead of placing orders on every tick.
import { describe, expect, it } from 'vitest';
import type { ActionRow, BotRunRow, EngineBot } from '../../../server/services/bots/engine/engine-types.ts';
import { decide, retryAfterMs, type RuleInputs } from '../../../server/services/bots/engine/rules.ts';
import { istInstant, monday } from './bot-desk.ts';

const bot: EngineBot = {
  kind: 'daily',
  id: 7,
  name: 'Condor',
  portfolioId: 1,
  userId: 1,
  account: { id: 1, accountNumber: 'PA1', capitalPaise: 100_000_000 },
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
  demo: false,
  signal: null,
  ...overrides,
});

describe('exit rules', () => {
  it('stops out on a sold leg that rose by leg_stop_loss_pct, never on a bought wing that fell', () => {
    expect(decide(inputs({ lastPrices: prices(2, 40) }))).toEqual({ type: 'none' });
    expect(decide(inputs({ lastPrices: prices(10, 52) }))).toMatchObject({ type: 'exit', action: 'leg_stop_loss' });
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
      phase: 'exit',
      status: 'failed',
      attempts: 1,
      claimedAt: new Date(at('10:00')),
      completedAt: new Date(at('10:00')),
      message: 'no bid',
      key: 'BD7-261123-X1',
      orderIds: [],
    };
    const due = { lastPrices: prices(10, 52), actions: [failed] };
    expect(decide(inputs({ ...due, nowMs: at('10:00') + retryAfterMs - 1000 }))).toEqual({ type: 'none' });
    expect(decide(inputs({ ...due, nowMs: at('10:00') + retryAfterMs }))).toMatchObject({ type: 'exit', action: 'leg_stop_loss' });
  });
});
