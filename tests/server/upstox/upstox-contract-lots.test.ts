// A live Upstox account counts a contract's lots in Upstox's own instrument file (its `lot_size`): the broker's
// word over StrikeDesk's dated revisions (contract-lots.ts), which answer only where the file gives none. The
// day's load keeps the listed stocks' options and futures and the indices' futures (issue 63), found by name in
// Upstox's own file: no Kite dump nor simulator listing is needed for them. A key no F&O segment lists (an index
// the market recorder asks of) reads no file, so the day's read is not taken before the contracts are listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { createKiteContracts } from '../../../server/services/brokers/kite-broker/contracts.ts';
import { createKiteInstrumentLoad } from '../../../server/services/brokers/kite-broker/instrument-load.ts';
import type { KiteHttp } from '../../../server/services/brokers/kite/kite-http.ts';
import { createUpstoxContracts } from '../../../server/services/brokers/upstox-broker/upstox-contracts.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';

// Friday 27 November 2026, 10:00 IST; NIFTY's weekly of Tuesday 1 December.
const now = new Date('2026-11-27T04:30:00Z');
const expiryMs = Date.parse('2026-12-01T10:00:00Z');
const instrumentsUrl = 'http://upstox.test/instruments.json';

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

/** Upstox's expiry: the IST day's last second, in epoch ms. */
const endOfDay = (day: string) => Date.parse(`${day}T23:59:59+05:30`);
const stock = (fields: Record<string, unknown>) => ({ segment: 'NSE_FO', exchange: 'NSE', underlying_type: 'EQUITY', freeze_quantity: 0, weekly: false, ...fields });
const relianceFuture = stock({ instrument_key: 'NSE_FO|13001', underlying_symbol: 'RELIANCE', instrument_type: 'FUT', strike_price: 0, expiry: endOfDay('2026-12-29'), lot_size: 500, freeze_quantity: 20_000 });
const relianceCall = stock({ instrument_key: 'NSE_FO|13002', underlying_symbol: 'RELIANCE', instrument_type: 'CE', strike_price: 1300, expiry: endOfDay('2026-12-29'), lot_size: 500 });

