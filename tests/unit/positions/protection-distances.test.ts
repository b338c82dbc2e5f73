// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ProtectionAnswer } from '@/features/positions/api/protection-calls';
import { followLive, levelDistances } from '@/features/positions/model/protection-distances';

const armed = (overrides: Partial<NonNullable<ProtectionAnswer['protection']>> = {}): ProtectionAnswer => ({
  portfolio_id: 1,
  mtm: 250.5,
  marks: [],
  margin: 100000,
  priced: true,
  status: 'OK',
  as_of: '2026-11-27T05:30:00Z',
  protection: {
    levels: { stop_loss: { value: 1000, unit: 'inr' }, target: { value: 2000, unit: 'inr' } },
    margin_basis: 50000,
    stop_loss: -1000,
    target: 2000,
    trail_every: 500,
    trail_by: 250,
    lock_at: null,
    lock_keep: null,
    armed: true,
    armed_at: '2026-11-27T04:00:00Z',
    peak_mtm: 600,
    stop: { level: -750, kind: 'trailing_stop_loss' },
    fired: null,
    ...overrides,
  },
});

describe('levelDistances', () => {
  it('measures the stop in force and the target from the MTM now, in rupees and of the margin they were set against', () => {
    expect(levelDistances(armed())).toEqual([
      { kind: 'trailing_stop_loss', level: -750, away: 1000.5, awayOfMargin: 1000.5 / 50000 },
      { kind: 'target', level: 2000, away: 1749.5, awayOfMargin: 1749.5 / 50000 },
    ]);
  });

  it('makes no distance from a missing MTM, and none once fired', () => {
    expect(levelDistances({ ...armed(), priced: false }).map((level) => level.away)).toEqual([null, null]);
    expect(levelDistances({ ...armed(), mtm: null }).map((level) => level.awayOfMargin)).toEqual([null, null]);
    expect(levelDistances(armed({ armed: false }))).toEqual([]);
    // No margin when set: rupees only.
    expect(levelDistances(armed({ margin_basis: 0 }))[0]).toMatchObject({ away: 1000.5, awayOfMargin: null });
  });
});

describe('followLive', () => {
  // Long 75 of a call marked at ₹120.00 and short 75 of a put at ₹90.00: MTM ₹250.50 at the read.
  const marked = (overrides: Partial<NonNullable<ProtectionAnswer['protection']>> = {}): ProtectionAnswer => ({
    ...armed(overrides),
    marks: [
      { exchange: 'NFO', tradingsymbol: 'NIFTY26D0124000CE', quantity: 75, last_price: 120 },
      { exchange: 'NFO', tradingsymbol: 'NIFTY26D0124000PE', quantity: -75, last_price: 90 },
    ],
  });
  const live = (prices: Record<string, number>) => new Map(Object.entries(prices).map(([key, last_price]) => [`NFO:${key}`, { last_price }]));

  it('moves the MTM by quantity × the change of each live price, and the distances with it', () => {
    const moved = followLive(marked(), live({ NIFTY26D0124000CE: 121.5, NIFTY26D0124000PE: 90.25 }));
    // + 75 × 1.50 − 75 × 0.25 = + 93.75
    expect(moved.mtm).toBe(344.25);
    expect(levelDistances(moved)[0]).toMatchObject({ kind: 'trailing_stop_loss', level: -750, away: 1094.25 });
    // A position without a live price keeps the server's.
    expect(followLive(marked(), live({ NIFTY26D0124000CE: 119 })).mtm).toBe(175.5);
  });

  it('raises the peak and trails the stop as the watcher would, never lowers them', () => {
    // Peak ₹600 (one step: −1000 + 250 = −750); a live MTM of ₹1,000.50 is two steps: −500.
    const up = followLive(marked(), live({ NIFTY26D0124000CE: 130 }));
    expect(up.mtm).toBe(1000.5);
    expect(up.protection).toMatchObject({ peak_mtm: 1000.5, stop: { level: -500, kind: 'trailing_stop_loss' } });
    const down = followLive(marked(), live({ NIFTY26D0124000CE: 100 }));
    expect(down.protection).toMatchObject({ peak_mtm: 600, stop: { level: -750, kind: 'trailing_stop_loss' } });
    // Back down after the screen showed ₹1,000.50: the step it took stays until the next read.
    expect(followLive(marked(), live({ NIFTY26D0124000CE: 100 }), 1000.5).protection).toMatchObject({ peak_mtm: 1000.5, stop: { level: -500 } });
    // A profit lock engages once the live MTM reaches it.
    const locked = followLive(marked({ trail_every: null, trail_by: null, stop: { level: -1000, kind: 'stop_loss' }, lock_at: 800, lock_keep: 300 }), live({ NIFTY26D0124000CE: 130 }));
    expect(locked.protection!.stop).toEqual({ level: 300, kind: 'profit_lock' });
  });

  it('moves nothing it cannot price: an MTM the server could not price, a session over, a snapshot without marks', () => {
    const prices = live({ NIFTY26D0124000CE: 130 });
    expect(followLive({ ...marked(), priced: false }, prices).mtm).toBe(250.5);
    expect(followLive({ ...marked(), mtm: null }, prices).mtm).toBeNull();
    const { marks: _dropped, ...old } = marked();
    expect(followLive(old as ProtectionAnswer, prices).mtm).toBe(250.5);
    // A fired protection: the MTM moves, its record does not.
    const fired = followLive(marked({ armed: false, stop: null }), prices);
    expect(fired.mtm).toBe(1000.5);
    expect(fired.protection).toMatchObject({ armed: false, stop: null, peak_mtm: 600 });
  });
});
