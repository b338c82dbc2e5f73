// Kite's instruments dump loaded into kite_instruments once a day (the first pass with a session, then each
// morning from 08:30 IST): index derivatives and the indices kept, the F&O stocks' derivatives and own NSE rows
// too (issue 63), other rows and expired contracts left out,
// the differences from index_config logged once per load, and live contracts resolved from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKiteContracts } from '../../../server/services/brokers/kite-broker/contracts.ts';
import { contractLot } from '../../../server/services/market/contract-lots.ts';
import type { ServerInstrument } from '../../kite-server/instruments-data.ts';
import { defaultInstruments } from '../../kite-server/instruments-data.ts';
import { testBackends } from '../support/test-database.ts';
import { openKiteDesk, startKiteStack, type KiteDesk, type KiteStack } from './kite-desk.ts';

/** BANKNIFTY as Kite would list it after a revision StrikeDesk has not recorded: lot 35 (not 30), strikes every 500 (not 100). */
function bankNifty(expiry: string, code: string, strikes: number[], base: number): ServerInstrument[] {
  return strikes.flatMap((strike, at) =>
    (['CE', 'PE'] as const).map((type, side) => ({
      instrument_token: (base + at * 2 + side) * 256 + 2,
      exchange_token: base + at * 2 + side,
      tradingsymbol: `BANKNIFTY${code}${strike}${type}`,
      name: 'BANKNIFTY',
      last_price: 200,
      expiry,
      strike,
      tick_size: 0.05,
      lot_size: 35,
      instrument_type: type,
      segment: 'NFO-OPT',
      exchange: 'NFO',
      freeze_quantity: 600,
    })),
  );
}

const stock: ServerInstrument = {
  ...defaultInstruments()[0]!,
  instrument_token: 408065,
  tradingsymbol: 'INFY',
  name: 'INFOSYS',
  segment: 'NSE',
  instrument_type: 'EQ',
};

/** A stock's F&O rows as Kite's dump lists them (NFO-OPT and NFO-FUT, the stock's symbol as the name). */
const stockDerivative = (tradingsymbol: string, name: string, type: 'CE' | 'PE' | 'FUT', expiry: string, strike: number, lot: number, token: number): ServerInstrument => ({
  instrument_token: token * 256 + 2,
  exchange_token: token,
  tradingsymbol,
  name,
  last_price: 0,
  expiry,
  strike,
  tick_size: type === 'FUT' ? 0.1 : 0.05,
  lot_size: lot,
  instrument_type: type,
  segment: type === 'FUT' ? 'NFO-FUT' : 'NFO-OPT',
  exchange: 'NFO',
  freeze_quantity: 0,
});

/** RELIANCE's November contracts (kept, lot 500), an expired October one, and a stock StrikeDesk does not list. */
const stockRows = [
  stockDerivative('RELIANCE26NOVFUT', 'RELIANCE', 'FUT', '2026-11-24', 0, 500, 720_001),
  stockDerivative('RELIANCE26NOV1300CE', 'RELIANCE', 'CE', '2026-11-24', 1300, 500, 720_002),
  stockDerivative('RELIANCE26NOV1300PE', 'RELIANCE', 'PE', '2026-11-24', 1300, 500, 720_003),
  stockDerivative('RELIANCE26OCTFUT', 'RELIANCE', 'FUT', '2026-10-27', 0, 500, 720_004),
  stockDerivative('ZZNOTLISTED26NOVFUT', 'ZZNOTLISTED', 'FUT', '2026-11-24', 0, 1000, 720_005),
];

