// A bot in a replay (issue 39): the trader attaches a saved bot at the open, plays the day, and gets the report
// a backtest of that day gives, trade by trade and to the paisa (the same engine's looks at the same instants
// on the same prices); on the way the desk sees it enter, on a paper account of the replay's book, never the
// trader's; going back before it is refused, a reset removes it, and a book rebuilt from the log (a restart,
// another instance) has it doing the same.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { runBacktest } from '../backtests/paper-run.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';
import { dailyBotBody } from '../support/trading.ts';
import { openReplayBotDesk, type ReplayBotDesk } from './replay-bot-desk.ts';
import { replayDay } from './replay-fixture.ts';

type Schemas = components['schemas'];

/** Rows of every table a trader's paper or live book keeps, in the server's own database. */
async function bookRows(server: TestServer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['paper_orders', 'paper_trades', 'paper_positions', 'kite_orders', 'kite_trades', 'order_sends', 'bot_actions']) {
    const { rows } = await server.db.query<{ n: number }>(`SELECT count(*)::integer AS n FROM ${table}`);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

describe.each(testBackends)('a bot in a replay on %s', (backend) => {
  let server: TestServer;
  let trader: ReplayBotDesk['trader'];
  let botId: number;
  let id: number;
  let seek: ReplayBotDesk['seek'];
  let attach: ReplayBotDesk['attach'];
  let status: ReplayBotDesk['status'];
  let report: ReplayBotDesk['report'];

  beforeEach(async () => {
    ({ server, trader, botId, id, seek, attach, status, report } = await openReplayBotDesk(backend));
  });

  afterEach(async () => {
    await server.close();
  });

  it("gives the backtest's trades and P&L of the day to the paisa, and leaves the trader's books as they were", async () => {
    const services = server.app.getDecorator<Services>(servicesDecorator);
    const backtest = await runBacktest(trader.call, trader.token, services, { daily_bot_id: botId, from: replayDay, to: replayDay, capital: 1_000_000 });
    expect(backtest.status).toBe('done');
    expect(backtest.trades.length).toBeGreaterThan(0);
    const before = await bookRows(server);

    const attached = await attach({ daily_bot_id: botId });
    expect(attached.status, JSON.stringify(attached.body)).toBe(201);
    expect(attached.body.replay_bot).toMatchObject({ account_number: 'RB1', attached_at: '2026-10-05T03:45:00.000Z', actions: [], report_final: false, stopped: false });
    // The close of an October 2026 day: 15:40 (NSE's F&O hours since 3 August 2026).
    expect((await seek('15:40')).status).toBe(200);
    const replayed = await report();
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(200);
    expect(replayed.body.final).toBe(true);

    const trades = (list: Schemas['BacktestTrade'][]) =>
      list.map((trade) => [trade.entered_at, trade.exited_at, trade.exit_rule, trade.gross_pnl, trade.charges, trade.net_pnl, trade.legs.map((leg) => [leg.tradingsymbol, leg.side, leg.quantity, leg.entry_price, leg.exit_price])]);
    expect(trades(replayed.body.trades)).toEqual(trades(backtest.trades));
    expect(replayed.body.summary).toEqual(backtest.summary);
    expect(replayed.body.daily).toEqual(backtest.daily);
    expect(replayed.body.equity).toEqual(backtest.equity);
    expect(replayed.body.no_trade_days).toEqual(backtest.no_trade_days);
    expect(await bookRows(server)).toEqual(before);
  }, 240_000);

  it('enters at its replayed entry as the clock passes it, is kept across a rebuild, refuses a way back and goes with a reset', async () => {
    await seek('09:18');
    expect((await attach({ daily_bot_id: botId })).status).toBe(201);
    expect((await status())!.actions).toEqual([]);
    await seek('09:21');
    const entered = (await status())!;
    expect(entered.actions.map((action) => [action.action, action.status, action.claimed_at])).toEqual([['enter', 'completed', '2026-10-05T03:50:00.000Z']]);
    expect(entered.positions.map((position) => [position.tradingsymbol, position.quantity])).toEqual([['NIFTY26O0625000CE', -75], ['NIFTY26O0625000PE', -75]]);
    expect(entered.state.open_positions).toBe(2);

    // A second bot is refused, and a bot of another index.
    const again = await attach({ daily_bot_id: botId });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'replay_bot_attached', details: { text: { code: 'replay.bot_attached' } } });

    // The book thrown away (a restart): rebuilt from the log, the bot did the same.
    await server.app.getDecorator<Services>(servicesDecorator).replayBooks.closeAll();
    const rebuilt = (await status())!;
    expect(rebuilt.actions).toEqual(entered.actions);
    expect(rebuilt.positions).toEqual(entered.positions);

    const back = await seek('09:16');
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ code: 'replay_seek_backward' });
    expect((await trader.call('resetReplay', { token: trader.token, params: { id } })).status).toBe(200);
    expect(await status()).toBeNull();
    expect((await report()).status).toBe(404);
  }, 240_000);

  it('stops at the replayed minute the trader asks: exits what it holds at that minute and enters nothing more, after a rebuild too', async () => {
    const stop = () => trader.call<Schemas['ReplayBotResponse']>('squareoffReplayBot', { token: trader.token, params: { id } });
    expect((await stop()).status).toBe(404);
    expect((await attach({ daily_bot_id: botId })).status).toBe(201);
    await seek('09:40');
    expect((await status())!.state.open_positions).toBe(2);

    const stopped = await stop();
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    const bot = stopped.body.replay_bot!;
    // Exited at the replayed 09:40, on the bot's own account: its legs flat, the exit in its log.
    expect(bot.actions.map((action) => [action.action, action.status, action.claimed_at])).toEqual([
      ['enter', 'completed', '2026-10-05T03:50:00.000Z'],
      ['pause_exit', 'completed', '2026-10-05T04:10:00.000Z'],
    ]);
    expect(bot.positions.map((position) => position.quantity)).toEqual([0, 0]);
    expect(bot.stopped).toBe(true);
    expect(bot.state.state).toBe('exited');
    // A second stop changes nothing.
    expect((await stop()).body.replay_bot!.actions).toEqual(bot.actions);

    // The rest of the day: no re-entry; the report holds the one trade, closed by the stop at 09:40.
    await seek('15:40');
    const closed = (await status())!;
    expect(closed.actions).toEqual(bot.actions);
    const final = await report();
    expect(final.body.trades.map((trade) => [trade.entered_at, trade.exited_at])).toEqual([['2026-10-05T03:50:00.000Z', '2026-10-05T04:10:00.000Z']]);

    // Rebuilt from the log (a restart): stopped at the same minute, the same report.
    await server.app.getDecorator<Services>(servicesDecorator).replayBooks.closeAll();
    expect((await status())!.actions).toEqual(bot.actions);
    expect((await report()).body.summary).toEqual(final.body.summary);
  }, 240_000);

  it('refuses a bot of another index, and no bot at all', async () => {
    const body = dailyBotBody(trader.portfolio.id, trader.strategies.get('short_straddle')!.id, { underlying: 'BANKNIFTY', weekdays: [1, 2, 3, 4, 5] });
    const other = await attach({ bot: { ...body, portfolio_id: trader.portfolio.id } as Schemas['DailyBotCreate'] });
    expect(other.status, JSON.stringify(other.body)).toBe(422);
    expect(other.body).toMatchObject({ code: 'replay_bot_index', field: 'bot' });
    const none = await attach({});
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'backtest_bot_required' });
  }, 120_000);
});
