// What the tests of a replay's bot share: a server with the replay fixture's day (replay-fixture.ts) imported with
// strikes wide enough for the open's ATM (the day runs 25,000 to 25,374), a trader with a paper account
// (backtests/paper-run.ts), a daily short straddle saved on its portfolio, their replay of the day from 09:15,
// and the calls on the replay's bot. The caller closes the server.
import { expect } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { importHistory, importMinutes, syntheticRows } from '../backtests/history-fixture.ts';
import { paperTrader } from '../backtests/paper-run.ts';
import type { TestBackend } from '../support/test-database.ts';
import { startTestServer } from '../support/test-server.ts';
import { dailyBotBody } from '../support/trading.ts';
import { dayClose, indexAt, replayDay, replayExpiries } from './replay-fixture.ts';

type Schemas = components['schemas'];

export type ReplayBotDesk = Awaited<ReturnType<typeof openReplayBotDesk>>;

export async function openReplayBotDesk(backend: TestBackend) {
  const server = await startTestServer({ backend });
  const underlying = { [replayDay]: dayClose };
  await importHistory(server.db, 'NIFTY', underlying, syntheticRows(underlying, replayExpiries, { around: 16 }));
  await importMinutes(server.db, 'NIFTY', replayDay, indexAt);
  const trader = await paperTrader(server, server.db);
  const { call, token } = trader;
  const body = dailyBotBody(trader.portfolio.id, trader.strategies.get('short_straddle')!.id, {
    lots: 1,
    weekdays: [1, 2, 3, 4, 5],
    entry_time: '09:20',
    exit_time: '15:10',
    stop_loss_pct: 20,
    target_pct: 15,
    params: {},
  });
  const bot = await call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', { token, params: { portfolioId: trader.portfolio.id }, body });
  expect(bot.status, JSON.stringify(bot.body)).toBe(201);
  const replay = await call<{ replay: Schemas['Replay'] }>('createReplay', { token, body: { index: 'NIFTY', day: replayDay, start: '09:15' } });
  expect(replay.status, JSON.stringify(replay.body)).toBe(201);
  const id = replay.body.replay.id;
  return {
    server,
    trader,
    botId: bot.body.daily_bot.id,
    /** The replay's id. */
    id,
    seek: (minute: string) => call<{ replay: Schemas['Replay'] }>('seekReplay', { token, params: { id }, body: { minute } }),
    attach: (attached: Schemas['ReplayBotAttach']) => call<Schemas['ReplayBotResponse']>('createReplayBot', { token, params: { id }, body: attached }),
    status: async () => (await call<Schemas['ReplayBotResponse']>('getReplayBot', { token, params: { id } })).body.replay_bot,
    report: () => call<Schemas['ReplayBotReportResponse']>('getReplayBotReport', { token, params: { id } }),
  };
}
