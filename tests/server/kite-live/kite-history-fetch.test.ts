// POST /api/market-history/kite-candles/ against the Kite test server: a range split into Kite's 60-day
// requests and paced at its 3 a second (the test server answers 429 beyond, and records when each request
// came), the candles stored in IST minutes in the same table as an imported minute CSV and not doubled by a
// second fetch, an app without the historical-data add-on refused with a code of its own, and every other
// refusal a clear 4xx.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import { newBrokerAccount, type BrokerAccount } from '../support/trading.ts';
import { openKiteDesk, startKiteStack, type KiteDesk, type KiteStack } from './kite-desk.ts';

let stack: KiteStack;
let desk: KiteDesk;

beforeAll(async () => {
  stack = await startKiteStack('pglite');
  desk = await openKiteDesk(stack);
});

afterAll(async () => {
  await stack.close();
});

beforeEach(async () => {
  // A second of its own for each test: Kite's 3 historical requests a second are counted on the shared clock.
  stack.server.clock.advance(1000);
  await stack.server.db.exec('DELETE FROM history_index_minutes; DELETE FROM history_imports;');
});

type Fetched = { files: { file_name: string; status: string; kind: string; days: string[]; rows: number; skipped_rows: number; kept_days?: { index: string; trade_date: string; source?: string }[] }[]; requests: number };

const fetchCandles = (body: Record<string, unknown>, token = desk.token) =>
  stack.call<Fetched & { code?: string; message?: string; field?: string }>('importKiteMinuteCandles', { token, body: { broker_account_id: desk.account.id, index: 'NIFTY', ...body } });

async function storedMinutes(): Promise<{ minutes: number; days: number; imports: number; first: { minute: string; trade_date: string; open_paise: string } | undefined }> {
  const { rows } = await stack.server.db.query<{ minutes: number; days: number; imports: number }>(
    `SELECT (SELECT count(*) FROM history_index_minutes)::integer AS minutes,
            (SELECT count(DISTINCT trade_date) FROM history_index_minutes)::integer AS days,
            (SELECT count(*) FROM history_imports)::integer AS imports`,
  );
  const first = await stack.server.db.query<{ minute: string; trade_date: string; open_paise: string }>(
    `SELECT to_char(minute AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS minute, to_char(trade_date, 'YYYY-MM-DD') AS trade_date, open_paise::text
     FROM history_index_minutes ORDER BY minute LIMIT 1`,
  );
  return { ...rows[0]!, first: first.rows[0] };
}

