// A live Upstox account counts a contract's lots in Upstox's own instrument file (its `lot_size`): the broker's
// word over StrikeDesk's dated revisions (contract-lots.ts), which answer only where the file gives none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { createUpstoxContracts } from '../../../server/services/brokers/upstox-broker/upstox-contracts.ts';
import { createMigratedTestDatabase } from '../support/test-database.ts';

// Friday 27 November 2026, 10:00 IST; NIFTY's weekly of Tuesday 1 December.
const now = new Date('2026-11-27T04:30:00Z');
const expiryMs = Date.parse('2026-12-01T10:00:00Z');

/** An option entry of Upstox's instrument file (the fields the adapter reads). */
const entry = (strike: number, token: number, lot?: number) => ({
  instrument_key: `NSE_FO|${token}`,
  underlying_symbol: 'NIFTY',
  segment: 'NSE_FO',
  instrument_type: 'CE',
  strike_price: strike,
  expiry: expiryMs,
  ...(lot === undefined ? {} : { lot_size: lot }),
});

describe('Upstox contracts and their lots', () => {
  let db: Database;

  beforeAll(async () => {
    db = await createMigratedTestDatabase();
  });

  afterAll(async () => {
    await db.close();
  });

  it("takes the file's lot where it gives one, else the revision in force", async () => {
    const file = JSON.stringify([entry(26_000, 71_001, 75), entry(26_050, 71_002)]);
    const contracts = createUpstoxContracts({ db, clock: () => now, instrumentsUrl: 'http://upstox.test/instruments.json', fetch: async () => new Response(file) });
    // NSE/FAOP/70616's 65 is StrikeDesk's lot for the contract; the file says 75 for the first: the broker's word wins.
    expect(await contracts.contractOf('NFO', 'NIFTY26D0126000CE', now)).toMatchObject({ instrumentToken: 71_001, expiry: '2026-12-01', lotSize: 75 });
    expect(await contracts.contractOf('NFO', 'NIFTY26D0126050CE', now)).toMatchObject({ instrumentToken: 71_002, expiry: '2026-12-01', lotSize: 65 });
  });
});
