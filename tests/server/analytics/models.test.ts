// The pure models behind the analytics rows: the payoff of a recommendation's legs (what a trader reads as
// maximum profit, maximum loss and breakevens), the choice of strategy, and the house bots' record.
import { describe, expect, it } from 'vitest';
import { botRecord, houseBots, sessionReturn, type DailyBar } from '../../../server/services/analytics/house-bots.ts';
import { payoff, recommend, type Leg, type Pricing } from '../../../server/services/analytics/recommendations.ts';
import type { IndexFacts } from '../../../server/services/market/index-config.ts';

const leg = (type: Leg['type'], strike: number, side: Leg['side'], premium: number): Leg => ({ type, strike, side, premium, lots: 1 });

describe('payoff at expiry', () => {
  it.each([
    ['iron condor', [leg('PE', 90, 'BUY', 1), leg('PE', 95, 'SELL', 3), leg('CE', 105, 'SELL', 3), leg('CE', 110, 'BUY', 1)], { maxProfit: 4, maxLoss: 1, breakevens: [91, 109] }],
    ['bull call spread', [leg('CE', 100, 'BUY', 5), leg('CE', 110, 'SELL', 2)], { maxProfit: 7, maxLoss: 3, breakevens: [103] }],
    ['bear put spread', [leg('PE', 100, 'BUY', 5), leg('PE', 90, 'SELL', 2)], { maxProfit: 7, maxLoss: 3, breakevens: [97] }],
    ['short straddle', [leg('CE', 100, 'SELL', 5), leg('PE', 100, 'SELL', 5)], { maxProfit: 10, maxLoss: null, breakevens: [90, 110] }],
    ['long call', [leg('CE', 100, 'BUY', 5)], { maxProfit: null, maxLoss: 5, breakevens: [105] }],
    ['short put', [leg('PE', 100, 'SELL', 4)], { maxProfit: 4, maxLoss: 96, breakevens: [96] }],
  ])('%s', (_name, legs, expected) => {
    expect(payoff(legs, 1)).toEqual(expected);
  });

  it('scales by the lot size', () => {
    expect(payoff([leg('CE', 100, 'BUY', 5), leg('CE', 110, 'SELL', 2)], 65)).toEqual({ maxProfit: 455, maxLoss: 195, breakevens: [103] });
  });
});

describe('recommendations', () => {
  const facts: IndexFacts = { index: 'NIFTY', effectiveFrom: '2025-12-30', strikeStep: 50, freezeQuantity: 1800, expiryCycle: 'weekly', expiryWeekdays: [{ expiringFrom: '2025-09-01', weekday: 2, source: 'NSE/FAOP/68589' }], exchange: 'NFO' };
  const pricing: Pricing = { spot: 26_012, rate: 0.055, nowMs: Date.parse('2026-01-16T04:00:00Z'), volatility: () => 0.12, tickPaise: 5 };
  const expiry = { date: '2026-01-20', kind: 'weekly' as const, closes_at: '2026-01-20T10:00:00.000Z' };

  it.each([
    [0.6, 'bull_call_spread', 'bullish', ['NIFTY2612026000CE', 'NIFTY2612026150CE']],
    [-0.6, 'bear_put_spread', 'bearish', ['NIFTY2612026000PE', 'NIFTY2612025850PE']],
    [0.1, 'iron_condor', 'neutral', ['NIFTY2612025600PE', 'NIFTY2612025800PE', 'NIFTY2612026200CE', 'NIFTY2612026400CE']],
  ])('a day of %s % gives a %s', (change, strategy, view, symbols) => {
    const made = recommend('NIFTY', facts, expiry, pricing, change, 65);
    expect(made).toMatchObject({ index: 'NIFTY', strategy, view, validUntil: '2026-01-20T10:00:00.000Z' });
    expect(made.legs.map((item) => item.tradingsymbol)).toEqual(symbols);
    for (const item of made.legs) {
      expect(item.exchange).toBe('NFO');
      expect(Math.round(item.price * 100) % 5).toBe(0);
      expect(item.price).toBeGreaterThan(0);
    }
    // Bounded strategies: both limits known, and the rationale says them in rupees.
    expect(made.payoff.maxProfit).toBeGreaterThan(0);
    expect(made.payoff.maxLoss).toBeGreaterThan(0);
    expect(made.rationale.text).toContain(`₹${made.payoff.maxLoss!.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`);
    // Beside the English, the same figures as a code and parameters the app words in the trader's language.
    expect(made.rationale.i18n).toMatchObject({
      code: 'recommendation.rationale',
      params: {
        reason: { code: 'recommendation.reason', params: { index: 'NIFTY', strategy, direction: change >= 0 ? 'up' : 'down', change: Math.abs(change) } },
        details: { code: 'recommendation.details', params: { expiry: '2026-01-20', risk_known: 'yes', risk: made.payoff.maxLoss, lot_size: 65 } },
      },
    });
    expect(made.title.i18n.code).toBe(`recommendation.${strategy}_title`);
  });
});

describe('the house bots\u2019 model', () => {
  const flat: DailyBar = { date: '2026-01-12', open: 26_000, high: 26_040, low: 25_980, close: 26_005, iv: 12 };
  const crash: DailyBar = { date: '2026-01-13', open: 26_000, high: 26_010, low: 25_400, close: 25_450, iv: 12 };

  it('sellers of volatility win quiet days and lose big moves; buyers the other way round', () => {
    expect(sessionReturn('short_straddle', flat)).toBeGreaterThan(0);
    expect(sessionReturn('short_straddle', crash)).toBeLessThan(0);
    expect(sessionReturn('long_straddle', crash)).toBeGreaterThan(0);
    expect(sessionReturn('bear_put_spread', crash)).toBeGreaterThan(0);
    expect(sessionReturn('bull_call_spread', crash)).toBeLessThan(0);
    // The condor's wings cap its loss below the straddle's.
    expect(sessionReturn('iron_condor', crash)).toBeGreaterThan(sessionReturn('short_straddle', crash));
  });

  it('keeps the record: P&L, win rate, trades, drawdown and the equity curve', () => {
    const bot = houseBots.find((candidate) => candidate.strategy === 'short_straddle')!;
    const record = botRecord(bot, [flat, crash, flat]);
    expect(record.equityCurve.map((point) => point.date)).toEqual(['2026-01-12', '2026-01-13', '2026-01-12']);
    expect(record.equityCurve.at(-1)!.equity).toBeCloseTo(bot.capital + record.pnl, 2);
    expect(record.winRate).toBeCloseTo(66.67, 2);
    expect(record.trades).toBe(3 * bot.legs);
    const [first, second] = record.equityCurve;
    expect(record.maxDrawdownPct).toBeCloseTo(((first!.equity - second!.equity) / bot.capital) * 100, 1);
    expect(botRecord(bot, [])).toEqual({ pnl: 0, pnlPct: 0, winRate: 0, trades: 0, maxDrawdownPct: 0, equityCurve: [] });
  });
});
