// POST /api/market-history/upstox-candles/ against the Upstox test server, on the one clock both servers read:
// a logged-in Upstox account fetches NIFTY's minutes of Monday 12 and Tuesday 13 January 2026 and the option
// minutes of the 13 January expiry for the strikes around the money; the stored candles are exactly those
// Upstox served; asking again (or for more strikes) never asks Upstox for a contract's day twice; requests
// stay under Upstox's 50 a second; and the refusals are clear 4xx (no Plus plan, a dead token, not Upstox).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeCode } from '../../../server/services/brokers/upstox/upstox-session.ts';
import { createSecretBox } from '../../../server/services/secrets/secret-box.ts';
import { expiredCandles } from '../../upstox-server/expired.ts';
import { startUpstoxServer, type UpstoxTestServer } from '../../upstox-server/upstox-server.ts';
import { signedInAccount } from '../support/accounts.ts';
import { testBackends } from '../support/test-database.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { createBrokerAccount, guardedClient } from '../support/trading.ts';
import { anonymousHttp, loginThroughDialog, testApp } from './upstox-support.ts';

type Fetched = {
  files: { file_name: string; kind: string; days: string[]; rows: number }[];
  option_minutes: { expiry: string; contracts: number; fetched: number; already_fetched: number; candles: number; skipped_candles: number }[];
  requests: number;
  code?: string;
};

