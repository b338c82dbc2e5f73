// The engine on the simulated market itself (no scripted prices): a daily bot finds the money from the
// simulator's spot, its expiry's contracts listed, fills at the simulated quotes, and exits on schedule.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { servicesDecorator } from '../../../server/app.ts';
import type { Services } from '../../../server/services/services.ts';
import { openDesk } from '../support/paper-desk.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createPortfolio, dailyBotBody, guardedClient } from '../support/trading.ts';
import { istInstant, monday } from './bot-desk.ts';

describe('a daily bot on the simulated market', () => {
  let server: TestServer;

  beforeEach(async () => {
    server = await startTestServer({ clock: manualClock(istInstant(monday, '09:10')), market: { seed: 'paper', demo: false, tickMs: 1000 } });
  });

  afterEach(async () => {
    await server.close();
  });

  it('enters an iron condor around the simulated spot and exits it at its exit time', async () => {
    const call = guardedClient(server.app);
    const desk = await openDesk(server, call);
    const portfolio = await createPortfolio(call, desk.token, desk.account.id);
    const strategy = (await baseStrategies(call, desk.token)).get('iron_condor')!;
    const created = await call<{ daily_bot: { id: number } }>('createDailyBot', {
      token: desk.token,
      params: { portfolioId: portfolio.id },
      body: dailyBotBody(portfolio.id, strategy.id, { lots: 1, weekdays: [1], entry_time: '09:20', exit_time: '15:10', params: { expiry: 'monthly' } }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const services = server.app.getDecorator<Services>(servicesDecorator);
    const step = async (time: string) => {
      server.clock.advance(istInstant(monday, time).getTime() - server.clock.now().getTime());
      await services.market.tick(server.clock.now());
      return services.botEngine.tick(server.clock.now());
    };
    expect((await step('09:20')).acted).toBe(1);
    const { rows } = await server.db.query<{ tradingsymbol: string; transaction_type: string; status: string; status_message: string | null }>(
      'SELECT tradingsymbol, transaction_type, status, status_message FROM paper_orders WHERE bot_id = $1 ORDER BY id',
      [created.body.daily_bot.id],
    );
    expect(rows.map((row) => [row.transaction_type, row.status, row.status_message])).toEqual([
      ['BUY', 'COMPLETE', null],
      ['BUY', 'COMPLETE', null],
      ['SELL', 'COMPLETE', null],
      ['SELL', 'COMPLETE', null],
    ]);
    // The monthly contract in Kite's monthly form: November's last Tuesday (the 24th) is a holiday, so it expires today.
    expect(rows.every((row) => /^NIFTY26NOV\d+(CE|PE)$/.test(row.tradingsymbol))).toBe(true);
    expect((await step('15:10')).acted).toBe(1);
  });

  it('after 15:30 on an expiry day (demo mode) enters the next contract, not the one that expired at the close', async () => {
    const call = guardedClient(server.app);
    const desk = await openDesk(server, call);
    const portfolio = await createPortfolio(call, desk.token, desk.account.id);
    const strategy = (await baseStrategies(call, desk.token)).get('iron_condor')!;
    // The demo market never closes, so a bot may be due at 16:00 on this expiry day (the weekly moves to Monday).
    const demoBots = await startTestServer({ database: server.db, clock: server.clock, market: { seed: 'paper', demo: true, tickMs: 1000 } });
    try {
      const created = await guardedClient(demoBots.app)<{ daily_bot: { id: number } }>('createDailyBot', {
        token: desk.token,
        params: { portfolioId: portfolio.id },
        body: dailyBotBody(portfolio.id, strategy.id, { lots: 1, weekdays: [1], entry_time: '16:00', exit_time: '16:30', params: {} }),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const demo = demoBots.app.getDecorator<Services>(servicesDecorator);
      server.clock.advance(istInstant(monday, '16:00').getTime() - server.clock.now().getTime());
      await demo.market.tick(server.clock.now());
      expect((await demo.botEngine.tick(server.clock.now())).acted).toBe(1);
      const { rows } = await server.db.query<{ tradingsymbol: string; status: string }>('SELECT tradingsymbol, status FROM paper_orders WHERE bot_id = $1', [
        created.body.daily_bot.id,
      ]);
      expect(rows).toHaveLength(4);
      expect(rows.every((row) => row.status === 'COMPLETE')).toBe(true);
      // Today's weekly (NIFTY26N23…) is over at 15:30: the next weekly, Tuesday 1 December (NIFTY26D01…).
      expect(rows.every((row) => /^NIFTY26D01\d+(CE|PE)$/.test(row.tradingsymbol)), rows.map((row) => row.tradingsymbol).join()).toBe(true);
    } finally {
      await demoBots.app.close();
    }
  });
});
