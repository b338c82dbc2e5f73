// A day the recorder alone holds (issue 39): no bhavcopy imported, NIFTY's minutes and six option contracts'
// recorded from a live feed by the market recorder (as 'recorded', real). The replay's days list it, with what
// it holds, and a replay of it reads the recorded minutes: the index and every contract at the replayed minute
// are what was recorded.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { createMarketRecorder, type Watched } from '../../../server/services/history/market-recorder.ts';
import { compactRecordedDays, storeRecordedMinute } from '../../../server/services/history/recorded-minutes-store.ts';
import type { LastPrice } from '../../../server/services/market/market-service.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { guardedClient } from '../support/trading.ts';

type Schemas = components['schemas'];
const day = '2026-10-05';
/** NIFTY's nearest weekly expiry that Monday. */
const expiry = '2026-10-06';
const minuteMs = 60_000;
const open = Date.parse(`${day}T09:15:00+05:30`);
const strikes = [24_950, 25_000, 25_050];
const symbol = (strike: number, type: 'CE' | 'PE') => `NFO:NIFTY26O06${strike}${type}`;

const watched: Watched = {
  indices: new Map([['NSE:NIFTY 50', 'NIFTY']]),
  options: new Map(strikes.flatMap((strike) => (['CE', 'PE'] as const).map((type) => [symbol(strike, type), { index: 'NIFTY', expiry, strikePaise: strike * 100, optionType: type }] as const))),
};

/** The feed at `ms`: in minute m from 09:15 the index is 25,000 + m, then +3, -2 and +1 a quarter-minute on; a call half its distance above the strike plus ₹60, a put the other way. */
function feed(ms: number): Record<string, LastPrice> {
  const m = Math.floor((ms - open) / minuteMs);
  const spot = 25_000 + m + [0, 3, -2, 1][Math.floor(((ms - open) % minuteMs) / 15_000)]!;
  const quotes: Record<string, LastPrice> = { 'NSE:NIFTY 50': { last_price: spot } as LastPrice };
  for (const strike of strikes) {
    quotes[symbol(strike, 'CE')] = { last_price: (spot - strike) / 2 + 60, volume: 100 * m, oi: 50_000 + m } as LastPrice;
    quotes[symbol(strike, 'PE')] = { last_price: (strike - spot) / 2 + 60, volume: 100 * m, oi: 60_000 + m } as LastPrice;
  }
  return quotes;
}

describe.each(testBackends)('a day the recorder alone holds, replayed on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;

  beforeEach(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
    let now = 0;
    const recorder = createMarketRecorder({
      db: server.db,
      clock: () => new Date(now),
      source: 'recorded',
      retentionDays: 3650,
      isOpen: async (at) => at.getTime() >= open,
      watched: async () => watched,
      quotes: async (keys) => Object.fromEntries(Object.entries(feed(now)).filter(([key]) => keys.includes(key))),
    });
    // The 25,000 call's last minute of the trading day before (Friday 2 October is a holiday), moved to the
    // recorder's contract-day layout as a finished day is: its close, ₹50, is the replayed day's `close`.
    const before = { key: symbol(25_000, 'CE'), minute: new Date('2026-10-01T15:29:00+05:30'), openPaise: 5_000, highPaise: 5_000, lowPaise: 5_000, closePaise: 5_000 };
    const minute = { ...before, volume: 0, openInterest: 0, ivBp: null, bidPaise: null, askPaise: null, index: 'NIFTY' as const, expiry, strikePaise: 2_500_000, optionType: 'CE' as const };
    await server.db.transaction((tx) => storeRecordedMinute(tx, 'recorded', '2026-10-01', [], [minute], before.minute));
    await server.db.transaction((tx) => compactRecordedDays(tx, day));
    // 09:14:45 to 09:32:00, a pass every 15 s: the minutes 09:15 to 09:31 recorded.
    for (now = open - 15_000; now <= open + 17 * minuteMs; now += 15_000) await recorder.pass(new Date(now));
  });

  afterEach(async () => {
    await server.close();
  });

  it('is listed with what it holds, and its replay reads the recorded minutes', async () => {
    const { token } = await signedInAccount(call);
    const days = await call<Schemas['ReplayDaysResponse']>('getReplayDays', { token, query: { index: 'NIFTY' } });
    expect(days.status).toBe(200);
    expect(days.body.days).toEqual([{ index: 'NIFTY', day, contracts: 6, real_contracts: 6, prices: 'real', bhavcopy: false, origin: 'history', index_path: 'minutes', session: { open: '09:15', close: '15:40', mis_square_off: '15:25' }, special: null }]);

    const created = await call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'NIFTY', day, start: '09:30' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.replay.id;
    const expiries = await call<Schemas['ExpiriesResponse']>('getReplayExpiries', { token, params: { id } });
    expect(expiries.body.expiries.map((listed) => listed.date)).toEqual([expiry]);

    // The minute that began at 09:30 (m = 15), as recorded: its last sample closed it at index 25,016.
    const recorded = async (table: string, where: string) =>
      (await server.db.query<{ c: string; oi?: string }>(`SELECT close_paise AS c, open_interest AS oi FROM ${table} WHERE minute = $1 AND ${where}`, [new Date(open + 15 * minuteMs)])).rows[0]!;
    const index = await call<Schemas['ReplayQuotesResponse']>('getReplayIndex', { token, params: { id } });
    const indexMinute = (await server.db.query<{ c: string }>(`SELECT close_paise AS c FROM history_index_minutes WHERE minute = $1`, [new Date(open + 15 * minuteMs)])).rows[0]!;
    expect(Number(indexMinute.c)).toBe(2_501_600);
    expect(index.body.data['NSE:NIFTY 50']).toMatchObject({ last_price: 25_016, source: 'real' });

    const chain = await call<Schemas['ReplayChainResponse']>('getReplayChain', { token, params: { id }, query: { expiry } });
    expect(chain.status, JSON.stringify(chain.body)).toBe(200);
    expect(chain.body.chain.instruments.map((row) => `NFO:${row.tradingsymbol}`).sort()).toEqual([...watched.options.keys()].sort());
    for (const strike of strikes) {
      for (const type of ['CE', 'PE'] as const) {
        const row = await recorded('history_option_minutes', `strike_paise = ${strike * 100} AND option_type = '${type}'`);
        expect(chain.body.data[symbol(strike, type)], `${strike} ${type}`).toMatchObject({ last_price: Number(row.c) / 100, oi: Number(row.oi), source: 'real' });
      }
    }
    // The 25,000 call: (25,016 - 25,000) / 2 + 60, up ₹18 on its last close the trading day before.
    expect(chain.body.data[symbol(25_000, 'CE')]).toMatchObject({ last_price: 68, close: 50, change: 18 });
  });
});
