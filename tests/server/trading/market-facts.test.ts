// Index facts as effective-dated data, and the IST clock arithmetic the broker session relies on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { indexFacts } from '../../../server/services/market/index-config.ts';
import { istDate, nextSessionExpiry } from '../../../server/services/market/ist.ts';
import { createMigratedTestDatabase } from '../support/test-database.ts';

describe('nextSessionExpiry (06:00 IST)', () => {
  it.each([
    ['09:30 IST', '2026-01-15T04:00:00Z', '2026-01-16T00:30:00.000Z'],
    ['23:59 IST', '2026-01-15T18:29:00Z', '2026-01-16T00:30:00.000Z'],
    ['00:10 IST, the next calendar day', '2026-01-15T18:40:00Z', '2026-01-16T00:30:00.000Z'],
    ['05:59 IST', '2026-01-16T00:29:00Z', '2026-01-16T00:30:00.000Z'],
    ['06:00 IST exactly', '2026-01-16T00:30:00Z', '2026-01-17T00:30:00.000Z'],
    ['the last day of a month', '2026-01-31T10:00:00Z', '2026-02-01T00:30:00.000Z'],
  ])('logged in at %s ends at the next 06:00 IST', (_label, now, expiry) => {
    expect(nextSessionExpiry(new Date(now)).toISOString()).toBe(expiry);
  });

  it('dates instants in IST', () => {
    expect(istDate(new Date('2026-01-15T18:29:59Z'))).toBe('2026-01-15');
    expect(istDate(new Date('2026-01-15T18:30:00Z'))).toBe('2026-01-16');
  });
});

describe('index facts', () => {
  let db: Database;

  beforeAll(async () => {
    db = await createMigratedTestDatabase();
  });

  afterAll(async () => {
    await db.close();
  });

  // Lots are not an index's fact but each contract's: tests/server/market/contract-lots.test.ts.
  it.each([
    ['NIFTY', 50, 1800, 'weekly', 2, 'NFO'],
    ['BANKNIFTY', 100, 900, 'monthly', 2, 'NFO'],
    ['FINNIFTY', 50, 1800, 'monthly', 2, 'NFO'],
    ['MIDCPNIFTY', 25, 2800, 'monthly', 2, 'NFO'],
    ['SENSEX', 100, 1000, 'weekly', 4, 'BFO'],
  ] as const)('%s: step %i, freeze %i units, %s expiry', async (index, strikeStep, freezeQuantity, expiryCycle, expiryWeekday, exchange) => {
    expect(await indexFacts(db, index, new Date('2026-01-15T04:00:00Z'))).toEqual({
      index,
      effectiveFrom: '2025-12-30',
      strikeStep,
      freezeQuantity,
      expiryCycle,
      expiryWeekday,
      exchange,
    });
  });

  it('switch to a new row on its effective IST date, and fall back to the earliest before the first', async () => {
    await db.query(
      `INSERT INTO index_config (index_name, effective_from, lot_size, strike_step, freeze_quantity, expiry_cycle, expiry_weekday, exchange)
       VALUES ('NIFTY', '2026-07-01', 75, 50, 2400, 'weekly', 2, 'NFO')`,
    );
    expect((await indexFacts(db, 'NIFTY', new Date('2026-06-30T18:29:00Z'))).freezeQuantity).toBe(1800);
    const july = await indexFacts(db, 'NIFTY', new Date('2026-06-30T18:30:00Z'));
    expect(july).toMatchObject({ freezeQuantity: 2400, effectiveFrom: '2026-07-01' });
    // NIFTY's earliest dated row is 31 March 2021 (migration 055); a day before it falls back to that row.
    expect((await indexFacts(db, 'NIFTY', new Date('2020-01-01T00:00:00Z'))).effectiveFrom).toBe('2021-03-31');
  });
});
