// The demo market's MIS rule (issue 60): the demo market is open at any hour, so it takes MIS at any hour. Its
// MIS positions are squared off at the day's cut-off (15:25 IST) as on the exchange; a position opened after
// the cut-off is squared off at the next day's cut-off, by the fill engine's pass or, when the server was down
// then, by the catch-up as of that cut-off. On the exchange's hours a fresh MIS order is still refused from the
// cut-off (paper-broker.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { openDesk, scriptedMarket } from '../support/paper-desk.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { guardedClient } from '../support/trading.ts';
import { manualClock, startTestServer, type ManualClock, type TestServer } from '../support/test-server.ts';

const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);
// Friday 20 November 2026 and the Saturday after it (a demo day: the demo market trades every day). NIFTY's
// nearest contract expires on Monday 23 November.
const friday = '2026-11-20';
const saturday = '2026-11-21';

const moveTo = (clock: ManualClock, instant: Date) => clock.advance(instant.getTime() - clock.now().getTime());

describe.each(testBackends)('MIS in the demo market, on %s', (backend) => {
  const servers: TestServer[] = [];
  let db: Database | undefined;

  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
    await db?.close();
    db = undefined;
  });

  async function demoDesk(at: Date) {
    db = await createMigratedTestDatabase(backend);
    const clock = manualClock(at);
    const market = scriptedMarket(clock);
    const options = { backend, database: db, clock, market: { seed: 'paper', demo: true, tickMs: 1000 }, prices: market.source };
    const server = await startTestServer(options);
    servers.push(server);
    const desk = await openDesk(server, guardedClient(server.app));
    const call = desk.contract(desk.atm, 'CE').tradingsymbol;
    const put = desk.contract(desk.atm, 'PE').tradingsymbol;
    market.set(call, { bid: 120, ask: 120.5 });
    market.set(put, { bid: 80, ask: 80.5 });
    const start = async () => {
      const restarted = await startTestServer(options);
      servers.push(restarted);
      return restarted;
    };
    return { clock, market, server, desk, call, put, start };
  }

  it('takes a fresh MIS order after 15:25, keeps it through the evening, and squares it off at 15:25 the next day', { timeout: 120_000 }, async () => {
    const { clock, desk, call, put } = await demoDesk(ist(friday, '10:00'));
    await desk.place(call, 'BUY', desk.lotSize, { product: 'MIS' });
    moveTo(clock, ist(friday, '15:25'));
    await desk.tick();
    // The morning's position: squared off at the cut-off, as on the exchange.
    expect((await desk.positionBook()).net.find((position) => position.tradingsymbol === call)?.quantity).toBe(0);

    moveTo(clock, ist(friday, '16:00'));
    const evening = await desk.place(put, 'SELL', desk.lotSize, { product: 'MIS' });
    expect(evening).toMatchObject({ status: 'COMPLETE', product: 'MIS' });
    // The passes of the evening (the demo market is open) leave it: it was opened after today's cut-off.
    await desk.tick();
    moveTo(clock, ist(friday, '23:59'));
    await desk.tick();
    moveTo(clock, ist(saturday, '15:24'));
    await desk.tick();
    await desk.logIn();
    expect((await desk.positionBook()).net.find((position) => position.tradingsymbol === put)?.quantity).toBe(-desk.lotSize);

    moveTo(clock, ist(saturday, '15:25'));
    await desk.tick();
    // The day's book: Saturday's square-off, the put bought back.
    const squaredOff = (await desk.orderBook()).order_book.filter((order) => order.tag === 'AUTO-SQOFF');
    expect(squaredOff.map((order) => [order.tradingsymbol, order.transaction_type, order.product, order.status])).toEqual([[put, 'BUY', 'MIS', 'COMPLETE']]);
    expect((await desk.positionBook()).net.find((position) => position.tradingsymbol === put)?.quantity).toBe(0);
  });

  it('catches up a position opened after the cut-off as of the next day’s 15:25 when the server was down then, not as of the day it was opened', { timeout: 120_000 }, async () => {
    const { clock, market, server, desk, put, start } = await demoDesk(ist(friday, '16:00'));
    await desk.place(put, 'SELL', desk.lotSize, { product: 'MIS' });
    await server.close();
    servers.splice(0);

    // Back on Saturday at 12:00, before that day's cut-off: nothing is due yet.
    moveTo(clock, ist(saturday, '12:00'));
    let back = await start();
    const open = async (on: TestServer) => {
      const { rows } = await on.db.query<{ quantity: string }>(`SELECT quantity FROM paper_positions WHERE broker_account_id = $1 AND product = 'MIS'`, [desk.account.id]);
      return rows.map((row) => Number(row.quantity));
    };
    expect(await open(back)).toEqual([-desk.lotSize]);
    await back.close();
    servers.splice(0);

    // Back on Sunday: Saturday's 15:25 was missed; the put is bought back at its price then.
    moveTo(clock, ist('2026-11-22', '10:00'));
    market.setAt(put, ist(saturday, '15:25'), { bid: 70, ask: 70.5 });
    back = await start();
    expect(await open(back)).toEqual([0]);
    const { rows } = await back.db.query<{ placed_at: Date; price_paise: string }>(
      `SELECT o.placed_at, t.price_paise FROM paper_orders o JOIN paper_trades t ON t.order_id = o.order_id WHERE o.broker_account_id = $1 AND o.purpose = 'auto_squareoff'`,
      [desk.account.id],
    );
    expect(rows.map((row) => ({ at: row.placed_at.toISOString(), price: Number(row.price_paise) }))).toEqual([{ at: ist(saturday, '15:25').toISOString(), price: 7050 }]);
  });
});
