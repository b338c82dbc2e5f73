// The analytics screens' pure parts: the saved-copy key of market_data, Content-Range totals, the treemap's
// areas, the moving averages and the dashboard's P&L today.
import { describe, expect, it } from 'vitest';
import { dayPnl } from '@/app/dashboard/load-dashboard';
import { indexChoices, totalOf, type IndexConfig } from '@/features/analytics/api/analytics-reads';
import { chartTime, simpleMovingAverage, type Bar } from '@/features/analytics/charts/candle-chart';
import { squarify } from '@/features/analytics/charts/treemap';
import type { PositionBook } from '@/features/positions/api/position-calls';
// The service worker's helpers are plain functions; the WebWorker-typed file is imported by path.
import { normalisedInstruments } from '../../../sw/analytics-cache.ts';

describe('market_data saved copies', () => {
  it('share one key for the same instruments in any order or repeated (for the same broker), and refuse a body that is not a request', () => {
    const a = normalisedInstruments(JSON.stringify({ instruments: ['NSE:NIFTY BANK', 'NSE:NIFTY 50', 'NSE:NIFTY 50'] }));
    const b = normalisedInstruments(JSON.stringify({ instruments: ['NSE:NIFTY 50', 'NSE:NIFTY BANK'] }));
    expect(a).toBe('NSE:NIFTY 50,NSE:NIFTY BANK');
    expect(b).toBe(a);
    // The broker named is part of the key: its answer's market status is that broker's exchange's.
    expect(normalisedInstruments(JSON.stringify({ instruments: ['NSE:NIFTY 50', 'NSE:NIFTY BANK'], broker: 'kite' }))).toBe('NSE:NIFTY 50,NSE:NIFTY BANK|kite');
    expect(normalisedInstruments('{"instruments":"NSE:NIFTY 50"}')).toBeNull();
    expect(normalisedInstruments('not json')).toBeNull();
  });
});

describe('Content-Range', () => {
  it('gives the total of an exact count, and nothing otherwise', () => {
    expect(totalOf('0-99/1234')).toBe(1234);
    expect(totalOf('*/0')).toBe(0);
    expect(totalOf('0-9/*')).toBeNull();
    expect(totalOf(null)).toBeNull();
  });
});

describe('squarify', () => {
  it('fills the box with tiles whose areas follow the weights, none outside it, zero weights left out', () => {
    const weights = [60, 30, 20, 10, 6, 4, 0];
    const tiles = squarify(weights, (w) => w, 400, 300);
    expect(tiles).toHaveLength(6);
    const total = 60 + 30 + 20 + 10 + 6 + 4;
    for (const tile of tiles) {
      expect(tile.width * tile.height).toBeCloseTo((tile.item / total) * 400 * 300, 6);
      expect(tile.x).toBeGreaterThanOrEqual(-1e-9);
      expect(tile.y).toBeGreaterThanOrEqual(-1e-9);
      expect(tile.x + tile.width).toBeLessThanOrEqual(400 + 1e-9);
      expect(tile.y + tile.height).toBeLessThanOrEqual(300 + 1e-9);
    }
    // Squarified: the biggest tile is not a sliver.
    const biggest = tiles[0]!;
    expect(Math.max(biggest.width / biggest.height, biggest.height / biggest.width)).toBeLessThan(3);
  });
});

describe('moving averages', () => {
  const bar = (close: number, i: number): Bar => ({ time: `2026-11-${String(i + 1).padStart(2, '0')}`, open: close, high: close, low: close, close, volume: 0 });
  it('start once a full period is behind them and average the closes', () => {
    const bars = [10, 11, 12, 13, 14].map(bar);
    expect(simpleMovingAverage(bars, 3)).toEqual([
      { index: 2, value: 11 },
      { index: 3, value: 12 },
      { index: 4, value: 13 },
    ]);
    expect(simpleMovingAverage(bars, 6)).toEqual([]);
  });
  it('put intraday bars on an IST axis and keep daily bars as days', () => {
    expect(chartTime('2026-11-23T03:45:00Z', false)).toBe(Date.parse('2026-11-23T09:15:00Z') / 1000);
    expect(chartTime('2026-11-23', true)).toBe('2026-11-23');
  });
});

describe('P&L today', () => {
  const position = (m2m: number, charges: number) => ({ m2m, charges, quantity: 0, overnight_quantity: 0, priced: true }) as unknown as PositionBook['net'][number];
  it('is the mark-to-market of the net positions less the day’s charges, exact in paise', () => {
    const book = { net: [position(0.1, 0), position(0.2, 0), position(-1234.56, 0)], day: [position(0, 20.36), position(0, 0.01)], margins: {}, status: 'OK', as_of: null } as unknown as PositionBook;
    expect(dayPnl(book)).toEqual({ gross: -1234.26, charges: 20.37, net: -1254.63, notLive: 0 });
  });
});

describe('index choices from index_config', () => {
  const row = (id: number, index: IndexConfig['index'], effective_from: string, lot_size: number): IndexConfig => ({
    id,
    index,
    exchange: 'NFO',
    lot_size,
    strike_step: 50,
    freeze_quantity: 1800,
    weekly_expiry_weekday: 2,
    monthly_expiry_weekday: 2,
    effective_from,
  });
  it('take each index’s first row in force today, ignore rows not yet in force, and keep each index in its place', () => {
    const rows = [row(1, 'NIFTY', '2025-12-30', 75), row(2, 'BANKNIFTY', '2025-12-30', 30), row(6, 'NIFTY', '2026-06-01', 65), row(7, 'NIFTY', '2027-01-01', 50)];
    expect(indexChoices(rows, '2026-11-23')).toEqual([
      { index: 'NIFTY', lotSize: 65 },
      { index: 'BANKNIFTY', lotSize: 30 },
    ]);
  });
});
