// The MIS square-off the server missed: a server stopped before the 15:25 IST cut-off and started after it
// closes the intraday positions left open as Zerodha's risk desk would have at the cut-off (dated 15:25 IST,
// at the price then, with the ₹50 + GST call-and-trade charge), once, before it settles what expired.
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Database } from '../../../server/db/database.ts';
import type { Services } from '../../../server/services/services.ts';
import { openDesk, scriptedMarket, type Desk, type ScriptedMarket } from '../support/paper-desk.ts';
import { createMigratedTestDatabase, testBackends, type TestBackend } from '../support/test-database.ts';
import { guardedClient } from '../support/trading.ts';
import { manualClock, startTestServer, type ManualClock, type TestServer } from '../support/test-server.ts';

// Friday 20 November 2026 (a trading day); NIFTY's nearest expiry is Monday 23 November.
const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);
const friday = '2026-11-20';

type TradeRow = {
  tradingsymbol: string;
  product: string;
  transaction_type: string;
  quantity: number;
  price_paise: number;
  brokerage_paise: number;
  stt_paise: number;
  exchange_paise: number;
  sebi_paise: number;
  gst_paise: number;
  stamp_paise: number;
  call_and_trade_paise: number;
  kind: string;
  trading_day: string;
  filled_at: Date;
};

async function tradesOf(db: Database, accountId: number): Promise<TradeRow[]> {
  const { rows } = await db.query<TradeRow>(
    `SELECT tradingsymbol, product, transaction_type, quantity, price_paise, brokerage_paise, stt_paise, exchange_paise, sebi_paise, gst_paise, stamp_paise,
       call_and_trade_paise, kind, to_char(trading_day, 'YYYY-MM-DD') AS trading_day, filled_at FROM paper_trades WHERE broker_account_id = $1 ORDER BY id`,
    [accountId],
  );
  // bigint columns read as text on PostgreSQL and as numbers on PGlite: numbers here.
  const paiseColumns = ['price_paise', 'brokerage_paise', 'stt_paise', 'exchange_paise', 'sebi_paise', 'gst_paise', 'stamp_paise', 'call_and_trade_paise'] as const;
  return rows.map((row) => ({ ...row, ...Object.fromEntries(paiseColumns.map((column) => [column, Number(row[column])])) }));
}

