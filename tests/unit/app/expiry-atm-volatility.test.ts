// @vitest-environment node
// The builder's probability volatility: the at-the-money IV of the legs' nearest expiry from that expiry's
// chain and live quotes, at the forward, each strike's volatility implied from its premium on the forward (not
// the quote's `iv`, the exchange's figure), and null (the leg fallback) when the chain is not at hand.
import { beforeEach, describe, expect, it } from 'vitest';
import { marketAssumptions } from '@quant/market-assumptions.ts';
import { expiryAtmVolatility } from '@/app/strategy-builder/expiry-atm-volatility';
import type { Instruments } from '@/features/market/api/get-instruments';
import type { Quote } from '@/features/market/feed/price-feed';
import { learnExpiryCloses } from '@/lib/market/session-facts';
import { expiry, expiryMs, ironCondor, nowMs, premiumAt, spot } from '../features/strategies/strategy-fixtures';

const ivs: Record<number, number> = { 26_000: 0.126, 26_050: 0.124, 26_100: 0.122, 26_150: 0.12 };
const strikes = Object.keys(ivs).map(Number);
const symbol = (strike: number, kind: 'CE' | 'PE') => `NFO:NIFTY26D01${strike}${kind}`;
const chain = {
  strike_step: 50,
  instruments: strikes.flatMap((strike) => (['CE', 'PE'] as const).map((kind) => ({ instrument: symbol(strike, kind), strike, instrument_type: kind }))),
} as unknown as Instruments;
// Premiums at each strike's volatility; the quotes' `iv` (NSE's convention: the put a point and a half above
// the call) would give another answer.
const quotes = new Map<string, Quote>(
  strikes.flatMap((strike) =>
    (['CE', 'PE'] as const).map((kind) => [symbol(strike, kind), { last_price: premiumAt(kind, strike, ivs[strike]!), iv: (ivs[strike]! + (kind === 'PE' ? 0.0075 : -0.0075)) * 100 } as unknown as Quote]),
  ),
);

// The expiries' answer the app reads first: the fixture's expiry stops trading at the instant its premiums were priced to.
beforeEach(() => learnExpiryCloses([{ date: expiry, closes_at: new Date(expiryMs).toISOString() }]));

describe('expiryAtmVolatility', () => {
  it('reads the nearest expiry’s chain at the forward from its premiums, whatever the legs’ own IVs or the quotes’ exchange IV', () => {
    const forward = spot * Math.exp(marketAssumptions.rate * ((expiryMs - nowMs) / (365 * 24 * 60 * 60 * 1000)));
    const weight = (forward - 26_050) / 50;
    const legs = ironCondor().map((leg) => ({ ...leg, volatility: 0.2 }));
    expect(expiryAtmVolatility({ chains: new Map([[expiry, chain]]), quotes }, legs, spot, nowMs)).toBeCloseTo(0.124 * (1 - weight) + 0.122 * weight, 9);
  });

  it('is null without that expiry’s chain or a spot, so the figure says it took the leg nearest the money', () => {
    expect(expiryAtmVolatility({ chains: new Map(), quotes }, ironCondor(), spot, nowMs)).toBeNull();
    expect(expiryAtmVolatility({ chains: new Map([[expiry, chain]]), quotes }, ironCondor(), null, nowMs)).toBeNull();
  });
});
