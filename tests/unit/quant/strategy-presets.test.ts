// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { QuantInputError } from '../../../quant/option-inputs.ts';
import { analyseExpiryPayoff } from '../../../quant/payoff-analysis.ts';
import { expiryPnlFunction } from '../../../quant/payoff.ts';
import { presetLegs, presetNames, presetShape, type PresetName, type PresetParameters } from '../../../quant/strategy-presets.ts';
import { premiumFlow } from '../../../quant/strategy-legs.ts';
import { expiryMs, lotSize, quote, scenario, spot } from './strategy-fixtures.ts';

type WorkedExample = {
  preset: PresetName;
  parameters?: PresetParameters;
  /** Side, kind and strike of each leg, in the order returned (buys first). */
  legs: string[];
  /** Net premium received (negative: paid), rupees for one lot of 75. */
  net: number;
  maxProfit: number | 'unlimited';
  maxLoss: number | 'unlimited';
  breakevens: number[];
  /** A price and the P&L there at expiry. */
  check: [number, number];
};

// Spot 26,050 (ATM 26,050, step 50), one lot of 75. Premiums from the fixture:
// CE 26050 150, 26200 72, 26250 55, 26300 40, 26350 30; PE 26050 140, 25900 66, 25850 50, 25800 37, 25750 27.
const examples: WorkedExample[] = [
  {
    // The condor: sell 25900 PE and 26200 CE, buy 25800 PE and 26300 CE (3 steps out, wings 2).
    // Credit 66 + 72 − 37 − 40 = 61 → 61 × 75 = 4,575 between the sold strikes; a wing is 100 wide,
    // so the worst is (100 − 61) × 75 = 2,925 lost beyond either wing. Breakevens 25900 − 61, 26200 + 61.
    preset: 'iron_condor',
    parameters: { callDistance: 3, putDistance: 3, wingWidth: 2 },
    legs: ['BUY CE 26300', 'BUY PE 25800', 'SELL CE 26200', 'SELL PE 25900'],
    net: 4575,
    maxProfit: 4575,
    maxLoss: -2925,
    breakevens: [25_839, 26_261],
    // At 26,250 the sold call is 50 in the money: (61 − 50) × 75.
    check: [26_250, 825],
  },
  {
    // Credit 150 + 140 = 290 → 21,750 at 26,050; breakevens 26050 ± 290; calls sold: the loss is unlimited.
    preset: 'short_straddle',
    legs: ['SELL CE 26050', 'SELL PE 26050'],
    net: 21_750,
    maxProfit: 21_750,
    maxLoss: 'unlimited',
    breakevens: [25_760, 26_340],
    check: [25_500, (290 - 550) * 75],
  },
  {
    // 4 steps each way: credit 55 + 50 = 105 → 7,875 between 25,850 and 26,250; breakevens 25745, 26355.
    preset: 'short_strangle',
    legs: ['SELL CE 26250', 'SELL PE 25850'],
    net: 7875,
    maxProfit: 7875,
    maxLoss: 'unlimited',
    breakevens: [25_745, 26_355],
    check: [26_300, (105 - 50) * 75],
  },
  {
    // Wings 6 steps (300): credit 290 − 30 − 27 = 233 → 17,475; worst (300 − 233) × 75 = 5,025.
    preset: 'iron_butterfly',
    legs: ['BUY CE 26350', 'BUY PE 25750', 'SELL CE 26050', 'SELL PE 26050'],
    net: 17_475,
    maxProfit: 17_475,
    maxLoss: -5025,
    breakevens: [25_817, 26_283],
    check: [26_100, (233 - 50) * 75],
  },
  {
    // Debit 150 − 55 = 95 → 7,125 paid; best (200 − 95) × 75 = 7,875 above 26,250; breakeven 26,145.
    preset: 'bull_call_spread',
    legs: ['BUY CE 26050', 'SELL CE 26250'],
    net: -7125,
    maxProfit: 7875,
    maxLoss: -7125,
    breakevens: [26_145],
    check: [26_200, (150 - 95) * 75],
  },
  {
    // Debit 140 − 50 = 90 → 6,750 paid; best (200 − 90) × 75 = 8,250 below 25,850; breakeven 25,960.
    preset: 'bear_put_spread',
    legs: ['BUY PE 26050', 'SELL PE 25850'],
    net: -6750,
    maxProfit: 8250,
    maxLoss: -6750,
    breakevens: [25_960],
    check: [25_900, (150 - 90) * 75],
  },
  {
    // Debit 290 → 21,750 lost at 26,050; breakevens 26050 ± 290; calls bought: the profit is unlimited.
    preset: 'long_straddle',
    legs: ['BUY CE 26050', 'BUY PE 26050'],
    net: -21_750,
    maxProfit: 'unlimited',
    maxLoss: -21_750,
    breakevens: [25_760, 26_340],
    check: [26_500, (450 - 290) * 75],
  },
  {
    // Debit 105 → 7,875 lost between the strikes; breakevens 25745, 26355; profit unlimited.
    preset: 'long_strangle',
    legs: ['BUY CE 26250', 'BUY PE 25850'],
    net: -7875,
    maxProfit: 'unlimited',
    maxLoss: -7875,
    breakevens: [25_745, 26_355],
    check: [25_700, (150 - 105) * 75],
  },
  {
    // Sell 26050 PE, buy 25850 PE: credit 90 → 6,750 above 26,050; worst (200 − 90) × 75 = 8,250; breakeven 25,960.
    preset: 'bull_put_spread',
    legs: ['BUY PE 25850', 'SELL PE 26050'],
    net: 6750,
    maxProfit: 6750,
    maxLoss: -8250,
    breakevens: [25_960],
    check: [26_000, (90 - 50) * 75],
  },
  {
    // Sell 26050 CE, buy 26250 CE: credit 95 → 7,125 below 26,050; worst (200 − 95) × 75 = 7,875; breakeven 26,145.
    preset: 'bear_call_spread',
    legs: ['BUY CE 26250', 'SELL CE 26050'],
    net: 7125,
    maxProfit: 7125,
    maxLoss: -7875,
    breakevens: [26_145],
    check: [26_100, (95 - 50) * 75],
  },
];