describe.each(testBackends)('fetching minutes from Upstox on %s', (backend) => {
  let server: TestServer;
  let upstox: UpstoxTestServer;
  let call: ReturnType<typeof guardedClient>;
  let token: string;
  let accountId: number;
  let paperId: number;

  beforeAll(async () => {
    const secretKey = randomBytes(32);
    const clock = manualClock();
    upstox = await startUpstoxServer({ clock: clock.now, apps: [testApp] });
    server = await startTestServer({ backend, secretKey, clock, upstox: { apiRoot: upstox.apiRoot, orderApiRoot: upstox.apiRoot, instrumentsUrl: `${upstox.apiRoot}/instruments.json.gz` } });
    call = guardedClient(server.app);
    ({ token } = await signedInAccount(call));
    paperId = (await createBrokerAccount(call, token)).account.id;
    // Linked and logged in as the Upstox adapter does it (tests/server/upstox-live/ prove that part).
    const session = await exchangeCode(anonymousHttp(upstox), { code: (await loginThroughDialog(upstox)).get('code') ?? '', ...testApp });
    const { rows } = await server.db.query<{ id: number }>(
      `INSERT INTO broker_accounts (user_id, broker_id, name, account_number, api_key, api_secret_encrypted, capital, session_access_token_encrypted, session_expires_at, created_at, updated_at)
       SELECT (SELECT user_id FROM broker_accounts WHERE id = $1), b.id, 'Upstox', 'AB1234', $2, $3, 500000, $4, '2026-01-15T22:00:00Z', now(), now() FROM brokers b WHERE b.slug = 'upstox'
       RETURNING id`,
      [paperId, testApp.apiKey, createSecretBox(secretKey).seal(testApp.apiSecret), createSecretBox(secretKey).seal(session.access_token)],
    );
    accountId = rows[0]!.id;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await upstox?.close();
  });

  const fetchMinutes = (body: Record<string, unknown>) =>
    call<Fetched>('importUpstoxMinuteCandles', { token, body: { broker_account_id: accountId, index: 'NIFTY', from: '2026-01-12', to: '2026-01-13', expiries: ['2026-01-13'], ...body } });
  const candleRequests = () => upstox.control.expiredRequests().filter((path) => path.includes('historical-candle'));

  it('stores the index minutes and exactly the option candles Upstox served for the strikes around the money', async () => {
    const answer = await fetchMinutes({ strikes_around: 1 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // NIFTY traded 25,997.50 to 26,002.50 on both days: the 26,000 strike, and one either side.
    expect(answer.body.option_minutes).toEqual([{ expiry: '2026-01-13', contracts: 6, fetched: 6, already_fetched: 0, candles: 6 * 750, skipped_candles: 0 }]);
    expect(answer.body.files).toMatchObject([{ kind: 'index_minutes', days: ['2026-01-12', '2026-01-13'], rows: 750 }]);
    expect(answer.body.requests).toBe(1 + 1 + 6);
    const { rows } = await server.db.query<{ minute: Date; o: number; h: number; l: number; c: number; v: string; oi: string; source: string }>(
      `SELECT minute, open_paise AS o, high_paise AS h, low_paise AS l, close_paise AS c, volume::text AS v, open_interest::text AS oi, source FROM history_option_minutes
       WHERE strike_paise = 2595000 AND option_type = 'PE' ORDER BY minute DESC`,
    );
    const served = expiredCandles(25950, 'PE', '2026-01-13', '2026-01-12', '2026-01-13');
    expect(rows.map((row) => [row.minute.toISOString(), row.o / 100, row.h / 100, row.l / 100, row.c / 100, Number(row.v), Number(row.oi), row.source])).toEqual(
      served.map(([stamp, open, high, low, close, volume, oi]) => [new Date(stamp).toISOString(), open, high, low, close, volume, oi, 'upstox']),
    );
    const strikes = await server.db.query<{ strike: number }>('SELECT DISTINCT strike_paise / 100 AS strike FROM history_option_minutes ORDER BY 1');
    expect(strikes.rows.map((row) => Number(row.strike))).toEqual([25950, 26000, 26050]);
    const coverage = await call<{ indices: { days: { date: string; option_minutes: number; minute_candles: number }[] }[] }>('getMarketHistoryCoverage', { token });
    expect(coverage.body.indices[0]!.days).toEqual([
      expect.objectContaining({ date: '2026-01-12', minute_candles: 375, option_minutes: 6 * 375 }),
      expect.objectContaining({ date: '2026-01-13', minute_candles: 375, option_minutes: 6 * 375 }),
    ]);
  }, 120_000);

  it('asked again, or for more strikes, never asks Upstox for a contract’s day twice', async () => {
    const before = candleRequests().length;
    const again = await fetchMinutes({ strikes_around: 1 });
    expect(again.body.option_minutes).toEqual([{ expiry: '2026-01-13', contracts: 6, fetched: 0, already_fetched: 6, candles: 0, skipped_candles: 0 }]);
    expect(again.body.files).toEqual([]);
    expect(candleRequests().length).toBe(before);

    const wider = await fetchMinutes({ strikes_around: 2 });
    expect(wider.body.option_minutes).toEqual([{ expiry: '2026-01-13', contracts: 10, fetched: 4, already_fetched: 6, candles: 4 * 750, skipped_candles: 0 }]);
    expect(candleRequests().length).toBe(before + 4);
    const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM history_option_minutes');
    expect(rows[0]!.n).toBe(10 * 750);
  }, 120_000);

  it('paces 82 contracts under Upstox’s 50 requests a second: no request refused, the clock moved by the waits', async () => {
    const start = server.clock.now().getTime();
    const before = candleRequests().length;
    const answer = await fetchMinutes({ strikes_around: 40 });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.option_minutes[0]).toMatchObject({ contracts: 82, fetched: 72, already_fetched: 10 });
    // Every request the server saw was answered: a refused one would have been asked again.
    expect(candleRequests().length - before).toBe(72);
    expect(server.clock.now().getTime() - start).toBeGreaterThanOrEqual(1000);
  }, 300_000);

  it('refuses clearly: no Upstox Plus (422), a paper account (400), a day not finished (400), a dead token (403, logged out)', async () => {
    upstox.control.requirePlus(true);
    const plus = await fetchMinutes({ expiries: ['2026-01-06'], from: '2026-01-05', to: '2026-01-06' });
    upstox.control.requirePlus(false);
    expect([plus.status, plus.body.code]).toEqual([422, 'historical_data_not_enabled']);

    const paper = await call<Fetched>('importUpstoxMinuteCandles', { token, body: { broker_account_id: paperId, index: 'NIFTY', from: '2026-01-12', to: '2026-01-13', expiries: [] } });
    expect([paper.status, paper.body.code]).toEqual([400, 'validation_failed']);
    const today = await fetchMinutes({ to: '2026-01-15' });
    expect([today.status, today.body.code]).toEqual([400, 'validation_failed']);

    upstox.control.expireAllTokens();
    const expired = await fetchMinutes({ expiries: ['2026-01-06'], from: '2026-01-05', to: '2026-01-06' });
    expect([expired.status, expired.body.code]).toEqual([403, 'broker_session_expired']);
    const { rows } = await server.db.query('SELECT 1 FROM broker_accounts WHERE id = $1 AND session_access_token_encrypted IS NULL', [accountId]);
    expect(rows).toHaveLength(1);
  }, 120_000);
});