describe.each(testBackends)('Upstox contracts and their lots on %s', (backend) => {
  let db: Database;

  beforeAll(async () => {
    db = await createMigratedTestDatabase(backend);
  });

  afterAll(async () => {
    await db.close();
  });

  it("takes the file's lot where it gives one, else the revision in force", async () => {
    const file = JSON.stringify([entry(26_000, 71_001, 75), entry(26_050, 71_002)]);
    const contracts = createUpstoxContracts({ db, clock: () => now, instrumentsUrl, fetch: async () => new Response(file) });
    // NSE/FAOP/70616's 65 is StrikeDesk's lot for the contract; the file says 75 for the first: the broker's word wins.
    expect(await contracts.contractOf('NFO', 'NIFTY26D0126000CE', now)).toMatchObject({ instrumentToken: 71_001, expiry: '2026-12-01', lotSize: 75 });
    expect(await contracts.contractOf('NFO', 'NIFTY26D0126050CE', now)).toMatchObject({ instrumentToken: 71_002, expiry: '2026-12-01', lotSize: 65 });
  });

  it("keeps the listed stocks' options and futures and the indices' futures, each Upstox's own row, none expired or unlisted", async () => {
    const file = JSON.stringify([
      { segment: 'NSE_EQ', instrument_type: 'EQ', trading_symbol: 'RELIANCE', instrument_key: 'NSE_EQ|INE002A01018', lot_size: 1 },
      relianceFuture,
      relianceCall,
      stock({ instrument_key: 'NSE_FO|13003', underlying_symbol: 'RELIANCE', instrument_type: 'PE', strike_price: 1300, expiry: endOfDay('2026-11-24'), lot_size: 500 }),
      // Not among the underlyings StrikeDesk lists.
      stock({ instrument_key: 'NSE_FO|13004', underlying_symbol: 'NOTLISTED', instrument_type: 'CE', strike_price: 100, expiry: endOfDay('2026-12-29'), lot_size: 1000 }),
      { ...stock({ instrument_key: 'NSE_FO|13005', underlying_symbol: 'NIFTY', instrument_type: 'FUT', strike_price: 0, expiry: endOfDay('2026-12-29'), lot_size: 65 }), underlying_type: 'INDEX' },
    ]);
    const contracts = createUpstoxContracts({ db, clock: () => now, instrumentsUrl, fetch: async () => new Response(file) });
    expect(await contracts.contractOf('NFO', 'RELIANCE26DEC1300CE', now)).toEqual({
      instrumentToken: 13_002, exchange: 'NFO', tradingsymbol: 'RELIANCE26DEC1300CE', index: 'RELIANCE', expiry: '2026-12-29', strike: 1300, kind: 'CE', lotSize: 500,
      // The file gives none: NSE's freeze file's (migration 142).
      freezeQuantity: 15_000,
    });
    expect(await contracts.contractOf('NFO', 'RELIANCE26DECFUT', now)).toMatchObject({ instrumentToken: 13_001, kind: 'FUT', strike: 0, lotSize: 500, freezeQuantity: 20_000 });
    // NIFTY's future at NSE's freeze quantity for the index (the file has none).
    expect(await contracts.contractOf('NFO', 'NIFTY26DECFUT', now)).toMatchObject({ instrumentToken: 13_005, index: 'NIFTY', kind: 'FUT', lotSize: 65, freezeQuantity: 1800 });
    expect(await contracts.contractOf('NFO', 'RELIANCE26NOV1300PE', now)).toBeNull();
    expect(await contracts.contractOf('NFO', 'NOTLISTED26DEC100CE', now)).toBeNull();
  });

  it('reads no file for a key outside its F&O segments, so a contract listed later that day is found', async () => {
    // The file as Upstox serves it at each request: the stock's contracts are listed after the first lookups.
    let served: unknown[] = [];
    let reads = 0;
    const contracts = createUpstoxContracts({ db, clock: () => now, instrumentsUrl, fetch: async () => {
      reads += 1;
      return new Response(JSON.stringify(served));
    } });
    // What the market recorder asks of each key a feed follows: the indices, an equity of a watchlist.
    expect(await contracts.contractOf('BSE', 'SENSEX', now)).toBeNull();
    expect(await contracts.contractOf('NSE', 'NIFTY 50', now)).toBeNull();
    expect(await contracts.contractOf('NSE', 'RELIANCE', now)).toBeNull();
    expect(reads).toBe(0);
    served = [relianceFuture, relianceCall];
    expect(await contracts.contractOf('NFO', 'RELIANCE26DEC1300CE', now)).toMatchObject({ instrumentToken: 13_002, lotSize: 500 });
    expect(await contracts.contractOf('NFO', 'RELIANCE26DECFUT', now)).toMatchObject({ instrumentToken: 13_001 });
    // Read once for the day.
    expect(reads).toBe(1);
  });

  it("gives a live Upstox account the contract a live Kite account trades, from each broker's own daily load of the stock's rows", async () => {
    // Kite's dump of the same day, loaded as every morning (instrument-load.ts), then read by Kite's contract reader.
    const kiteCsv = [
      'instrument_token,exchange_token,tradingsymbol,name,last_price,expiry,strike,tick_size,lot_size,instrument_type,segment,exchange',
      '24001,94,RELIANCE26DEC1300CE,RELIANCE,0,2026-12-29,1300,0.05,500,CE,NFO-OPT,NFO',
      '24002,95,IDEA26DEC7.5PE,IDEA,0,2026-12-29,7.5,0.01,71475,PE,NFO-OPT,NFO',
    ].join('\n');
    const kiteHttp: KiteHttp = { apiKey: 'kite_app', request: async () => ({}), requestText: async () => kiteCsv };
    await createKiteInstrumentLoad({ db, clock: () => now }).ensureLoaded(kiteHttp, () => undefined);
    const kite = createKiteContracts(db);
    const file = JSON.stringify([
      relianceCall,
      stock({ instrument_key: 'NSE_FO|13006', underlying_symbol: 'IDEA', instrument_type: 'PE', strike_price: 7.5, expiry: endOfDay('2026-12-29'), lot_size: 71475 }),
    ]);
    const upstox = createUpstoxContracts({ db, clock: () => now, instrumentsUrl, fetch: async () => new Response(file) });
    for (const [symbol, kiteToken, upstoxToken] of [['RELIANCE26DEC1300CE', 24_001, 13_002], ['IDEA26DEC7.5PE', 24_002, 13_006]] as const) {
      const fromKite = await kite.contractOf('NFO', symbol, now);
      const fromUpstox = await upstox.contractOf('NFO', symbol, now);
      expect(fromKite).toMatchObject({ instrumentToken: kiteToken, tradingsymbol: symbol, expiry: '2026-12-29' });
      // The same contract, each under its broker's own key.
      expect({ ...fromUpstox, instrumentToken: kiteToken }).toEqual(fromKite);
      expect(fromUpstox?.instrumentToken).toBe(upstoxToken);
    }
  });
});
