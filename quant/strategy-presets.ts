// The base strategies placed around the money, as Sensibull's presets place them. The slugs are the
// app's (server/services/strategies/catalogue.ts) plus the three the builder adds; the parameters are the
// catalogue's, in strike steps from the at-the-money strike (camelCase here: strikeOffset is the bots'
// strike_offset, callDistance call_distance, putDistance put_distance, wingWidth wing_width, spreadWidth
// spread_width), with the catalogue's defaults.
//
// At the money is the available strike nearest the spot (the lower on a tie). Every other strike is the
// available one nearest its target that keeps the shape (a wing strictly beyond the strike it hedges, a
// spread's two strikes apart), so a chain with wider steps far out still gets a sound strategy. Legs come
// hedges first: a basket sent in this order buys before it sells, and the margin benefit is there
// when the sells arrive.
import { QuantInputError, requireFinite, type OptionKind } from './option-inputs.ts';
import type { LegSide, StrategyLeg } from './strategy-legs.ts';

export const presetNames = [
  'short_straddle',
  'short_strangle',
  'iron_condor',
  'iron_butterfly',
  'bull_call_spread',
  'bear_put_spread',
  'long_straddle',
  'long_strangle',
  'bull_put_spread',
  'bear_call_spread',
] as const;

export type PresetName = (typeof presetNames)[number];

/** All in strike steps; each preset reads the ones it has. */
export type PresetParameters = {
  /** Straddles, butterflies, spreads: the centre (or bought/sold spread) strike from at-the-money; default 0. */
  strikeOffset?: number;
  /** Strangles and condors: the call's distance above at-the-money; default 4. */
  callDistance?: number;
  /** Strangles and condors: the put's distance below at-the-money; default 4. */
  putDistance?: number;
  /** Condors and butterflies: from each sold strike to its hedge; default 4 (condor), 6 (butterfly). */
  wingWidth?: number;
  /** Vertical spreads: between the two strikes; default 4. */
  spreadWidth?: number;
  /** Lots in every leg; default 1. */
  lots?: number;
};

export type PresetRequest = {
  preset: PresetName;
  spot: number;
  /** The index's strike interval (50 for NIFTY). */
  strikeStep: number;
  /** The strikes the chain lists; omitted, every multiple of the step is available. */
  strikes?: readonly number[];
  parameters?: PresetParameters;
};

export type LegShape = { side: LegSide; kind: OptionKind; strike: number; lots: number };

/** Target in steps from at-the-money, and the strike it must lie strictly above or below, if any. */
type Placement = { side: LegSide; kind: OptionKind; steps: number; beyond?: { leg: number; direction: 1 | -1 } };

function placements(preset: PresetName, parameters: PresetParameters): Placement[] {
  const offset = parameters.strikeOffset ?? 0;
  const call = parameters.callDistance ?? 4;
  const put = parameters.putDistance ?? 4;
  const spread = parameters.spreadWidth ?? 4;
  const wing = parameters.wingWidth ?? (preset === 'iron_butterfly' ? 6 : 4);
  const pair = (side: LegSide, callSteps: number, putSteps: number): Placement[] => [
    { side, kind: 'CE', steps: callSteps },
    { side, kind: 'PE', steps: putSteps },
  ];
  /** Legs 0 and 1 are the sold call and put; 2 and 3 their wings. */
  const winged = (callSteps: number, putSteps: number): Placement[] => [
    ...pair('SELL', callSteps, putSteps),
    { side: 'BUY', kind: 'CE', steps: callSteps + wing, beyond: { leg: 0, direction: 1 } },
    { side: 'BUY', kind: 'PE', steps: putSteps - wing, beyond: { leg: 1, direction: -1 } },
  ];
  /** Leg 0 at the offset, leg 1 `direction` × spread away from it. */
  const vertical = (kind: OptionKind, first: LegSide, direction: 1 | -1): Placement[] => [
    { side: first, kind, steps: offset },
    { side: first === 'BUY' ? 'SELL' : 'BUY', kind, steps: offset + direction * spread, beyond: { leg: 0, direction } },
  ];
  switch (preset) {
    case 'short_straddle':
      return pair('SELL', offset, offset);
    case 'long_straddle':
      return pair('BUY', offset, offset);
    case 'short_strangle':
      return pair('SELL', call, -put);
    case 'long_strangle':
      return pair('BUY', call, -put);
    case 'iron_condor':
      return winged(call, -put);
    case 'iron_butterfly':
      return winged(offset, offset);
    case 'bull_call_spread':
      return vertical('CE', 'BUY', 1);
    case 'bear_put_spread':
      return vertical('PE', 'BUY', -1);
    case 'bull_put_spread':
      return vertical('PE', 'SELL', -1);
    case 'bear_call_spread':
      return vertical('CE', 'SELL', 1);
  }
}

