// An iron condor on NIFTY a week from expiry, built with the preset as the builder builds it.
import { black76Price } from '@quant/black76.ts';
import { marketAssumptions } from '@quant/market-assumptions.ts';
import { forwardFromSpot, yearsToExpiry } from '@quant/option-inputs.ts';
import { presetLegs } from '@quant/strategy-presets.ts';
import type { BuilderLeg } from '@/features/strategies/model/builder-leg';

export const nowMs = Date.UTC(2026, 10, 24, 6, 0);
export const expiry = '2026-12-01';
export const expiryMs = Date.UTC(2026, 11, 1, 10, 0);
export const spot = 26_050;

const premium = (kind: 'CE' | 'PE', strike: number) => Math.max(5, 150 - Math.abs(strike - spot) * 0.5 + (kind === 'CE' ? strike - spot : spot - strike) * 0.1);

export function ironCondor(): (BuilderLeg & { kind: 'CE' | 'PE' })[] {
  return presetLegs({
    preset: 'iron_condor',
    spot,
    strikeStep: 50,
    expiryMs,
    lotSize: 65,
    quote: (kind, strike) => ({ price: premium(kind, strike), volatility: 0.13 }),
  }).map((leg, index) => ({ ...leg, id: `leg-${index}`, tradingsymbol: `NIFTY26D01${leg.strike}${leg.kind}`, exchange: 'NFO', expiry }));
}

/** The premium the market quotes at `volatility` now (Black-76 on the forward at the one rate), for quotes whose volatility a test knows. */
export function premiumAt(kind: 'CE' | 'PE', strike: number, volatility: number, level = spot): number {
  const years = yearsToExpiry(nowMs, expiryMs);
  const { rate } = marketAssumptions;
  return black76Price({ kind, forward: forwardFromSpot(level, rate, years), strike, years, rate, volatility });
}