/** The account's positions as a server other than the desk's answers them (the same database, the desk's token). */
async function positionsOn(server: TestServer, desk: Desk): Promise<Map<string, number>> {
  const res = await guardedClient(server.app)<components['schemas']['PositionBookResponse']>('getPositionBook', {
    token: desk.token,
    params: { accountNumber: desk.accountNumber },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new Map(res.body.position_book.net.map((position) => [`${position.tradingsymbol}:${position.product}`, position.quantity]));
}

type Setup = { db: Database; clock: ManualClock; market: ScriptedMarket; options: Parameters<typeof startTestServer>[0] };

function setup(backend: TestBackend, db: Database, start: Date): Setup {
  const clock = manualClock(start);
  const market = scriptedMarket(clock);
  return { db, clock, market, options: { backend, database: db, clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: market.source } };
}

describe.each(testBackends)('the MIS square-off a stopped server missed, on %s', (backend) => {
  const servers: TestServer[] = [];
  let db: Database | undefined;

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    await db?.close();
    db = undefined;
  });

  const start = async (options: Setup['options']) => {
    const server = await startTestServer(options);
    servers.push(server);
    return server;
  };

  it('closes an MIS position opened at 11:00 as of 15:25 IST, at the price then, with the call-and-trade charge, once, when the server comes back at 16:30', async () => {
    db = await createMigratedTestDatabase(backend);
    const { clock, market, options } = setup(backend, db, ist(friday, '11:00'));
    const morning = await start(options);
    const desk = await openDesk(morning, guardedClient(morning.app));
    const call = desk.contract(desk.atm, 'CE').tradingsymbol;
    const other = desk.contract(desk.atm + 200, 'CE').tradingsymbol;
    market.set(call, { bid: 120, ask: 120.5 });
    market.set(other, { bid: 45, ask: 45.5 });
    await desk.place(call, 'BUY', 65, { product: 'MIS' });
    await desk.place(other, 'SELL', 65, { product: 'NRML' });
    // The server stops at 11:05 and nothing runs at 15:25.
    clock.advance(5 * 60_000);
    await morning.close();
    servers.splice(0);

    // It starts again at 16:30. The option was ₹131.00–131.50 at the cut-off, ₹140.00–140.50 now.
    clock.advance(ist(friday, '16:30').getTime() - clock.now().getTime());
    market.setAt(call, ist(friday, '15:25'), { bid: 131, ask: 131.5 });
    market.set(call, { bid: 140, ask: 140.5 });
    const evening = await start(options);

    const trades = await tradesOf(evening.db, desk.account.id);
    expect(trades).toHaveLength(3);
    // Sold 65 at the cut-off's bid, ₹131.00 (₹8,515.00): brokerage ₹20.00, STT 0.15 % ₹12.77, exchange 0.0355299 %
    // ₹3.03, SEBI ₹0.01, call and trade ₹50.00, GST 18 % of ₹73.04 = ₹13.15; no stamp duty on a sale.
    expect(trades[2]).toMatchObject({
      tradingsymbol: call,
      product: 'MIS',
      transaction_type: 'SELL',
      quantity: 65,
      price_paise: 13100,
      brokerage_paise: 2000,
      stt_paise: 1277,
      exchange_paise: 303,
      sebi_paise: 1,
      gst_paise: 1315,
      stamp_paise: 0,
      call_and_trade_paise: 5000,
      kind: 'fill',
      trading_day: friday,
    });
    expect(trades[2]!.filled_at.toISOString()).toBe(ist(friday, '15:25').toISOString());
    const { rows: orders } = await evening.db.query<{ tag: string; purpose: string; status: string; placed_at: Date }>(
      `SELECT tag, purpose, status, placed_at FROM paper_orders WHERE broker_account_id = $1 AND purpose = 'auto_squareoff'`,
      [desk.account.id],
    );
    expect(orders).toEqual([{ tag: 'AUTO-SQOFF', purpose: 'auto_squareoff', status: 'COMPLETE', placed_at: ist(friday, '15:25') }]);
    const positions = await positionsOn(evening, desk);
    expect(positions.get(`${call}:MIS`)).toBe(0);
    expect(positions.get(`${other}:NRML`)).toBe(-65);

    // Once: a pass of the fill engine and another start find nothing left to do.
    await evening.app.getDecorator<Services>(servicesDecorator).paperTrading.onTick(clock.now());
    clock.advance(60_000);
    await start(options);
    expect(await tradesOf(evening.db, desk.account.id)).toHaveLength(3);
  });

  it('squares an MIS position off at 15:25 on expiry day before the expiry settles what remains, when the server was down across both', async () => {
    db = await createMigratedTestDatabase(backend);
    const { clock, market, options } = setup(backend, db, ist('2026-11-23', '11:00'));
    const server = await start(options);
    const desk = await openDesk(server, guardedClient(server.app));
    expect(desk.expiry).toBe('2026-11-23');
    const call = desk.contract(desk.atm, 'CE').tradingsymbol;
    market.set(call, { bid: 120, ask: 120.5 });
    await desk.place(call, 'BUY', 65, { product: 'MIS' });
    await desk.place(call, 'BUY', 65, { product: 'NRML' });
    await server.close();
    servers.splice(0);

    // Back on Tuesday at 10:00: the contract expired at Monday's close, 100 points in the money.
    clock.advance(ist('2026-11-24', '10:00').getTime() - clock.now().getTime());
    market.setAt(call, ist('2026-11-23', '15:25'), { bid: 98, ask: 98.5 });
    market.closingValue(desk.atm + 100);
    const next = await start(options);

    const trades = (await tradesOf(next.db, desk.account.id)).slice(2);
    expect(trades.map(({ product, transaction_type, price_paise, kind, filled_at }) => ({ product, transaction_type, price_paise, kind, at: filled_at.toISOString() }))).toEqual([
      // The MIS half at the cut-off's bid, as a fill; the NRML half at the settlement, ₹100.00 intrinsic.
      { product: 'MIS', transaction_type: 'SELL', price_paise: 9800, kind: 'fill', at: ist('2026-11-23', '15:25').toISOString() },
      { product: 'NRML', transaction_type: 'SELL', price_paise: 10000, kind: 'settlement', at: ist('2026-11-24', '10:00').toISOString() },
    ]);
  });
  it("closes an MIS position of a Muhurat evening as of the session's own 18:50 cut-off, not 15:25, when the server comes back the next morning", async () => {
    // Sunday 8 November 2026: Muhurat trading 18:00–19:00, MIS squared off at 18:50 (NSE's calendar, migrations 005 and 066).
    db = await createMigratedTestDatabase(backend);
    const { clock, market, options } = setup(backend, db, ist('2026-11-08', '18:10'));
    const evening = await start(options);
    const desk = await openDesk(evening, guardedClient(evening.app));
    const call = desk.contract(desk.atm, 'CE').tradingsymbol;
    market.set(call, { bid: 120, ask: 120.5 });
    // After a regular day's 15:25, inside the session's own hours: taken.
    const bought = await desk.place(call, 'BUY', desk.lotSize, { product: 'MIS' });
    expect(bought.status).toBe('COMPLETE');
    // The server stops at 18:15 and nothing runs at 18:50; it starts again on Monday at 09:20.
    clock.advance(5 * 60_000);
    await evening.close();
    servers.splice(0);
    clock.advance(ist('2026-11-09', '09:20').getTime() - clock.now().getTime());
    market.setAt(call, ist('2026-11-08', '18:50'), { bid: 126, ask: 126.5 });
    market.set(call, { bid: 140, ask: 140.5 });
    const morning = await start(options);

    const trades = await tradesOf(morning.db, desk.account.id);
    expect(trades.map(({ product, transaction_type, price_paise, call_and_trade_paise, trading_day, filled_at }) => [product, transaction_type, price_paise, call_and_trade_paise, trading_day, filled_at.toISOString()])).toEqual([
      ['MIS', 'BUY', 12050, 0, '2026-11-08', ist('2026-11-08', '18:10').toISOString()],
      ['MIS', 'SELL', 12600, 5000, '2026-11-08', ist('2026-11-08', '18:50').toISOString()],
    ]);
    // Closed on Sunday evening: not in Monday's book.
    expect((await positionsOn(morning, desk)).get(`${call}:MIS`) ?? 0).toBe(0);
  });

  it("catches every account up, the oldest cut-off first, and leaves an MIS position last traded after its cut-off to the regular square-off", async () => {
    db = await createMigratedTestDatabase(backend);
    const { clock, market, options } = setup(backend, db, ist('2026-11-18', '10:00'));
    const server = await start(options);
    const client = guardedClient(server.app);
    // Opened first (the lower account id), it misses Thursday's cut-off; the other Wednesday's.
    const thursday = await openDesk(server, client);
    const wednesday = await openDesk(server, client);
    const call = wednesday.contract(wednesday.atm, 'CE').tradingsymbol;
    const put = wednesday.contract(wednesday.atm, 'PE').tradingsymbol;
    market.set(call, { bid: 120, ask: 120.5 });
    market.set(put, { bid: 80, ask: 80.5 });
    await wednesday.place(call, 'BUY', wednesday.lotSize, { product: 'MIS' });

    // Nothing runs until Friday (no pass): Thursday's trades, one of them made after the cut-off.
    clock.advance(ist('2026-11-19', '10:00').getTime() - clock.now().getTime());
    await thursday.logIn();
    await thursday.place(call, 'BUY', thursday.lotSize, { product: 'MIS' });
    await thursday.place(put, 'BUY', thursday.lotSize, { product: 'MIS' });
    const late = await thursday.place(put, 'BUY', thursday.lotSize, { product: 'MIS' });
    await server.db.query('UPDATE paper_trades SET filled_at = $1 WHERE order_id = $2', [ist('2026-11-19', '15:27'), late.order_id]);

    clock.advance(ist('2026-11-20', '10:00').getTime() - clock.now().getTime());
    const trading = server.app.getDecorator<Services>(servicesDecorator).paperTrading;
    expect(await trading.catchUp(clock.now())).toMatchObject({ squaredOff: 2 });
    const { rows } = await server.db.query<{ broker_account_id: number; tradingsymbol: string; placed_at: Date }>(
      `SELECT broker_account_id, tradingsymbol, placed_at FROM paper_orders WHERE purpose = 'auto_squareoff' ORDER BY id`,
    );
    expect(rows).toEqual([
      { broker_account_id: wednesday.account.id, tradingsymbol: call, placed_at: ist('2026-11-18', '15:25') },
      { broker_account_id: thursday.account.id, tradingsymbol: call, placed_at: ist('2026-11-19', '15:25') },
    ]);
    const positions = await positionsOn(server, thursday);
    expect(positions.get(`${put}:MIS`)).toBe(2 * thursday.lotSize);
    // Closed on Thursday: not in Friday's book.
    expect(positions.get(`${call}:MIS`) ?? 0).toBe(0);
  });

  it('tries a square-off refused at the cut-off (no price then) once, not again on every pass', async () => {
    db = await createMigratedTestDatabase(backend);
    const { clock, market, options } = setup(backend, db, ist(friday, '11:00'));
    const server = await start(options);
    const desk = await openDesk(server, guardedClient(server.app));
    const call = desk.contract(desk.atm, 'CE').tradingsymbol;
    market.set(call, { bid: 120, ask: 120.5 });
    await desk.place(call, 'BUY', desk.lotSize, { product: 'MIS' });
    market.unset(call);
    clock.advance(ist(friday, '16:30').getTime() - clock.now().getTime());
    const trading = server.app.getDecorator<Services>(servicesDecorator).paperTrading;
    expect(await trading.catchUp(clock.now())).toMatchObject({ squaredOff: 1 });
    clock.advance(1000);
    expect(await trading.catchUp(clock.now())).toMatchObject({ squaredOff: 0 });
    const { rows } = await server.db.query<{ status: string }>(`SELECT status FROM paper_orders WHERE purpose = 'auto_squareoff' AND broker_account_id = $1`, [desk.account.id]);
    expect(rows).toEqual([{ status: 'REJECTED' }]);
    expect((await positionsOn(server, desk)).get(`${call}:MIS`)).toBe(desk.lotSize);
  });
});

