// The replayed market (issue 39): at any minute of a replayed day the index is the imported minute's close, an
// option with stored minute candles is that minute's close (real), and every other option is modelled from the
// day's settlement: at the close it is the settlement price the bhavcopy published, to the paisa.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { storeOptionMinutes } from '../../../server/services/history/option-minutes-store.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';
import { syntheticRows } from '../backtests/history-fixture.ts';
import { dayClose, indexAt, openReplayDesk, replayDay, replayExpiries, type ReplayDesk } from './replay-fixture.ts';

type Schemas = components['schemas'];
const expiry = replayExpiries[1]!;
const symbol = (strike: number, type: 'CE' | 'PE') => `NFO:NIFTY26O13${strike}${type}`;

describe.each(testBackends)('a replayed market on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  let id: number;
  let chain: ReplayDesk['chain'];
  let seek: ReplayDesk['seek'];

  beforeEach(async () => {
    // The 25,050 call's own minutes at 10:00 and 10:02, as a broker's historical API gives them.
    const before = async ({ db }: TestServer) => {
      const candle = (time: string, close: number, oi: number) => ({
        tradeDate: replayDay,
        minute: new Date(`${replayDay}T${time}:00+05:30`),
        openPaise: close * 100,
        highPaise: close * 100,
        lowPaise: close * 100,
        closePaise: close * 100,
        volume: 7_500,
        openInterest: oi,
      });
      await db.transaction((tx) =>
        storeOptionMinutes(
          tx,
          { fileName: 'Upstox NIFTY 25050 CE', sha256: 'd'.repeat(64), days: [replayDay], rowCount: 2, uploadedBy: null as unknown as number, importedAt: new Date() },
          'upstox',
          { index: 'NIFTY', expiry, strikePaise: 2_505_000, optionType: 'CE' },
          [replayDay],
          [candle('10:00', 123.45, 1_500_000), candle('10:02', 130.1, 1_520_000)],
        ),
      );
    };
    ({ server, call, token, id, chain, seek } = await openReplayDesk(backend, { before }));
  });

  afterEach(async () => {
    await server.close();
  });


  it('says the index at the replayed minute: its imported minute, the open, high and low so far', async () => {
    const res = await call<Schemas['ReplayQuotesResponse']>('getReplayIndex', { token, params: { id } });
    expect(res.status).toBe(200);
    expect(res.body.replay.minute).toBe('10:00');
    // 10:00 is the 45th minute after 09:15: the candle that began at 10:00 has not closed, the one of 09:59 has.
    expect(res.body.data['NSE:NIFTY 50']).toMatchObject({ last_price: indexAt(45), open: indexAt(0), high: indexAt(45), low: indexAt(0), source: 'real', timestamp: '2026-10-05T04:30:00.000Z' });
    await seek('14:00');
    expect((await call<Schemas['ReplayQuotesResponse']>('getReplayIndex', { token, params: { id } })).body.data['NSE:NIFTY 50']?.last_price).toBe(indexAt(285));
  });

  it("lists the day's expiries and an expiry's chain as the live desk reads them, real where minutes are stored", async () => {
    const expiries = await call<Schemas['ExpiriesResponse']>('getReplayExpiries', { token, params: { id } });
    // The expiries the exchange listed that day (two weeklies for NIFTY, as backtests list them) that history holds.
    expect(expiries.body.expiries.map((listed) => listed.date)).toEqual(replayExpiries.slice(0, 2));
    const at10 = await chain();
    expect(at10.chain).toMatchObject({ index: 'NIFTY', underlying: 'NSE:NIFTY 50', expiry, strike_step: 50, lot_size: 75 });
    expect(at10.chain.instruments).toHaveLength(26);
    expect(at10.data[symbol(25050, 'CE')]).toMatchObject({ last_price: 123.45, oi: 1_500_000, source: 'real' });
    const put = at10.data[symbol(25050, 'PE')]!;
    expect(put.source).toBe('modelled');
    expect(put.bid).toBeLessThan(put.ask!);
    expect(put.iv).toBeGreaterThan(5);
    expect(put.delta).toBeLessThan(0);
    // A minute without a candle carries the last one's close; the next candle is the next price.
    await seek('10:01');
    expect((await chain()).data[symbol(25050, 'CE')]).toMatchObject({ last_price: 123.45, source: 'real' });
    await seek('10:03');
    expect((await chain()).data[symbol(25050, 'CE')]).toMatchObject({ last_price: 130.1, source: 'real' });
    const missing = await call('getReplayChain', { token, params: { id }, query: { expiry: '2026-10-27' } });
    expect(missing.status).toBe(404);
  });

  it('prices every modelled option at its settlement price at the close, as the bhavcopy published it', async () => {
    // The close of an October 2026 day: 15:40 (NSE's F&O hours since 3 August 2026).
    await seek('15:40');
    const { data } = await chain();
    const settled = syntheticRows({ [replayDay]: dayClose }, replayExpiries, { around: 6 }).filter((row) => row.expiry === expiry);
    let compared = 0;
    for (const row of settled) {
      const quote = data[symbol(row.strike, row.type)]!;
      if (quote.source === 'real') continue;
      expect(quote.last_price, `${row.strike} ${row.type}`).toBe(row.settle);
      compared += 1;
    }
    expect(compared).toBe(25);
    expect((await call<Schemas['ReplayQuotesResponse']>('getReplayIndex', { token, params: { id } })).body.data['NSE:NIFTY 50']?.last_price).toBe(dayClose);
  });
});
