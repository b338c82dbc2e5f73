// The charts in a replay (issue 39): the replayed index's candles come from the day's imported minutes up to the
// replayed minute (the one whose close the index strip shows) and never a minute after it; 5 and 15 minute
// candles group them on the IST clock, the last one as far as the replayed clock has gone.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';
import { openReplayDesk, indexAt, replayDay } from './replay-fixture.ts';

type Schemas = components['schemas'];
const istInstant = (time: string) => new Date(`${replayDay}T${time}:00+05:30`).toISOString();

describe.each(testBackends)('a replay’s candles on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  let id: number;

  beforeEach(async () => {
    ({ server, call, token, id } = await openReplayDesk(backend));
  });

  afterEach(async () => {
    await server.close();
  });

  const candles = async (interval?: '1m' | '5m' | '15m') =>
    (await call<Schemas['ReplayCandlesResponse']>('getReplayCandles', { token, params: { id }, query: interval === undefined ? {} : { interval } })).body;

  it('answers the minutes from the open to the replayed minute, the last close the strip’s price', async () => {
    const answer = await candles();
    expect(answer.interval).toBe('1m');
    expect(answer.replay.minute).toBe('10:00');
    // 09:15 to 10:00: 46 minutes, none after the replayed one.
    expect(answer.candles).toHaveLength(46);
    expect(answer.candles[0]).toEqual({ time: istInstant('09:15'), open: indexAt(0), high: indexAt(0), low: indexAt(0), close: indexAt(0), volume: 0 });
    expect(answer.candles.at(-1)).toMatchObject({ time: istInstant('10:00'), open: indexAt(44), close: indexAt(45) });
    const strip = await call<Schemas['ReplayQuotesResponse']>('getReplayIndex', { token, params: { id } });
    expect(answer.candles.at(-1)?.close).toBe(strip.body.data['NSE:NIFTY 50']?.last_price);
  });

  it('groups 5 and 15 minutes on the IST clock, the last candle as far as the clock has gone', async () => {
    const five = (await candles('5m')).candles;
    // 09:15 … 09:55 whole, then 10:00 of one minute so far.
    expect(five.map((candle) => candle.time)).toEqual(['09:15', '09:20', '09:25', '09:30', '09:35', '09:40', '09:45', '09:50', '09:55', '10:00'].map(istInstant));
    expect(five[0]).toEqual({ time: istInstant('09:15'), open: indexAt(0), high: indexAt(4), low: indexAt(0), close: indexAt(4), volume: 0 });
    expect(five.at(-1)).toMatchObject({ open: indexAt(44), close: indexAt(45) });
    const fifteen = (await candles('15m')).candles;
    expect(fifteen.map((candle) => candle.time)).toEqual(['09:15', '09:30', '09:45', '10:00'].map(istInstant));
    expect(fifteen[2]).toMatchObject({ open: indexAt(29), high: indexAt(44), low: indexAt(29), close: indexAt(44) });
  });

  it('moves with the replayed clock, and refuses an interval it does not know', async () => {
    expect((await call('seekReplay', { token, params: { id }, body: { minute: '14:00' } })).status).toBe(200);
    const later = (await candles()).candles;
    expect(later).toHaveLength(286);
    expect(later.at(-1)).toMatchObject({ time: istInstant('14:00'), close: indexAt(285) });
    const refused = await server.app.inject({ method: 'GET', url: `/api/replays/${id}/candles/?interval=1D`, headers: { authorization: `Bearer ${token}` } });
    expect(refused.statusCode).toBe(400);
  });
});
