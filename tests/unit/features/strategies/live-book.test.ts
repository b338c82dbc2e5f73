// @vitest-environment node
// The live book as legs: positions read back into the maths (contract from the day's instruments, entry
// at the average price, realised P&L as a constant), and working orders placed where they would act.
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { marketAssumptions } from '@quant/market-assumptions.ts';
import { analyseExpiryPayoff } from '@quant/payoff-analysis.ts';
import { black76Price } from '@quant/black76.ts';
import { yearsToExpiry } from '@quant/option-inputs.ts';
import { bookLegs, indexOfSymbol, orderMarkers } from '@/app/strategy-builder/live-book-legs';
import { withConstantPnl } from '@/features/strategies/model/constant-pnl';
import { learnExpiryCloses } from '@/lib/market/session-facts';
import { expiry, expiryMs, ironCondor, nowMs, premiumAt, spot } from './strategy-fixtures';

type Schemas = components['schemas'];

const condor = ironCondor();
const chain: Schemas['InstrumentsResponse'] = {
  index: 'NIFTY',
  underlying: 'NSE:NIFTY 50',
  expiry,
  kind: 'weekly',
  strike_step: 50,
  lot_size: 65,
  freeze_quantity: 1800,
  valid_until: '2026-11-24T10:00:00Z',
  instruments: condor.map((leg, index) => ({
    instrument: `NFO:${leg.tradingsymbol}`,
    instrument_token: index + 1,
    exchange: 'NFO',
    tradingsymbol: leg.tradingsymbol,
    name: 'NIFTY',
    strike: leg.strike,
    instrument_type: leg.kind,
    expiry,
    lot_size: 65,
    tick_size: 0.05,
  })),
};

const position = (symbol: string, quantity: number, average: number, realised = 0): Schemas['Position'] => ({
  tradingsymbol: symbol,
  exchange: 'NFO',
  product: 'MIS',
  quantity,
  overnight_quantity: 0,
  average_price: average,
  last_price: average,
  close_price: average,
  pnl: realised,
  realised,
  unrealised: 0,
  charges: 0,
  charges_status: 'priced',
  net_pnl: realised,
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

const chains = new Map([[`NIFTY:${expiry}`, chain]]);
// The market quotes each contract at 13 % on the forward; its `iv` is the exchange's figure (NSE's, on the spot at
// 10 %), which the book's maths must not take.
const at = new Date(nowMs).toISOString();
const quotes = new Map<string, { last_price: number; timestamp: string; iv?: number }>([
  ['NSE:NIFTY 50', { last_price: spot, timestamp: at }],
  ...condor.map((leg) => [`NFO:${leg.tradingsymbol}`, { last_price: premiumAt(leg.kind, leg.strike, 0.13), timestamp: at, iv: leg.kind === 'PE' ? 14.1 : 12.2 }] as const),
]);
const scenario = { atMs: nowMs, rate: marketAssumptions.rate, volatilityShift: 0 };

// The expiries' answer the app reads first: the fixture's expiry stops trading at the instant its premiums were priced to.
beforeEach(() => learnExpiryCloses([{ date: expiry, closes_at: new Date(expiryMs).toISOString() }]));

describe('the live book', () => {
  it('knows the index of a tradingsymbol, the longest name first', () => {
    expect(indexOfSymbol('BANKNIFTY26DEC52000CE')).toBe('BANKNIFTY');
    expect(indexOfSymbol('NIFTY26D0126000PE')).toBe('NIFTY');
    expect(indexOfSymbol('RELIANCE')).toBeNull();
  });

  it('has the same expiry payoff as the strategy its positions came from', () => {
    const positions = [...condor.map((leg) => position(leg.tradingsymbol, (leg.side === 'BUY' ? 1 : -1) * 65, leg.entryPrice)), position('NIFTY26D0125000CE', 0, 0)];
    const legs = bookLegs(positions, chains, quotes);
    expect(legs).toHaveLength(4);
    // Each leg at the volatility its live premium implies on the forward, not the quote's exchange IV.
    for (const leg of legs) expect(leg.volatility).toBeCloseTo(0.13, 9);
    const book = analyseExpiryPayoff(legs, scenario);
    const built = analyseExpiryPayoff(condor, scenario);
    expect(book.maxProfit).toBeCloseTo(built.maxProfit as number, 8);
    expect(book.maxLoss).toBeCloseTo(built.maxLoss as number, 8);
    expect(book.breakevens.map((price) => price.toFixed(6))).toEqual(built.breakevens.map((price) => price.toFixed(6)));
  });

  it('adds the realised P&L everywhere, so maximum profit and loss move by it and breakevens shift', () => {
    const legs = bookLegs(condor.map((leg) => position(leg.tradingsymbol, (leg.side === 'BUY' ? 1 : -1) * 65, leg.entryPrice)), chains, quotes);
    const plain = analyseExpiryPayoff(legs, scenario);
    const withRealised = analyseExpiryPayoff(withConstantPnl(legs, -500), scenario);
    expect(withRealised.maxProfit).toBeCloseTo((plain.maxProfit as number) - 500, 8);
    expect(withRealised.maxLoss).toBeCloseTo((plain.maxLoss as number) - 500, 8);
    expect(withRealised.breakevens[0]).toBeGreaterThan(plain.breakevens[0] ?? 0);
  });

  it('places a stop-loss on a sold call where the call would be worth its trigger', () => {
    const soldCall = condor.find((leg) => leg.side === 'SELL' && leg.kind === 'CE')!;
    const legs = bookLegs([position(soldCall.tradingsymbol, -65, soldCall.entryPrice)], chains, quotes);
    const stop = { tradingsymbol: soldCall.tradingsymbol, exchange: 'NFO', transaction_type: 'BUY', status: 'TRIGGER PENDING', order_type: 'SL', trigger_price: 120, price: 125 } as Schemas['Order'];
    const markers = orderMarkers(legs, [stop], nowMs, spot, (kind) => kind);
    expect(markers).toHaveLength(1);
    const at = markers[0]!.price;
    const years = yearsToExpiry(nowMs, legs[0]!.expiryMs);
    const value = black76Price({ kind: 'CE', forward: at * Math.exp(marketAssumptions.rate * years), strike: soldCall.strike, years, rate: marketAssumptions.rate, volatility: 0.13 });
    expect(value).toBeCloseTo(120, 4);
    expect(markers[0]!.kind).toBe('stopLoss');
    // An order on the same side as the position adds to it: it closes nothing and is not marked.
    expect(orderMarkers(legs, [{ ...stop, transaction_type: 'SELL' }], nowMs, spot, (kind) => kind)).toEqual([]);
  });
});