describe('fetching index minutes from Kite', () => {
  it('splits a range into requests of at most 60 days, paced at 3 a second', async () => {
    const before = stack.kite.control.historicalRequests().length;
    const answer = await fetchCandles({ from: '2026-07-01', to: '2026-11-19' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.requests).toBe(3);
    const requests = stack.kite.control.historicalRequests().slice(before);
    expect(requests.map(({ instrumentToken, interval, from, to }) => ({ instrumentToken, interval, from, to }))).toEqual([
      { instrumentToken: 256265, interval: 'minute', from: '2026-07-01 00:00:00', to: '2026-08-29 23:59:59' },
      { instrumentToken: 256265, interval: 'minute', from: '2026-08-30 00:00:00', to: '2026-10-28 23:59:59' },
      { instrumentToken: 256265, interval: 'minute', from: '2026-10-29 00:00:00', to: '2026-11-19 23:59:59' },
    ]);
    // At least a third of a second apart on the servers' one clock (no real sleep: the wait moved it).
    const times = requests.map((request) => Date.parse(request.at));
    for (let at = 1; at < times.length; at += 1) expect(times[at]! - times[at - 1]!).toBeGreaterThanOrEqual(334);
  });

  it('stores the candles in IST minutes, and a second fetch of the same days replaces them instead of doubling them', async () => {
    const first = await fetchCandles({ from: '2026-11-16', to: '2026-11-19' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Monday to Thursday: four days of 375 minutes, 09:15 to 15:29 IST.
    expect(first.body.files).toEqual([
      { file_name: 'Kite NSE:NIFTY 50 minutes 2026-11-16 to 2026-11-19', status: 'imported', kind: 'index_minutes', days: ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19'], rows: 1500, skipped_rows: 0 },
    ]);
    const stored = await storedMinutes();
    expect(stored).toMatchObject({ minutes: 1500, days: 4, imports: 1 });
    // 09:15 IST is 03:45 UTC; the open is Kite's rupees in paise.
    expect(stored.first).toMatchObject({ minute: '2026-11-16T03:45:00Z', trade_date: '2026-11-16' });
    const kiteFirst = stack.kite.control.historicalRequests().at(-1);
    expect(kiteFirst?.candles).toBe(1500);

    stack.server.clock.advance(1000);
    const again = await fetchCandles({ from: '2026-11-18', to: '2026-11-19' });
    expect(again.status).toBe(200);
    expect(await storedMinutes()).toMatchObject({ minutes: 1500, days: 4, imports: 2 });
    stack.server.clock.advance(1000);
    expect((await fetchCandles({ from: '2026-11-16', to: '2026-11-19' })).status).toBe(200);
    // The first two imports' rows were all replaced: only the last import is kept.
    expect(await storedMinutes()).toMatchObject({ minutes: 1500, days: 4, imports: 1 });

    const coverage = await stack.call<{ indices: { index: string; minute_candles: number }[] }>('getMarketHistoryCoverage', { token: desk.token });
    expect(coverage.body.indices).toEqual([expect.objectContaining({ index: 'NIFTY', minute_candles: 1500 })]);
  });

  it("tells the trader their Kite app lacks historical data when Kite answers 403 PermissionException, and keeps the session", async () => {
    stack.kite.control.setHistoricalPermitted(false);
    try {
      const refused = await fetchCandles({ from: '2026-11-16', to: '2026-11-19' });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'historical_data_not_enabled', field: 'broker_account_id' });
      expect(refused.body.message).toMatch(/no historical-data add-on/);
      // Kite's own words inside a coded sentence the app says in the trader's language.
      expect(refused.body).toMatchObject({ details: { text: { code: 'kite.historical_not_enabled', params: { kite: expect.any(String) } } } });
      expect(await storedMinutes()).toMatchObject({ minutes: 0, imports: 0 });
      const accounts = await stack.call<{ broker_accounts: BrokerAccount[] }>('getBrokerAccounts', { token: desk.token });
      expect(accounts.body.broker_accounts.find((account) => account.id === desk.account.id)).toMatchObject({ is_logged_in: true });
    } finally {
      stack.kite.control.setHistoricalPermitted(true);
    }
  });

  it('sends a request again once when its connection was reset, a read being safe to repeat', async () => {
    stack.network.failNext('GET', '/instruments/historical/');
    const answer = await fetchCandles({ from: '2026-11-19', to: '2026-11-19' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.files[0]).toMatchObject({ rows: 375 });
  });

  it('answers 422 no_candles for a range of weekend days', async () => {
    const empty = await fetchCandles({ from: '2026-11-14', to: '2026-11-15' });
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({
      code: 'no_candles',
      details: { text: { code: 'kite.no_minute_candles', params: { index: 'NIFTY', from: '2026-11-14', to: '2026-11-15' } } },
    });
  });
});

describe('refusals', () => {
  it.each([
    ['from after to', { from: '2026-11-19', to: '2026-11-16' }, 'from'],
    ['a day to come', { from: '2026-11-19', to: '2026-11-21' }, 'to'],
    ['more than a year', { from: '2025-11-18', to: '2026-11-19' }, 'to'],
    ['a date that is not one', { from: '2026-02-30', to: '2026-03-02' }, 'from'],
    ['an index Kite candles are not fetched for', { index: 'FINNIFTY', from: '2026-11-16', to: '2026-11-19' }, 'index'],
  ])('refuses %s with 400 naming the field', async (_label, body, field) => {
    const refused = await fetchCandles(body);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_failed', field });
  });

  it('says which days another trader’s import holds (a Dhan fetch, an uploaded file), with the source, instead of storing them again', async () => {
    const other = await signedInAccount(stack.call);
    const { rows } = await stack.server.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [other.email]);
    const otherId = rows[0]!.id;
    // Another trader's earlier imports hold 16 Nov (their Dhan fetch, named as broker-candles-import.ts names it) and 17 Nov (a CSV).
    for (const [fileName, day] of [['Dhan NIFTY minutes 2026-11-16 to 2026-11-16', '2026-11-16'], ['my-nifty-minutes.csv', '2026-11-17']] as const) {
      const created = await stack.server.db.query<{ id: number }>(
        `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, uploaded_by, imported_at)
         VALUES ('index_minutes', $1, $2, $3, $3, 375, $4, now()) RETURNING id`,
        [fileName, 'a'.repeat(64), day, otherId],
      );
      await stack.server.db.query(
        `INSERT INTO history_day_claims (kind, index_name, trade_date, user_id, import_id, claimed_at) VALUES ('history_index_minutes', 'NIFTY', $1, $2, $3, now())`,
        [day, otherId, created.rows[0]!.id],
      );
    }
    const answer = await fetchCandles({ from: '2026-11-16', to: '2026-11-18' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // Only the 18th is the trader's to store; the two held days are named with their source (a file's name is not told).
    expect(answer.body.files[0]).toMatchObject({ rows: 375, kept_days: [{ index: 'NIFTY', trade_date: '2026-11-16', source: 'Dhan' }, { index: 'NIFTY', trade_date: '2026-11-17' }] });
    expect(answer.body.files[0]!.kept_days![1]).not.toHaveProperty('source');
    await stack.server.db.exec('DELETE FROM history_day_claims;');
  });

  it('refuses a paper account (400), a Kite account not logged in (403) and another trader\'s account (404)', async () => {
    const paper = await stack.call<{ broker_accounts: BrokerAccount }>('createBrokerAccount', { token: desk.token, body: newBrokerAccount() });
    const range = { from: '2026-11-16', to: '2026-11-19' };
    const onPaper = await fetchCandles({ ...range, broker_account_id: paper.body.broker_accounts.id });
    expect(onPaper.status).toBe(400);
    expect(onPaper.body).toMatchObject({ code: 'validation_failed', field: 'broker_account_id' });

    const loggedOut = await stack.call<{ broker_accounts: BrokerAccount }>('createBrokerAccount', { token: desk.token, body: newBrokerAccount({ broker: 'kite', name: 'Zerodha 2', account_number: 'ZR0FF' }) });
    const noSession = await fetchCandles({ ...range, broker_account_id: loggedOut.body.broker_accounts.id });
    expect(noSession.status).toBe(403);
    expect(noSession.body).toMatchObject({ code: 'broker_session_expired' });

    const other = await signedInAccount(stack.call);
    const notTheirs = await fetchCandles(range, other.token);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body).toMatchObject({ code: 'not_found' });
    expect(await storedMinutes()).toMatchObject({ minutes: 0 });
  });
});