describe('presets placed around the money, against worked examples', () => {
  it('covers every preset', () => {
    expect(examples.map((example) => example.preset).sort()).toEqual([...presetNames].sort());
  });

  for (const example of examples)
    it(`${example.preset}: legs, premium, breakevens, maximum profit and loss`, () => {
      const legs = presetLegs({ preset: example.preset, spot, strikeStep: 50, parameters: example.parameters, expiryMs, lotSize, quote });
      expect(legs.map((leg) => `${leg.side} ${leg.kind} ${leg.strike}`)).toEqual(example.legs);
      expect(legs.every((leg) => leg.lots === 1 && leg.lotSize === lotSize && leg.expiryMs === expiryMs && leg.enabled)).toBe(true);
      expect(premiumFlow(legs).net).toBeCloseTo(example.net, 9);

      const analysis = analyseExpiryPayoff(legs, scenario);
      expect(analysis.breakevens).toHaveLength(example.breakevens.length);
      analysis.breakevens.forEach((breakeven, index) => expect(breakeven).toBeCloseTo(example.breakevens[index] ?? Number.NaN, 9));
      for (const [actual, expected] of [[analysis.maxProfit, example.maxProfit], [analysis.maxLoss, example.maxLoss]] as const)
        if (expected === 'unlimited') expect(actual).toBe('unlimited');
        else expect(actual).toBeCloseTo(expected, 9);

      const pnl = expiryPnlFunction(legs, scenario);
      expect(pnl(example.check[0])).toBeCloseTo(example.check[1], 9);
      for (const breakeven of analysis.breakevens) expect(Math.abs(pnl(breakeven))).toBeLessThan(1e-6);
    });

  it('gives the reward to risk of bounded strategies, and none where the loss is unlimited', () => {
    const analyse = (preset: PresetName, parameters?: PresetParameters) =>
      analyseExpiryPayoff(presetLegs({ preset, spot, strikeStep: 50, parameters, expiryMs, lotSize, quote }), scenario).rewardToRisk;
    // Condor: 4,575 ÷ 2,925 = 61 ÷ 39.
    expect(analyse('iron_condor', { callDistance: 3, putDistance: 3, wingWidth: 2 })).toBeCloseTo(61 / 39, 12);
    expect(analyse('short_straddle')).toBeNull();
    expect(analyse('long_straddle')).toBe('unlimited');
    expect(analyse('bull_call_spread')).toBeCloseTo(105 / 95, 12);
  });
});

