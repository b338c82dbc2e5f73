// A replay's clock (issue 39): the days market history can replay, one open replay per trader (another is a 409
// the app confirms, then replaces), and seek, step, speed and reset moving the replayed minute exactly as the
// server's clock moves, with no timer.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';
import { importHistory, importMinutes } from '../backtests/history-fixture.ts';
import { replayDay, replayServer } from './replay-fixture.ts';

type Replay = components['schemas']['Replay'];

describe.each(testBackends)('a replay clock on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;

  beforeEach(async () => {
    ({ server, call, token } = await replayServer(backend));
  });

  afterEach(async () => {
    await server.close();
  });

  const start = async (body: Record<string, unknown>) => call<{ replay: Replay }>('createReplay', { token, body: { index: 'NIFTY', day: replayDay, ...body } });
  const act = async (operationId: string, id: number, body?: Record<string, unknown>) =>
    (await call<{ replay: Replay }>(operationId, { token, params: { id }, ...(body === undefined ? {} : { body }) })).body.replay;
  const seconds = (n: number) => server.clock.advance(n * 1000);

  it('lists the days with option rows, how their index moves and their prices modelled', async () => {
    // A day with a bhavcopy and no index minutes (issue 62): its index modelled in a line from the day before's
    // close to its own. A bhavcopy day with no day before in history is not listed: its index would stand at its
    // close from the open (the future).
    await importHistory(server.db, 'NIFTY', { '2026-10-06': 25_100 }, [{ day: '2026-10-06', expiry: '2026-10-06', strike: 25_100, type: 'CE', settle: 20 }]);
    await importHistory(server.db, 'NIFTY', { '2026-09-30': 24_900 }, [{ day: '2026-09-30', expiry: '2026-10-06', strike: 24_900, type: 'CE', settle: 90 }]);
    const res = await call<components['schemas']['ReplayDaysResponse']>('getReplayDays', { token });
    expect(res.status).toBe(200);
    const session = { open: '09:15', close: '15:40', mis_square_off: '15:25' };
    expect(res.body.days).toEqual([
      { index: 'NIFTY', day: '2026-10-06', contracts: 1, real_contracts: 0, prices: 'modelled', bhavcopy: true, origin: 'history', index_path: 'closes', session, special: null },
      { index: 'NIFTY', day: replayDay, contracts: 3 * 13 * 2, real_contracts: 0, prices: 'modelled', bhavcopy: true, origin: 'history', index_path: 'minutes', session, special: null },
    ]);
    expect((await call<components['schemas']['ReplayDaysResponse']>('getReplayDays', { token, query: { index: 'BANKNIFTY' } })).body.days).toEqual([]);
  });

  it("reads a live feed's recording as real prices and never the simulator's recording as a day's index", async () => {
    // A bhavcopy day whose index minutes the server recorded from its simulator: no real index to replay along.
    await importHistory(server.db, 'NIFTY', { '2026-10-06': 25_100 }, [{ day: '2026-10-06', expiry: '2026-10-06', strike: 25_100, type: 'CE', settle: 20 }]);
    await importMinutes(server.db, 'NIFTY', '2026-10-06', () => 25_100);
    await server.db.query(`UPDATE history_index_minutes SET source = 'simulated' WHERE trade_date = '2026-10-06'`);
    // The replayed day's 25,050 call recorded from a live feed, compacted into a day row, and a simulated put.
    const { rows } = await server.db.query<{ id: number }>(
      `INSERT INTO history_imports (kind, file_name, sha256, first_day, last_day, row_count, uploaded_by, imported_at)
       VALUES ('recorded', 'recorded', $1, $2::date, $2::date, 2, NULL, now()) RETURNING id`,
      ['e'.repeat(64), replayDay],
    );
    for (const [type, source] of [['CE', 'recorded'], ['PE', 'simulated']]) {
      await server.db.query(
        `INSERT INTO history_recorded_option_days (index_name, trade_date, expiry, strike_paise, option_type, source, minutes, open_paise, high_paise, low_paise,
           close_paise, volume, open_interest, iv_bp, bid_paise, ask_paise, import_id)
         VALUES ('NIFTY', $1::date, '2026-10-13', 2505000, $2, $3, '{600}', '{12000}', '{12000}', '{12000}', '{12000}', '{75}', '{7500}', '{1200}', '{11995}', '{12005}', $4)`,
        [replayDay, type, source, rows[0]!.id],
      );
    }
    const res = await call<components['schemas']['ReplayDaysResponse']>('getReplayDays', { token });
    const session = { open: '09:15', close: '15:40', mis_square_off: '15:25' };
    expect(res.body.days).toEqual([
      // Its index modelled from the closes (issue 62), never along the simulator's minutes.
      { index: 'NIFTY', day: '2026-10-06', contracts: 1, real_contracts: 0, prices: 'modelled', bhavcopy: true, origin: 'history', index_path: 'closes', session, special: null },
      { index: 'NIFTY', day: replayDay, contracts: 3 * 13 * 2, real_contracts: 1, prices: 'real', bhavcopy: true, origin: 'history', index_path: 'minutes', session, special: null },
    ]);
    const replay = await start({ day: '2026-10-06', start: '09:15' });
    expect(replay.status).toBe(201);
    expect(replay.body.replay).toMatchObject({ origin: 'history', index_path: 'closes' });
    // At the open, the day before's close (25,374: the replayed day's last minute), not the simulator's 25,100.
    const index = await call<components['schemas']['ReplayQuotesResponse']>('getReplayIndex', { token, params: { id: replay.body.replay.id } });
    expect(index.body.data['NSE:NIFTY 50']).toMatchObject({ last_price: 25_374, source: 'modelled' });
  });

  it('starts paused at the minute asked, and refuses a day without history or a minute outside the session', async () => {
    const res = await start({ start: '10:30' });
    expect(res.status).toBe(201);
    expect(res.body.replay).toMatchObject({ index: 'NIFTY', day: replayDay, start: '10:30', minute: '10:30', speed: 0, at: '2026-10-05T05:00:00.000Z', at_close: false });
    seconds(3600);
    expect((await call<{ replay: Replay }>('getReplays', { token })).body.replay?.minute).toBe('10:30');

    const noDay = await start({ day: '2026-10-07', replace: true });
    expect(noDay.status).toBe(422);
    expect(noDay.body).toMatchObject({ code: 'replay_no_history', field: 'day', details: { text: { code: 'replay.no_history', params: { index: 'NIFTY', day: '2026-10-07' } } } });
    // A Saturday, a Sunday, a holiday (Gandhi Jayanti) and a date no calendar has: a clear 4xx each, never a 500.
    for (const day of ['2026-10-03', '2026-10-04', '2026-10-02']) {
      const odd = await start({ day, replace: true });
      expect(odd.status, day).toBe(422);
      expect(odd.body).toMatchObject({ code: 'replay_no_history', details: { text: { params: { day } } } });
    }
    for (const day of ['2026-02-30', '2026-13-01']) {
      const notADay = await start({ day, replace: true });
      expect(notADay.status, day).toBe(400);
      expect(notADay.body).toMatchObject({ field: 'day' });
    }
    // After the day's close: 15:40 on an October 2026 day (NSE's F&O hours since 3 August 2026).
    const late = await start({ start: '15:41', replace: true });
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ code: 'replay_outside_session', field: 'start' });
  });

  it('answers 409 while a replay is open, and replaces it once the trader confirms', async () => {
    const first = (await start({})).body.replay;
    const again = await start({ start: '11:00' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'replay_open', details: { text: { code: 'replay.open', params: { index: 'NIFTY', day: replayDay } } } });
    expect((await call<{ replay: Replay }>('getReplays', { token })).body.replay?.id).toBe(first.id);

    const replaced = await start({ start: '11:00', replace: true });
    expect(replaced.status).toBe(201);
    expect(replaced.body.replay.minute).toBe('11:00');
    expect((await call('getReplay', { token, params: { id: first.id } })).status).toBe(404);
    expect((await call<{ replay: Replay }>('getReplays', { token })).body.replay?.id).toBe(replaced.body.replay.id);
  });

  it('moves the replayed clock exactly by seek, step and speed, and holds it at the close', async () => {
    const { id } = (await start({})).body.replay;
    expect((await act('seekReplay', id, { minute: '10:00' })).at).toBe('2026-10-05T04:30:00.000Z');
    // 5×: 12 s of the server's time are a replayed minute.
    expect((await act('updateReplaySpeed', id, { speed: 5 })).minute).toBe('10:00');
    seconds(12);
    expect((await act('getReplay', id)).at).toBe('2026-10-05T04:31:00.000Z');
    seconds(7);
    expect((await act('getReplay', id)).at).toBe('2026-10-05T04:31:35.000Z');
    // A step goes to the next whole minute and keeps playing from there.
    const stepped = await act('stepReplay', id);
    expect(stepped).toMatchObject({ at: '2026-10-05T04:32:00.000Z', speed: 5 });
    seconds(24);
    expect((await act('getReplay', id)).minute).toBe('10:04');
    // Paused, the server's hours pass and the replay stays.
    expect((await act('updateReplaySpeed', id, { speed: 0 })).at).toBe('2026-10-05T04:34:00.000Z');
    seconds(3 * 3600);
    expect((await act('getReplay', id)).at).toBe('2026-10-05T04:34:00.000Z');
    // 60× from 15:10: 30 s later 15:40, the close of an October 2026 day, and no further.
    await act('seekReplay', id, { minute: '15:10' });
    await act('updateReplaySpeed', id, { speed: 60 });
    seconds(29);
    expect((await act('getReplay', id)).minute).toBe('15:39');
    seconds(600);
    expect(await act('getReplay', id)).toMatchObject({ minute: '15:40', at_close: true });
    expect((await act('stepReplay', id)).minute).toBe('15:40');
    // Back to an earlier minute while the book is empty.
    expect((await act('seekReplay', id, { minute: '09:20' })).minute).toBe('09:20');
    const outside = await call('seekReplay', { token, params: { id }, body: { minute: '09:14' } });
    expect(outside.status).toBe(422);
  });

  it('resets to its start, paused, and ends', async () => {
    const { id } = (await start({ start: '09:45', speed: 30 })).body.replay;
    seconds(60);
    expect((await act('getReplay', id)).minute).toBe('10:15');
    expect(await act('resetReplay', id)).toMatchObject({ minute: '09:45', speed: 0 });
    const ended = await call('deleteReplay', { token, params: { id } });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ replay: null });
    expect((await call('getReplays', { token })).body).toEqual({ replay: null });
    expect((await call('getReplay', { token, params: { id } })).status).toBe(404);
  });
});
