// @vitest-environment node
// The builder's probability volatility: the at-the-money IV of the legs' nearest expiry from that expiry's
// chain and live quotes, at the forward, and null (the leg fallback) when the chain is not at hand.
import { describe, expect, it } from 'vitest';
import { marketAssumptions } from '@quant/market-assumptions.ts';
import { expiryAtmVolatility } from '@/app/strategy-builder/expiry-atm-volatility';
import type { Instruments } from '@/features/market/api/get-instruments';
import type { Quote } from '@/features/market/feed/price-feed';
import { expiry, expiryMs, ironCondor, nowMs, spot } from '../features/strategies/strategy-fixtures';

const ivs: Record<number, number> = { 26_000: 12.6, 26_050: 12.4, 26_100: 12.2, 26_150: 12 };
const strikes = Object.keys(ivs).map(Number);
const symbol = (strike: number, kind: 'CE' | 'PE') => `NFO:NIFTY26D01${strike}${kind}`;
const chain = {
  instruments: strikes.flatMap((strike) => (['CE', 'PE'] as const).map((kind) => ({ instrument: symbol(strike, kind), strike, instrument_type: kind }))),
} as unknown as Instruments;
const quotes = new Map<string, Quote>(strikes.flatMap((strike) => (['CE', 'PE'] as const).map((kind) => [symbol(strike, kind), { iv: ivs[strike] } as unknown as Quote])));

describe('expiryAtmVolatility', () => {
  it('reads the nearest expiry’s chain at the forward, whatever the legs’ own IVs', () => {
    const forward = spot * Math.exp(marketAssumptions.rate * ((expiryMs - nowMs) / (365 * 24 * 60 * 60 * 1000)));
    const weight = (forward - 26_050) / 50;
    const legs = ironCondor().map((leg) => ({ ...leg, volatility: 0.2 }));
    expect(expiryAtmVolatility({ chains: new Map([[expiry, chain]]), quotes }, legs, spot, nowMs)).toBeCloseTo((0.124 * (1 - weight) + 0.122 * weight), 12);
  });

  it('is null without that expiry’s chain or a spot, so the figure says it took the leg nearest the money', () => {
    expect(expiryAtmVolatility({ chains: new Map(), quotes }, ironCondor(), spot, nowMs)).toBeNull();
    expect(expiryAtmVolatility({ chains: new Map([[expiry, chain]]), quotes }, ironCondor(), null, nowMs)).toBeNull();
  });
});