describe('preset placement', () => {
  it('takes the strike nearest the spot as at the money, the lower on a tie', () => {
    expect(presetShape({ preset: 'short_straddle', spot: 26_074.9, strikeStep: 50 }).map((leg) => leg.strike)).toEqual([26_050, 26_050]);
    expect(presetShape({ preset: 'short_straddle', spot: 26_075, strikeStep: 50 }).map((leg) => leg.strike)).toEqual([26_050, 26_050]);
    const strikes = [25_900, 26_000, 26_100];
    expect(presetShape({ preset: 'long_straddle', spot: 26_050, strikeStep: 100, strikes })[0]?.strike).toBe(26_000);
  });

  it('moves the centre by the strike offset and applies the lots to every leg', () => {
    const legs = presetShape({ preset: 'iron_butterfly', spot, strikeStep: 50, parameters: { strikeOffset: -2, wingWidth: 3, lots: 4 } });
    expect(legs).toEqual([
      { side: 'BUY', kind: 'CE', strike: 26_100, lots: 4 },
      { side: 'BUY', kind: 'PE', strike: 25_800, lots: 4 },
      { side: 'SELL', kind: 'CE', strike: 25_950, lots: 4 },
      { side: 'SELL', kind: 'PE', strike: 25_950, lots: 4 },
    ]);
  });

  it('snaps to the strikes the chain lists, keeping each wing beyond the strike it hedges', () => {
    // Every 50 near the money, every 100 further out: the wing targets 26,450 and 25,650 are not listed,
    // and each lies halfway between two listed strikes (a tie: the lower one).
    const strikes = [25_400, 25_500, 25_600, 25_700, 25_750, 25_800, 25_850, 25_900, 25_950, 26_000, 26_050, 26_100, 26_150, 26_200, 26_250, 26_300, 26_400, 26_500];
    const legs = presetShape({ preset: 'iron_condor', spot, strikeStep: 50, strikes });
    expect(legs.map((leg) => leg.strike)).toEqual([26_400, 25_600, 26_250, 25_850]);
    // A 1-step spread where the chain steps 100: the sold call goes to the next listed strike above.
    const wide = presetShape({ preset: 'bull_call_spread', spot: 26_000, strikeStep: 50, strikes: [25_900, 26_000, 26_100], parameters: { spreadWidth: 1 } });
    expect(wide.map((leg) => `${leg.side} ${leg.strike}`)).toEqual(['BUY 26000', 'SELL 26100']);
  });

  it('refuses what it cannot place, naming it', () => {
    expect(() => presetShape({ preset: 'bear_call_spread', spot: 26_000, strikeStep: 50, strikes: [25_900, 26_000] })).toThrow(
      /no strike for leg 2 of bear_call_spread/,
    );
    expect(() => presetShape({ preset: 'calendar' as PresetName, spot, strikeStep: 50 })).toThrow(new QuantInputError('unknown preset calendar'));
    expect(() => presetShape({ preset: 'iron_condor', spot, strikeStep: 50, parameters: { wingWidth: 0 } })).toThrow(/wingWidth/);
    expect(() => presetShape({ preset: 'short_straddle', spot: Number.NaN, strikeStep: 50 })).toThrow(/spot/);
    expect(() => presetShape({ preset: 'short_straddle', spot, strikeStep: 50, strikes: [] })).toThrow(/no strike/);
  });
});