function requireWhole(name: string, value: number | undefined, minimum: number): void {
  if (value === undefined) return;
  if (!Number.isSafeInteger(value) || value < minimum) throw new QuantInputError(`${name} must be a whole number of at least ${minimum}, got ${String(value)}`);
}

function checkRequest({ preset, spot, strikeStep, strikes, parameters = {} }: PresetRequest): void {
  if (!presetNames.includes(preset)) throw new QuantInputError(`unknown preset ${String(preset)}`);
  requireFinite('spot', spot);
  requireFinite('strikeStep', strikeStep);
  if (spot <= 0) throw new QuantInputError(`spot must be greater than 0, got ${spot}`);
  if (strikeStep <= 0) throw new QuantInputError(`strikeStep must be greater than 0, got ${strikeStep}`);
  if (strikes !== undefined && strikes.length === 0) throw new QuantInputError('the chain lists no strike');
  strikes?.forEach((strike) => {
    if (!Number.isFinite(strike) || strike <= 0) throw new QuantInputError(`strikes must be finite and above 0, got ${strike}`);
  });
  requireWhole('strikeOffset', parameters.strikeOffset, -1000);
  requireWhole('callDistance', parameters.callDistance, 0);
  requireWhole('putDistance', parameters.putDistance, 0);
  requireWhole('wingWidth', parameters.wingWidth, 1);
  requireWhole('spreadWidth', parameters.spreadWidth, 1);
  requireWhole('lots', parameters.lots, 1);
}

/** The preset's legs without prices: sides, kinds, strikes and lots, hedges (buys) first. */
export function presetShape(request: PresetRequest): LegShape[] {
  checkRequest(request);
  const { preset, spot, strikeStep, parameters = {} } = request;
  const available = request.strikes ? [...request.strikes].sort((a, b) => a - b) : null;
  const nearest = (target: number, above = 0, below = Number.POSITIVE_INFINITY): number | null => {
    if (available === null) {
      const strike = Math.round(target / strikeStep) * strikeStep;
      return strike > above && strike < below && strike > 0 ? strike : null;
    }
    let best: number | null = null;
    for (const strike of available)
      if (strike > above && strike < below && (best === null || Math.abs(strike - target) < Math.abs(best - target))) best = strike;
    return best;
  };
  // Math.round rounds a tie up; the lower strike is the documented choice.
  const atTheMoney = available === null ? Math.ceil(spot / strikeStep - 0.5) * strikeStep : nearest(spot);
  if (atTheMoney === null || atTheMoney <= 0) throw new QuantInputError(`no strike near the spot ${spot}`);
  const lots = parameters.lots ?? 1;
  const strikes: number[] = [];
  const legs = placements(preset, parameters).map((placement, index): LegShape => {
    const target = atTheMoney + placement.steps * strikeStep;
    const bound = placement.beyond && strikes[placement.beyond.leg];
    const strike =
      bound === undefined ? nearest(target) : placement.beyond?.direction === 1 ? nearest(target, bound) : nearest(target, 0, bound);
    if (strike === null) throw new QuantInputError(`the chain has no strike for leg ${index + 1} of ${preset} (about ${target})`);
    strikes.push(strike);
    return { side: placement.side, kind: placement.kind, strike, lots };
  });
  return [...legs.filter((leg) => leg.side === 'BUY'), ...legs.filter((leg) => leg.side === 'SELL')];
}

export type PresetQuote = { price: number; volatility: number };

/** The preset's legs, priced from the chain by `quote` (premium per unit, rupees, and its IV). */
export function presetLegs(
  request: PresetRequest & { expiryMs: number; lotSize: number; quote: (kind: OptionKind, strike: number) => PresetQuote },
): (StrategyLeg & { kind: OptionKind })[] {
  return presetShape(request).map((shape) => {
    const { price, volatility } = request.quote(shape.kind, shape.strike);
    return { ...shape, lotSize: request.lotSize, expiryMs: request.expiryMs, entryPrice: price, volatility, enabled: true };
  });
}
