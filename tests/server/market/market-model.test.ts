// The simulated market's model over weeks of simulated time, without a database (market-path.ts steps the
// same clock, moves and draws as the leader's ticks): realised volatility tracks the implied the chain shows,
// the session has a U shape, the open gaps, jumps happen; the smile steepens as expiry nears; the book is
// one or two ticks wide at the money; open interest sits where writers and hedgers put it.
import { describe, expect, it } from 'vitest';
import { istMinutes } from '../../../server/services/market/ist.ts';
import { meanChainVolatility, realisedVolatility, simulatePath, type PathPoint } from '../../../server/services/market/market-path.ts';
import { initialOiLots, oiChangeLots, tradedLots, type OiContract } from '../../../server/services/market/open-interest.ts';
import { smileVolatility, type SimulationParams } from '../../../server/services/market/simulator.ts';
import { spreadTicks } from '../../../server/services/market/spreads.ts';
import type { TradingCalendar } from '../../../server/services/market/trading-calendar.ts';
import { demoVarianceTime, exchangeVarianceTime } from '../../../server/services/market/variance-clock.ts';
import { nseRegularSessions } from '../support/regular-sessions.ts';

// NIFTY as migrations 005 and 021 set it: realised 10.93 %, at-the-money implied 11.5 % before the gamma-week bump.
const nifty: SimulationParams = { volatility: 0.1093, atmVolatility: 0.115, skew: -0.6, curvature: 2.5, rate: 0.055 };
const facts = { expiryCycle: 'weekly', expiryWeekdays: [{ expiringFrom: '2025-09-01', weekday: 2, source: 'NSE/FAOP/68589' }], strikeStep: 50 } as const;
const calendar: TradingCalendar = {
  regular: nseRegularSessions,
  holidays: new Map([['2026-11-24', 'Guru Nanak Jayanti'], ['2026-12-25', 'Christmas']]),
  specialSessions: new Map(),
};
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
// Monday 2 November 2026, 00:00 UTC (05:30 IST).
const start = Date.parse('2026-11-02T00:00:00Z');

function path(seed: number, demo: boolean, days = 30): PathPoint[] {
  return simulatePath({ params: nifty, seed, stream: 0, startSpotPaise: 2_605_000, startMs: start, endMs: start + days * dayMs, stepMs: 60_000, demo, calendar });
}

const seeds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

describe('volatility on one clock', () => {
  it('keeps variance time level with the calendar: 24 h a day in demo mode, close to close in exchange mode', () => {
    const midnight = Date.parse('2026-11-03T18:30:00Z');
    expect(demoVarianceTime(midnight + dayMs, calendar) - demoVarianceTime(midnight, calendar)).toBeCloseTo(dayMs, 3);
    // 15:40 IST: the close of a day since 3 August 2026 (migration 075).
    const closeTue = Date.parse('2026-11-03T10:10:00Z');
    const closeWed = closeTue + dayMs;
    expect(exchangeVarianceTime(closeWed, calendar) - exchangeVarianceTime(closeTue, calendar)).toBe(dayMs);
    // Friday's close to Monday's: three days of the options' time, all of it in Monday's gap and session.
    const closeFri = Date.parse('2026-11-06T10:10:00Z');
    expect(exchangeVarianceTime(closeFri + 3 * dayMs, calendar) - exchangeVarianceTime(closeFri, calendar)).toBe(3 * dayMs);
  });

  // Band: each 30-day path within 0.7–1.3 of the chain's implied, the mean of ten within 0.82–1.0: the
  // model's premium of implied over realised is about 10 % (issue 23 measured 2.3–2.4 before).
  it.each([
    ['demo', true],
    ['exchange-hours', false],
  ])('realises, over 30 simulated days in %s mode, about the volatility the chain implies', (_mode, demo) => {
    const ratios = seeds.map((seed) => {
      const points = path(seed, demo);
      return realisedVolatility(points) / meanChainVolatility(nifty, facts, calendar, points);
    });
    for (const ratio of ratios) expect(ratio).toBeGreaterThan(0.7);
    for (const ratio of ratios) expect(ratio).toBeLessThan(1.3);
    const mean = ratios.reduce((sum, ratio) => sum + ratio, 0) / ratios.length;
    expect(mean).toBeGreaterThan(0.82);
    expect(mean).toBeLessThan(1.0);
  });

  it('moves most at the open and the close, least at midday (a U), gaps at the open and jumps now and then', () => {
    const buckets = { open: [] as number[], midday: [] as number[], close: [] as number[], gap: [] as number[] };
    let bigMoves = 0;
    for (const seed of seeds) {
      const points = path(seed, false);
      for (let i = 1; i < points.length; i += 1) {
        const squared = Math.log(points[i]!.spotPaise / points[i - 1]!.spotPaise) ** 2;
        const minutes = istMinutes(new Date(points[i]!.ms));
        if (points[i]!.ms - points[i - 1]!.ms > hourMs) {
          buckets.gap.push(squared);
          continue;
        }
        if (minutes < 9 * 60 + 45) buckets.open.push(squared);
        else if (minutes >= 15 * 60) buckets.close.push(squared);
        else if (minutes >= 12 * 60 && minutes < 13 * 60) buckets.midday.push(squared);
      }
    }
    // A one-minute move of 0.4 % is over ten standard deviations of the diffusion: a jump (counted in demo
    // mode, where no gap hides them).
    for (const seed of seeds) {
      const points = path(seed, true);
      for (let i = 1; i < points.length; i += 1) if (Math.abs(Math.log(points[i]!.spotPaise / points[i - 1]!.spotPaise)) > 0.004) bigMoves += 1;
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean(buckets.open) / mean(buckets.midday)).toBeGreaterThan(2.5);
    expect(mean(buckets.close) / mean(buckets.midday)).toBeGreaterThan(1.8);
    // A weeknight's gap carries 5.3 h of variance time: hundreds of midday minutes'.
    expect(mean(buckets.gap) / mean(buckets.midday)).toBeGreaterThan(200);
    // Twelve jumps a year: about ten in 300 simulated days, two thirds of them over 0.4 %.
    expect(bigMoves).toBeGreaterThanOrEqual(2);
    expect(bigMoves).toBeLessThanOrEqual(20);
  });

  it('gives the same path for the same seed, and another for another', () => {
    expect(path(7, true, 2)).toEqual(path(7, true, 2));
    expect(path(8, true, 2).at(-1)).not.toEqual(path(7, true, 2).at(-1));
  });
});

