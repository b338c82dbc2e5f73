// Index facts as effective-dated data, and the IST clock arithmetic the broker session relies on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { slices } from '../../../server/services/brokers/order-slicing.ts';
import { expiryWeekdayRow } from '../../../server/services/market/expiries.ts';
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

  // Lots are not an index's fact but each contract's: tests/server/market/contract-lots.test.ts. Freeze quantities of
  // NSE/FAOP/72094 (in force 1 January 2026) and BSE's SENSEX figure (migration 090).
  it.each([
    ['NIFTY', 50, 1800, 'weekly', 2, 'NFO'],
    ['BANKNIFTY', 100, 600, 'monthly', 2, 'NFO'],
    ['FINNIFTY', 50, 1200, 'monthly', 2, 'NFO'],
    ['MIDCPNIFTY', 25, 2800, 'monthly', 2, 'NFO'],
    ['SENSEX', 100, 1000, 'weekly', 4, 'BFO'],
  ] as const)('%s: step %i, freeze %i units, %s expiry', async (index, strikeStep, freezeQuantity, expiryCycle, expiryWeekday, exchange) => {
    const facts = await indexFacts(db, index, new Date('2026-01-15T04:00:00Z'));
    expect(facts).toEqual({ index, effectiveFrom: '2025-12-30', strikeStep, freezeQuantity, expiryCycle, expiryWeekdays: expect.any(Array), exchange });
    // The weekday of a contract expiring in January 2026 (expiry_weekdays, migration 093).
    expect(expiryWeekdayRow(facts.expiryWeekdays, '2026-01-27').weekday).toBe(expiryWeekday);
  });

  it('switch to a new row on its effective IST date, and fall back to the earliest before the first', async () => {
    await db.query(
      `INSERT INTO index_config (index_name, effective_from, lot_size, strike_step, freeze_quantity, expiry_cycle, expiry_weekday, exchange)
       VALUES ('NIFTY', '2026-07-01', 65, 100, 1800, 'weekly', 2, 'NFO')`,
    );
    expect((await indexFacts(db, 'NIFTY', new Date('2026-06-30T18:29:00Z'))).strikeStep).toBe(50);
    const july = await indexFacts(db, 'NIFTY', new Date('2026-06-30T18:30:00Z'));
    expect(july).toMatchObject({ strikeStep: 100, effectiveFrom: '2026-07-01' });
    // NIFTY's earliest dated row is 31 March 2021 (migration 055); a day before it falls back to that row.
    expect((await indexFacts(db, 'NIFTY', new Date('2020-01-01T00:00:00Z'))).effectiveFrom).toBe('2021-03-31');
  });

  it("slices an order at the freeze quantity in force on the order's IST day: the old limit before a revision, the new one from its day", async () => {
    // NSE/FAOP/73531 raised BANKNIFTY's freeze from 600 to 900 from 1 April 2026 (lot 30): 1,800 units went out as
    // three orders of 600 on 31 March and as two of 900 from 1 April (00:00 IST is 18:30 UTC the day before).
    const order = async (at: string) => {
      const facts = await indexFacts(db, 'BANKNIFTY', new Date(at));
      return slices(1800, { lotSize: 30, tradingsymbol: 'BANKNIFTY26APR56000CE', freezeQuantity: facts.freezeQuantity });
    };
    expect(await order('2026-03-31T18:29:59Z')).toEqual([600, 600, 600]);
    expect(await order('2026-03-31T18:30:00Z')).toEqual([900, 900]);
    // FINNIFTY (lot 60) went 1,800 → 1,200 on 2 March 2026 (NSE/FAOP/73039) and back on 1 April: 2,400 units
    // are two orders in February, two in March (1,200 is 20 lots), and 1,800 + 600 in April.
    const finnifty = async (day: string) => {
      const facts = await indexFacts(db, 'FINNIFTY', new Date(`${day}T04:00:00Z`));
      return slices(2400, { lotSize: 60, tradingsymbol: 'FINNIFTY', freezeQuantity: facts.freezeQuantity });
    };
    expect(await finnifty('2026-02-27')).toEqual([1800, 600]);
    expect(await finnifty('2026-03-02')).toEqual([1200, 1200]);
    expect(await finnifty('2026-04-01')).toEqual([1800, 600]);
  });

  it('reads a new freeze quantity row on its effective day, and never slices below one lot', async () => {
    await db.query(`INSERT INTO freeze_quantities (underlying, effective_from, freeze_quantity, source) VALUES ('SENSEX', '2026-12-01', 10, 'a test circular')`);
    try {
      expect((await indexFacts(db, 'SENSEX', new Date('2026-11-30T10:00:00Z'))).freezeQuantity).toBe(1000);
      expect(await indexFacts(db, 'SENSEX', new Date('2026-12-01T04:00:00Z'))).toMatchObject({ freezeQuantity: 20 });
    } finally {
      await db.query(`DELETE FROM freeze_quantities WHERE underlying = 'SENSEX' AND effective_from = '2026-12-01'`);
    }
  });
});