describe.runIf(testBackends.includes('postgres'))('two server instances on PostgreSQL after a missed cut-off', () => {
  /** A desk with an MIS position opened at 11:00 by a server stopped at 11:05, its database, clock and market. */
  async function missedDesk() {
    const db = await createMigratedTestDatabase('postgres');
    const { clock, market, options } = setup('postgres', db, ist(friday, '11:00'));
    const morning = await startTestServer(options);
    const desk = await openDesk(morning, guardedClient(morning.app));
    const call = desk.contract(desk.atm, 'CE').tradingsymbol;
    market.set(call, { bid: 120, ask: 120.5 });
    await desk.place(call, 'BUY', 65, { product: 'MIS' });
    await morning.close();
    return { db, clock, options, desk, call };
  }

  it('square the MIS position off once when they start together', async () => {
    const { db, clock, options, desk, call } = await missedDesk();
    let instances: TestServer[] = [];
    try {
      clock.advance(ist(friday, '16:30').getTime() - clock.now().getTime());
      instances = await Promise.all([startTestServer(options), startTestServer(options)]);
      const squareOffs = (await tradesOf(db, desk.account.id)).filter((trade) => trade.call_and_trade_paise !== 0);
      expect(squareOffs).toHaveLength(1);
      expect(squareOffs[0]!.filled_at.toISOString()).toBe(ist(friday, '15:25').toISOString());
      expect((await positionsOn(instances[0]!, desk)).get(`${call}:MIS`)).toBe(0);
    } finally {
      for (const server of instances) await server.close();
      await db.close();
    }
  });

  it('square it off once when both find the missed cut-off on the same pass (started inside the square-off window, the pass comes later)', async () => {
    const { db, clock, options, desk } = await missedDesk();
    let instances: TestServer[] = [];
    try {
      // Started at 15:27, inside the regular square-off's window: nothing is missed yet, and no pass runs.
      clock.advance(ist(friday, '15:27').getTime() - clock.now().getTime());
      instances = await Promise.all([startTestServer(options), startTestServer(options)]);
      expect(await tradesOf(db, desk.account.id)).toHaveLength(1);
      // At 15:41, past the close (15:40 since 3 August 2026), both instances catch up at once (the pass they each
      // run before the regular square-off).
      clock.advance(14 * 60_000);
      const passes = instances.map((server) => server.app.getDecorator<Services>(servicesDecorator).paperTrading);
      await Promise.all(passes.map((trading) => trading.catchUp(clock.now())));
      const squareOffs = (await tradesOf(db, desk.account.id)).filter((trade) => trade.call_and_trade_paise !== 0);
      expect(squareOffs).toHaveLength(1);
    } finally {
      for (const server of instances) await server.close();
      await db.close();
    }
  });
});
