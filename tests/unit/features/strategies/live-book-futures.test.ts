// @vitest-environment node
// Issue 63: the live book's payoff holds its futures positions as linear legs (a hedge, a synthetic), built by the
// one future leg the builder uses; a protective put on a long future pays off as a long call does.
import { describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { marketAssumptions } from '@quant/market-assumptions.ts';
import { pnlAtPrice } from '@quant/payoff.ts';
import { bookChainKey, bookLegs, futureUnderlyingOf } from '@/app/strategy-builder/live-book-legs';
import { expiryInstant, futureStrategyLeg } from '@/features/strategies/model/builder-leg';
import { expiry, nowMs, premiumAt, spot } from './strategy-fixtures';

type Schemas = components['schemas'];

const position = (tradingsymbol: string, quantity: number, average: number): Schemas['Position'] => ({
  tradingsymbol,
  exchange: 'NFO',
  product: 'NRML',
  quantity,
  overnight_quantity: quantity,
  average_price: average,
  last_price: average,
  close_price: average,
  pnl: 0,
  realised: 0,
  unrealised: 0,
  charges: 0,
  charges_status: 'priced',
  net_pnl: 0,
  lot_size: 65,
  expiry,
  m2m: 0,
  buy_quantity: 0,
  buy_price: 0,
  buy_value: 0,
  sell_quantity: 0,
  sell_price: 0,
  sell_value: 0,
  day_buy_quantity: 0,
  day_sell_quantity: 0,
  portfolio_id: 7,
  priced: true,
});

const put = 'NIFTY26D0126000PE';
const chain: Schemas['InstrumentsResponse'] = {
  index: 'NIFTY',
  underlying: 'NSE:NIFTY 50',
  expiry,
  kind: 'monthly',
  strike_step: 50,
  lot_size: 65,
  freeze_quantity: 1800,
  valid_until: '2026-11-24T10:00:00Z',
  instruments: [{ instrument: `NFO:${put}`, instrument_token: 1, exchange: 'NFO', tradingsymbol: put, name: 'NIFTY', strike: 26_000, instrument_type: 'PE', expiry, lot_size: 65, tick_size: 0.05 }],
};
const at = new Date(nowMs).toISOString();
const putPremium = premiumAt('PE', 26_000, 0.13);
const quotes = new Map([
  ['NSE:NIFTY 50', { last_price: spot, timestamp: at }],
  [`NFO:${put}`, { last_price: putPremium, timestamp: at }],
]);
const scenario = { atMs: nowMs, rate: marketAssumptions.rate, volatilityShift: 0 };

describe('futures in the live book', () => {
  it('reads a future and its underlying from its tradingsymbol, an index and a stock alike', () => {
    expect(futureUnderlyingOf('NIFTY26DECFUT')).toBe('NIFTY');
    expect(futureUnderlyingOf('RELIANCE26DECFUT')).toBe('RELIANCE');
    expect(futureUnderlyingOf('M&M26DECFUT')).toBe('M&M');
    expect(futureUnderlyingOf(put)).toBeNull();
    expect(bookChainKey({ tradingsymbol: 'RELIANCE26DECFUT', expiry })).toBe(`RELIANCE:${expiry}`);
    expect(bookChainKey({ tradingsymbol: put, expiry })).toBe(`NIFTY:${expiry}`);
  });

  it('holds a long future as a linear leg at its average price, the builder’s own future leg', () => {
    const legs = bookLegs([position('NIFTY26DECFUT', 130, 26_080)], new Map(), quotes);
    expect(legs).toEqual([{ ...futureStrategyLeg({ side: 'BUY', lots: 130, lotSize: 1, expiry, entryPrice: 26_080 }), tradingsymbol: 'NIFTY26DECFUT', exchange: 'NFO' }]);
    expect(legs[0]).toMatchObject({ kind: 'FUT', strike: 0, volatility: 0, expiryMs: expiryInstant(expiry) });
    // 130 units × (price − 26,080) at expiry; before it, the future is worth the price carried to its expiry (payoff.ts).
    expect(pnlAtPrice(legs, scenario, 26_580).atExpiry).toBe(65_000);
    expect(pnlAtPrice(legs, scenario, 26_580).onDate).toBeGreaterThan(65_000);
    expect(pnlAtPrice(legs, scenario, 25_580).atExpiry).toBe(-65_000);
  });

  it('pays a long future hedged with a bought put as a long call: the loss stops at the strike', () => {
    const legs = bookLegs([position('NIFTY26DECFUT', 65, 26_050), position(put, 65, putPremium)], new Map([[`NIFTY:${expiry}`, chain]]), quotes);
    expect(legs.map((leg) => leg.kind)).toEqual(['FUT', 'PE']);
    const floor = 65 * (26_000 - 26_050 - putPremium);
    for (const price of [24_000, 25_000, 26_000]) expect(pnlAtPrice(legs, scenario, price).atExpiry).toBeCloseTo(floor, 6);
    expect(pnlAtPrice(legs, scenario, 27_000).atExpiry).toBeCloseTo(65 * (27_000 - 26_050 - putPremium), 6);
    // A short future alone loses as the price rises.
    const short = bookLegs([position('RELIANCE26DECFUT', -500, 1_550)], new Map(), quotes);
    expect(pnlAtPrice(short, scenario, 1_560).atExpiry).toBe(-5_000);
  });
});
