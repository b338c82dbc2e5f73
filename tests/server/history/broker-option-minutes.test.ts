// Option minutes from a Dhan, Shoonya or Flattrade account: POST /api/market-history/broker-candles/ with `options`
// fetches, beside NIFTY's minutes, each chosen expiry's listed calls and puts at the chosen strikes, each by the id
// the broker's scrip master gives it today (Dhan's intraday charts by security id in NSE_FNO, with open interest;
// Noren's TPSeries by NFO token, with `oi`), into history_option_minutes under the broker's name, exactly as the
// test server served them (tests/dhan-server/index-candles.ts optionMinutesBetween). A contract's days already
// fetched are never asked again; an unlisted strike is left out, an expiry with no listed contract refused; Dhan's
// 5 requests a second pace the fetch (the server's wait moves the shared clock instead of sleeping).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionMinutesBetween } from '../../dhan-server/index-candles.ts';
import { openDhanDesk, startDhanStack } from '../dhan/dhan-desk.ts';
import { openNorenDesk, startNorenStack } from '../noren/noren-desk.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends, type TestBackend } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';

type Fetched = {
  files: { kind: string; days: string[] }[];
  requests: number;
  option_minutes?: { expiry: string; contracts: number; fetched: number; already_fetched: number; candles: number; skipped_candles: number }[];
  code?: string;
  message?: string;
};

type Broker = 'dhan' | 'shoonya' | 'flattrade';
type Desk = { token: string; accountId: number };
type Stack = { server: TestServer; call: ContractCall; now: () => Date; desk: Desk; close: () => Promise<void> };

// Beside the servers' own (20 Jan 26000 CE at Dhan; 27 Jan 26000 CE and PE, 25900 PE at both): 20 Jan 26000 PE and
// 27 Jan 25900 CE at both, and 20 Jan 26000 CE at Noren. 25900 of 20 Jan is listed nowhere.
const more = [
  { id: '43802', expiry: '2026-01-20', strike: 26000, kind: 'PE' },
  { id: '43922', expiry: '2026-01-27', strike: 25900, kind: 'CE' },
  { id: '43801', expiry: '2026-01-20', strike: 26000, kind: 'CE' },
] as const;

async function open(broker: Broker, backend: TestBackend): Promise<Stack> {
  if (broker === 'dhan') {
    const stack = await startDhanStack(backend);
    stack.dhan.control.listContracts(more.filter((c) => c.id !== '43801').map((c) => ({ securityId: c.id, underlying: 'NIFTY', expiry: c.expiry, strike: c.strike, kind: c.kind, lot: 65 })));
    const desk = await openDhanDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    return { server: stack.server, call: stack.call, now: stack.clock.now, desk: { token: desk.token, accountId: desk.account.id }, close: stack.close };
  }
  const stack = await startNorenStack(backend, broker);
  stack.noren.control.listContracts(more.map((c) => ({ token: c.id, underlying: 'NIFTY', expiry: c.expiry, strike: c.strike, kind: c.kind, lot: 65 })));
  const desk = await openNorenDesk(stack);
  expect((await desk.logIn()).status).toBe(200);
  return { server: stack.server, call: stack.call, now: stack.clock.now, desk: { token: desk.token, accountId: desk.account.id }, close: stack.close };
}

const paise = (rupees: number) => Math.round(rupees * 100);
const days = ['2026-01-12', '2026-01-13', '2026-01-14'];

describe.each(testBackends.flatMap((backend) => (['dhan', 'shoonya', 'flattrade'] as const).map((broker) => [backend, broker] as const)))('option minutes from a broker on %s (%s)', (backend, broker) => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await open(broker, backend);
  }, 90_000);

  afterAll(async () => {
    await stack.close();
  });

  const fetchCandles = (body: Record<string, unknown>) =>
    stack.call<Fetched>('importBrokerCandles', {
      token: stack.desk.token,
      body: { broker_account_id: stack.desk.accountId, index: 'NIFTY', interval: 'minute', from: days[0], to: days.at(-1), ...body },
    });
  const stored = async (expiry: string, strike: number, type: string) =>
    (await stack.server.db.query<{ minute: Date; o: string; h: string; l: string; c: string; v: string; oi: string; source: string }>(
      `SELECT minute, open_paise::text AS o, high_paise::text AS h, low_paise::text AS l, close_paise::text AS c, volume::text AS v, open_interest::text AS oi, source
       FROM history_option_minutes WHERE index_name = 'NIFTY' AND expiry = $1::date AND strike_paise = $2 AND option_type = $3 ORDER BY minute`,
      [expiry, paise(strike), type],
    )).rows.map((row) => [row.minute.toISOString(), Number(row.o), Number(row.h), Number(row.l), Number(row.c), Number(row.v), Number(row.oi), row.source]);

  it('stores each listed contract’s minutes as the broker served them, under its name; fetched again, nothing is asked twice', async () => {
    const before = stack.now().getTime();
    const answer = await fetchCandles({ options: { expiries: ['2026-01-27', '2026-01-20'], strikes: [26000, 25900] } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The index's one request, then six contracts (25900 of 20 Jan is not listed: left out), three days each.
    expect(answer.body.requests).toBe(7);
    expect(answer.body.option_minutes).toEqual([
      { expiry: '2026-01-20', contracts: 2, fetched: 2, already_fetched: 0, candles: 2 * 3 * 375, skipped_candles: 0 },
      { expiry: '2026-01-27', contracts: 4, fetched: 4, already_fetched: 0, candles: 4 * 3 * 375, skipped_candles: 0 },
    ]);
    const served = optionMinutesBetween(25900, new Date('2026-01-12T03:30:00Z'), new Date('2026-01-14T10:29:00Z'));
    expect(await stored('2026-01-27', 25900, 'CE')).toEqual(served.map((c) => [c.start.toISOString(), paise(c.open), paise(c.high), paise(c.low), paise(c.close), c.volume, c.oi, broker]));
    expect(await stored('2026-01-20', 25900, 'CE')).toEqual([]);
    // Dhan's data limit is 5 requests a second: the sixth and seventh waited for the next second. Noren's 40 did not bind.
    const waited = stack.now().getTime() - before;
    if (broker === 'dhan') expect(waited).toBeGreaterThanOrEqual(1000);
    else expect(waited).toBeLessThan(1000);

    const again = await fetchCandles({ options: { expiries: ['2026-01-20', '2026-01-27'], strikes: [26000, 25900] } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.requests).toBe(1);
    expect(again.body.option_minutes?.map((expiry) => [expiry.contracts, expiry.fetched, expiry.already_fetched])).toEqual([[2, 0, 2], [4, 0, 4]]);
    expect(await stored('2026-01-27', 25900, 'CE')).toHaveLength(3 * 375);
  });

  it('refuses options with daily candles, an expiry before the range, an expiry with no listed contract of the strikes', async () => {
    const daily = await fetchCandles({ interval: 'day', options: { expiries: ['2026-01-27'], strikes: [26000] } });
    expect([daily.status, daily.body.code]).toEqual([400, 'validation_failed']);
    expect(daily.body.message).toContain('one-minute');
    const before = await fetchCandles({ options: { expiries: ['2026-01-06'], strikes: [26000] } });
    expect([before.status, before.body.code]).toEqual([400, 'validation_failed']);
    const unlisted = await fetchCandles({ options: { expiries: ['2026-01-27'], strikes: [24000] } });
    expect([unlisted.status, unlisted.body.code]).toEqual([400, 'validation_failed']);
    expect(unlisted.body.message).toContain('2026-01-27');
  });
});