describe.each(testBackends)("Kite's instruments dump on %s", (backend) => {
  const warnings: { details: Record<string, unknown>; message: string }[] = [];
  const warn = (details: Record<string, unknown>, message: string) => void warnings.push({ details, message });
  let stack: KiteStack;
  let desk: KiteDesk;
  let chain: number;

  beforeAll(async () => {
    stack = await startKiteStack(backend);
    desk = await openKiteDesk(stack);
    const listed = await stack.server.db.query<{ count: string }>("SELECT count(*) AS count FROM instruments WHERE name = 'NIFTY' AND expiry = $1 AND instrument_type <> 'FUT'", [desk.expiry]);
    chain = Number(listed.rows[0]!.count);
    stack.kite.control.listInstruments([
      ...defaultInstruments().filter((row) => row.segment === 'INDICES'),
      ...bankNifty('2026-11-24', '26N24', [59000, 59500, 60000], 700_000),
      // Expired last week: a dump may still list it, StrikeDesk keeps none.
      ...bankNifty('2026-11-17', '26N17', [59000], 710_000),
      stock,
      // An equity that is no F&O stock: left out.
      { ...stock, instrument_token: 409_089, exchange_token: 1598, tradingsymbol: 'ZZNOTLISTED', name: 'ZZ NOT LISTED' },
      ...stockRows,
    ]);
  });

  afterAll(async () => {
    stack.services.kite.prices.closeAll();
    await stack.close();
  });

  const loads = async () =>
    (await stack.server.db.query<{ loaded_on: string; instruments: number }>("SELECT to_char(loaded_on, 'YYYY-MM-DD') AS loaded_on, instruments FROM kite_instrument_loads ORDER BY loaded_on")).rows;

  it('loads the index derivatives and the indices once a day, and logs where they differ from index_config', async () => {
    await stack.services.kite.prices.pass(warn);
    // NIFTY's chain (listed at Kite by the desk), BANKNIFTY's six current contracts, three indices, RELIANCE's three
    // current contracts (issue 63: the stocks' F&O rows are kept; the expired one and an unlisted stock's are not),
    // and INFY's NSE row (session 82: an F&O stock's own row, for a ticker to follow its spot).
    const expected = chain + 6 + 3 + 3 + 1;
    expect(await loads()).toEqual([{ loaded_on: '2026-11-20', instruments: expected }]);
    const kinds = await stack.server.db.query<{ index_name: string; segment: string; count: string }>(
      'SELECT index_name, segment, count(*) AS count FROM kite_instruments GROUP BY index_name, segment ORDER BY index_name, segment',
    );
    expect(kinds.rows.map((row) => [row.index_name, row.segment, Number(row.count)])).toEqual([
      ['BANKNIFTY', 'INDICES', 1],
      ['BANKNIFTY', 'NFO-OPT', 6],
      ['INFY', 'NSE', 1],
      ['NIFTY', 'INDICES', 1],
      ['NIFTY', 'NFO-OPT', chain],
      ['RELIANCE', 'NFO-FUT', 1],
      ['RELIANCE', 'NFO-OPT', 2],
      ['SENSEX', 'INDICES', 1],
    ]);
    // A stock contract's lot reads from Kite's file as an index's does.
    expect(await contractLot(stack.server.db, 'RELIANCE', '2026-11-24', '2026-11-20')).toEqual({ lotSize: 500, source: "Kite's instrument file", effectiveFrom: null });
    const differences = warnings.filter((warning) => /differ from index_config/.test(warning.message));
    expect(differences).toHaveLength(1);
    expect(differences[0]!.details.differences).toEqual([
      { index: 'BANKNIFTY', fact: 'lot_size', dump: 35, strikedesk: 30 },
      { index: 'BANKNIFTY', fact: 'strike_step', dump: 500, strikedesk: 100 },
    ]);

    // Again the same day, on this instance or on one that never loaded: nothing fetched, nothing logged.
    const fetched = () => stack.network.calls().filter((call) => call === 'GET /instruments').length;
    const before = fetched();
    await stack.services.kite.prices.pass(warn);
    expect(await stack.services.kite.instruments.loadedFor('2026-11-20')).toBe(true);
    expect(fetched()).toBe(before);
    expect(warnings.filter((warning) => /differ from index_config/.test(warning.message))).toHaveLength(1);

    // Saturday 08:00 IST: the new dump is not out yet. From 08:30 it is, and it is loaded (and its differences logged) once.
    stack.server.clock.advance(22 * 60 * 60 * 1000);
    expect((await desk.logIn()).status).toBe(200);
    await stack.services.kite.prices.pass(warn);
    expect((await loads()).map((load) => load.loaded_on)).toEqual(['2026-11-20']);
    stack.server.clock.advance(30 * 60 * 1000);
    await stack.services.kite.prices.pass(warn);
    await stack.services.kite.prices.pass(warn);
    expect((await loads()).map((load) => load.loaded_on)).toEqual(['2026-11-20', '2026-11-21']);
    expect(warnings.filter((warning) => /differ from index_config/.test(warning.message))).toHaveLength(2);
  });

  it("resolves a live contract from the dump: Kite's token, expiry and lot size, the dated table's freeze quantity (Kite's dump has none)", async () => {
    const contracts = createKiteContracts(stack.server.db);
    const contract = await contracts.contractOf('NFO', 'BANKNIFTY26N2459500CE', stack.server.clock.now());
    expect(contract).toEqual({
      instrumentToken: 700_002 * 256 + 2,
      exchange: 'NFO',
      tradingsymbol: 'BANKNIFTY26N2459500CE',
      index: 'BANKNIFTY',
      expiry: '2026-11-24',
      strike: 59500,
      kind: 'CE',
      lotSize: 35,
      // BANKNIFTY's of NSE/FAOP/75521, in force since 3 August 2026 (freeze_quantities, migration 090).
      freezeQuantity: 600,
    });
    expect(await contracts.contractOf('NFO', 'BANKNIFTY26N1759000CE', stack.server.clock.now())).toMatchObject({ lotSize: 30 });
    // A stock's row of the dump (issue 63): the stock's terms, not an index's (index_config has no stock), and the
    // freeze quantity of NSE's freeze file (migration 142: Kite's dump has none).
    expect(await contracts.contractOf('NFO', 'RELIANCE26NOV1300CE', stack.server.clock.now())).toMatchObject({
      instrumentToken: 720_002 * 256 + 2,
      exchange: 'NFO',
      index: 'RELIANCE',
      expiry: '2026-11-24',
      strike: 1300,
      kind: 'CE',
      lotSize: 500,
      freezeQuantity: 15_000,
    });
  });
});
