// istDate keeps the date it worked out last (by its IST day number): each instant still gets its own IST date,
// across IST midnight (18:30 UTC) both ways, before 1970, and an invalid instant still throws.
import { describe, expect, it } from 'vitest';
import { istDate } from '../../../server/services/market/ist.ts';

describe('the IST date of an instant', () => {
  it('is the IST calendar date, whatever instant was asked before', () => {
    const asked: Array<[string, string]> = [
      ['2026-12-02T18:29:59.999Z', '2026-12-02'],
      ['2026-12-02T18:30:00.000Z', '2026-12-03'],
      ['2026-12-02T03:45:00.000Z', '2026-12-02'],
      ['2026-12-03T18:29:00.000Z', '2026-12-03'],
      ['2026-12-01T18:30:00.000Z', '2026-12-02'],
      ['1969-12-31T18:29:59.999Z', '1969-12-31'],
      ['1969-12-31T18:30:00.000Z', '1970-01-01'],
      ['2026-12-02T10:00:00.000Z', '2026-12-02'],
    ];
    for (const [instant, date] of [...asked, ...asked.toReversed()]) expect(istDate(new Date(instant))).toBe(date);
  });

  it('throws for an invalid instant, after a valid one as before any', () => {
    expect(() => istDate(new Date(Number.NaN))).toThrow(RangeError);
    expect(istDate(new Date('2026-12-02T10:00:00Z'))).toBe('2026-12-02');
    expect(() => istDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});
