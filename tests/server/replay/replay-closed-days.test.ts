// Replays of days NSE's calendar has closed (issue 39): the data decides. A Saturday and a holiday for which
// market history holds imported minutes and option rows (the market traded, whatever the calendar says now) are
// listed and trade like any day; a closed day with nothing imported is refused with the calendar's reason (the
// holiday by name, the weekend); a special session outside the hours a replay plays (Muhurat trading in the
// evening) is not listed and is refused with its hours, not replayed on minutes it does not hold.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../../server/db/database.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';
import { importHistory, importMinutes, syntheticRows } from '../backtests/history-fixture.ts';

type Schemas = components['schemas'];
/** Friday 2 October 2026 (Mahatma Gandhi Jayanti, listed closed) and Saturday the 3rd, both held in history. */
const holiday = '2026-10-02';
const saturday = '2026-10-03';
/** Sunday 8 November 2026: Muhurat trading, 18:00–19:00 in NSE's calendar (migration 005). */
const muhurat = '2026-11-08';
const indexAt = (minute: number) => 25_000 + minute;

/** The Muhurat hour's index minutes as an import stores them (the fixture's importMinutes starts at 09:15). */
async function importEveningMinutes(db: Database, day: string): Promise<void> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, uploaded_by, imported_at)
     VALUES ('index_minutes', 'muhurat.csv', $1, $2::date, $2::date, 60, NULL, now()) RETURNING id`,
    ['d'.repeat(64), day],
  );
  const start = Date.parse(`${day}T18:00:00+05:30`);
  const minutes = Array.from({ length: 60 }, (_, m) => new Date(start + m * 60_000).toISOString());
  await db.query(
    `INSERT INTO history_index_minutes (index_name, minute, trade_date, open_paise, high_paise, low_paise, close_paise, import_id)
     SELECT 'NIFTY', m, $1::date, 2500000, 2500000, 2500000, 2500000, $2 FROM unnest($3::timestamptz[]) AS m`,
    [day, rows[0]!.id, minutes],
  );
}

describe.each(testBackends)('replays of closed days on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;

  beforeEach(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
    token = (await signedInAccount(call)).token;
    const underlying = { [holiday]: indexAt(374), [saturday]: indexAt(374), [muhurat]: 25_000 };
    await importHistory(server.db, 'NIFTY', underlying, syntheticRows(underlying, ['2026-10-06', '2026-10-13', '2026-11-10', '2026-11-17'], { around: 4 }));
    await importMinutes(server.db, 'NIFTY', holiday, indexAt);
    await importMinutes(server.db, 'NIFTY', saturday, indexAt);
    await importEveningMinutes(server.db, muhurat);
  });

  afterEach(async () => {
    await server.close();
  });

  const start = (day: string, replace = true) => call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'NIFTY', day, start: '10:00', replace } });

  it('lists a Saturday and a holiday that history holds trading on, and trades them at the replayed prices', async () => {
    const days = (await call<Schemas['ReplayDaysResponse']>('getReplayDays', { token })).body.days.map((listed) => listed.day);
    expect(days).toEqual([saturday, holiday]);
    for (const day of [saturday, holiday]) {
      const created = await start(day);
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const { id } = created.body.replay;
      const symbol = 'NIFTY26O1325350CE';
      const chain = await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry: '2026-10-13' } });
      const ask = chain.body.data[`NFO:${symbol}`]!.ask!;
      expect(ask).toBeGreaterThan(0);
      const placed = await call<Schemas['OrdersResponse']>('placeReplayOrders', {
        token,
        params: { id },
        headers: { 'idempotency-key': `closed-${day}` },
        body: { orders: [{ tradingsymbol: symbol, exchange: 'NFO', transaction_type: 'BUY', order_type: 'MARKET', product: 'NRML', quantity: 75 }] },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      expect(placed.body.orders[0]!.status).toBe('COMPLETE');
      const positions = (await call<Schemas['PositionBookResponse']>('getReplayPositions', { token, params: { id } })).body.position_book;
      expect(positions.net.map((position) => [position.tradingsymbol, position.quantity, position.average_price])).toEqual([[symbol, 75, ask]]);
    }
  });

  it('refuses a closed day without history with the calendar’s reason, and a session outside a replay’s hours with its hours', async () => {
    const sunday = await start('2026-10-04');
    expect(sunday.status).toBe(422);
    expect(sunday.body).toMatchObject({ code: 'replay_no_history', field: 'day', details: { text: { code: 'replay.closed_weekend', params: { index: 'NIFTY', day: '2026-10-04', weekday: 'sunday' } } } });
    const diwali = await start('2026-11-10');
    expect(diwali.status).toBe(422);
    expect(diwali.body).toMatchObject({ code: 'replay_no_history', details: { text: { code: 'replay.closed_holiday', params: { day: '2026-11-10', holiday: 'Diwali Balipratipada' } } } });
    // The Muhurat hour is held (index minutes and option rows) but lies outside 09:15–15:30: not listed, refused with its hours.
    const evening = await start(muhurat);
    expect(evening.status).toBe(422);
    expect(evening.body).toMatchObject({
      code: 'replay_no_history',
      details: { text: { code: 'replay.special_hours', params: { day: muhurat, open: '18:00', close: '19:00', session: 'Muhurat trading (Diwali)' } } },
    });
    // A weekday the exchange traded, with nothing imported: history's own reason.
    const monday = await start('2026-10-05');
    expect(monday.body).toMatchObject({ code: 'replay_no_history', details: { text: { code: 'replay.no_history' } } });
  });
});
