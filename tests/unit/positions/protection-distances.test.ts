import { describe, expect, it } from 'vitest';
import type { ProtectionAnswer } from '@/features/positions/api/protection-calls';
import { levelDistances } from '@/features/positions/model/protection-distances';

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
