// @vitest-environment node
// Every P&L figure of a positions screen comes from position-marks.ts: the summary's tiles must equal the
// sum of the rows the table shows, at the same live prices, to the paisa.
import { describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { markPositions, totalsOf } from '@/features/positions/model/position-marks';

type Position = components['schemas']['Position'];

const base: Position = {
  tradingsymbol: 'NIFTY26D0126000CE',
  exchange: 'NFO',
  instrument_token: 1,
  product: 'NRML',
  quantity: 65,
  average_price: 100,
  last_price: 110,
  buy_value: 6500,
  sell_value: 0,
  overnight_quantity: 0,
  buy_quantity: 65,
  buy_price: 100,
  sell_quantity: 0,
  sell_price: 0,
  day_buy_quantity: 65,
  day_sell_quantity: 0,
  close_price: 100,
  lot_size: 65,
  expiry: '2026-12-01',
  pnl: 650,
  m2m: 650,
  unrealised: 650,
  realised: 0,
  charges: 21.37,
  charges_status: 'priced',
  net_pnl: 628.63,
  portfolio_id: 3,
  priced: true,
};

const tick = (last_price: number) => ({ last_price, timestamp: '2026-11-24T05:00:00Z' });

describe('marking positions', () => {
  it('marks an open position at its live tick, and the totals at the same tick', () => {
    // Bought 65 at 100 (₹6,500); the tick says 110.15: gross 65 × 10.15 = 659.75, net 638.38.
    const rows = markPositions([base], new Map([['NFO:NIFTY26D0126000CE', tick(110.15)]]));
    expect(rows[0]).toMatchObject({ price: 110.15, gross: 659.75, net: 638.38, unrealised: 659.75 });
    expect(totalsOf(rows)).toEqual({ gross: 659.75, net: 638.38, realised: 0, unrealised: 659.75, charges: 21.37, open: 1, notLive: 0 });
  });

  it('reads the server’s figures back exactly when no tick has come (the summary and the table agree with the server)', () => {
    const rows = markPositions([base], new Map());
    expect(rows[0]).toMatchObject({ price: 110, gross: base.pnl, net: base.net_pnl, unrealised: base.unrealised });
  });

  it('keeps a partly closed short’s realised part and moves only its unrealised part with the price', () => {
    // Sold 130 at 120 (₹15,600), bought 65 back at 100 (₹6,500): realised 65 × 20 = 1,300; 65 still short.
    const short: Position = {
      ...base,
      quantity: -65,
      buy_value: 6500,
      sell_value: 15600,
      buy_quantity: 65,
      sell_quantity: 130,
      average_price: 120,
      realised: 1300,
      charges: 50,
      charges_status: 'priced',
    };
    const [row] = markPositions([short], new Map([['NFO:NIFTY26D0126000CE', tick(90)]]));
    // Gross 15,600 − 6,500 − 65 × 90 = 3,250; unrealised 65 × (120 − 90) = 1,950 = 3,250 − 1,300.
    expect(row).toMatchObject({ gross: 3250, unrealised: 1950, net: 3200 });
  });

  it('leaves a closed position where it closed, whatever its instrument’s tick says', () => {
    const closed: Position = { ...base, quantity: 0, sell_value: 7150, sell_quantity: 65, pnl: 650, realised: 650, unrealised: 0, net_pnl: 600, charges: 50 };
    const rows = markPositions([closed], new Map([['NFO:NIFTY26D0126000CE', tick(300)]]));
    expect(rows[0]).toMatchObject({ gross: 650, net: 600, unrealised: 0 });
    expect(totalsOf(rows).open).toBe(0);
  });

  it('says an open position the server had no quote for is not live until a tick comes, and counts it in the totals', () => {
    const unquoted: Position = { ...base, tradingsymbol: 'NIFTY26D0126000PE', priced: false };
    const rows = markPositions([base, unquoted], new Map());
    expect(rows.map((row) => row.live)).toEqual([true, false]);
    expect(totalsOf(rows).notLive).toBe(1);
    const ticked = markPositions([base, unquoted], new Map([['NFO:NIFTY26D0126000PE', tick(111)]]));
    expect(ticked.map((row) => row.live)).toEqual([true, true]);
    expect(totalsOf(ticked).notLive).toBe(0);
  });

  it('counts a closed position live whatever its price (its P&L needs none), and one kept without the flag as not live', () => {
    const closed: Position = { ...base, quantity: 0, sell_value: 7150, sell_quantity: 65, priced: false };
    const { priced: _dropped, ...older } = base;
    const rows = markPositions([closed, older as Position], new Map());
    expect(rows.map((row) => row.live)).toEqual([true, false]);
  });

  it('adds many rows in paise, so the total is the sum of the rows as shown', () => {
    const rows = markPositions([0.1, 0.2, 0.7].map((charges, i) => ({ ...base, tradingsymbol: `X${i}`, charges })), new Map());
    expect(totalsOf(rows).charges).toBe(1);
    expect(totalsOf(rows).net).toBe(rows.reduce((sum, row) => Math.round((sum + row.net) * 100) / 100, 0));
  });
});