describe('the smile', () => {
  const slope = (years: number) => {
    const forward = 26_000;
    return (smileVolatility(nifty, forward, forward * 0.98, years) - smileVolatility(nifty, forward, forward * 1.02, years)) / 0.04;
  };

  it('steepens as expiry nears: on expiry day clearly steeper than a week out', () => {
    const expiryDay = 5 / (365 * 24);
    const weekOut = 7 / 365;
    expect(slope(expiryDay) / slope(weekOut)).toBeGreaterThan(2);
    expect(slope(weekOut) / slope(60 / 365)).toBeGreaterThan(1.5);
    // A 2 % out-of-the-money put on expiry day carries several points over the money.
    expect(smileVolatility(nifty, 26_000, 25_480, expiryDay) - smileVolatility(nifty, 26_000, 26_000, expiryDay)).toBeGreaterThan(0.05);
  });
});

describe('the book', () => {
  const quote = (over: Partial<Parameters<typeof spreadTicks>[0]>) =>
    spreadTicks({ theoryPaise: 15_000, strike: 26_000, forward: 26_000, years: 3 / 365, atmVolatility: 0.12, istMinutes: 12 * 60, session: { open: '09:15', close: '15:40' }, tickPaise: 5, ...over });

  it('is one or two ticks wide at the money in the nearest weekly at midday', () => {
    for (const premium of [5_000, 10_000, 15_000, 20_000]) expect(quote({ theoryPaise: premium })).toBeLessThanOrEqual(2);
  });

  it('widens at the open, in far expiries, on the wings (relative to the premium) and deep in the money', () => {
    expect(quote({ istMinutes: 9 * 60 + 16 })).toBeGreaterThanOrEqual(2 * quote({}));
    expect(quote({ years: 60 / 365, theoryPaise: 45_000 })).toBeGreaterThanOrEqual(10);
    // A far put at ₹0.80 quoted two ticks wide is 12 % of its price; the at-the-money book is 0.07 %.
    expect(quote({ strike: 24_500, theoryPaise: 80 }) * 5 / 80).toBeGreaterThan(0.1);
    expect(quote({ strike: 24_500, theoryPaise: 152_000 })).toBeGreaterThanOrEqual(10);
  });
});

describe('open interest', () => {
  const market = { spot: 26_050, atmVolatility: 0.115, seed: 42 };
  const contract = (strike: number, kind: 'CE' | 'PE', token = strike * 2 + (kind === 'CE' ? 0 : 1)): OiContract => ({
    instrumentToken: token,
    strike,
    kind,
    strikeStep: 50,
    years: 7 / 365,
  });
  const strikes = Array.from({ length: 201 }, (_, i) => 21_050 + 50 * i);
  const total = (kind: 'CE' | 'PE', side: (strike: number) => boolean) =>
    strikes.filter(side).reduce((sum, strike) => sum + initialOiLots(contract(strike, kind), market), 0);

  it('piles calls above the spot and puts below, with large OI at round far strikes', () => {
    const above = (strike: number) => strike > market.spot;
    const below = (strike: number) => strike < market.spot;
    expect(total('CE', above) / total('CE', below)).toBeGreaterThan(2);
    expect(total('PE', below) / total('PE', above)).toBeGreaterThan(2);
    const puts = strikes.map((strike) => initialOiLots(contract(strike, 'PE'), market));
    const hedge = initialOiLots(contract(24_000, 'PE'), market);
    expect(hedge).toBeGreaterThan(0.1 * Math.max(...puts));
    expect(hedge).toBeGreaterThan(5 * initialOiLots(contract(24_050, 'PE'), market));
  });

  it('changes only with volume, and far strikes trade little', () => {
    expect(oiChangeLots(50_000, 20_000, 0, 0.9)).toBe(0);
    expect(oiChangeLots(50_000, 20_000, 1000, 0.5)).toBeLessThan(0);
    expect(oiChangeLots(10_000, 20_000, 1000, 0.5)).toBeGreaterThan(0);
    expect(oiChangeLots(100, 80_000, 1000, 0.5)).toBeLessThanOrEqual(500);
    expect(tradedLots(contract(26_050, 'CE'), market, 1, 0.5)).toBeGreaterThan(500);
    // 11 % out of the money: a lot a minute at most, where the money trades tens of thousands.
    expect(tradedLots(contract(29_000, 'CE'), market, 1, 0.99)).toBeLessThanOrEqual(1);
    expect(tradedLots(contract(30_000, 'CE'), market, 1, 0.5)).toBe(0);
  });
});
