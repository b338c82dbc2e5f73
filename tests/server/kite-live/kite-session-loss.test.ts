// Kite's TokenException in the middle of the day (a logout elsewhere, the 06:00 flush): the call that meets
// it answers "log in again", the account is logged out at once, its books then read UNKNOWN with what
// StrikeDesk placed (never empty), its active bots are paused with the reason, and one alert tells the trader
// (the session watcher does not tell it again). Logging in again brings the live books back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { testBackends } from '../support/test-database.ts';
import { baseStrategies, createPortfolio, dailyBotBody } from '../support/trading.ts';
import { liveBotReady, openKiteDesk, startKiteStack, type KiteStack } from './kite-desk.ts';

type Schemas = components['schemas'];

describe.each(testBackends)('a Kite session ended mid-day on %s', (backend) => {
  let stack: KiteStack;

  beforeAll(async () => {
    stack = await startKiteStack(backend);
  });

  afterAll(async () => {
    await stack.close();
  });

  it('logs the account out, reads its books UNKNOWN (not empty), pauses its bots and tells the trader once', async () => {
    const desk = await openKiteDesk(stack);
    const portfolio = await createPortfolio(stack.call, desk.token, desk.account.id);
    const strategy = (await baseStrategies(stack.call, desk.token)).get('short_straddle')!.id;
    const asLive = await liveBotReady(stack, desk);
    const bot = await stack.call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', {
      token: desk.token,
      params: { portfolioId: portfolio.id },
      body: asLive(dailyBotBody(portfolio.id, strategy, { lots: 1, weekdays: [5], entry_time: '14:00', exit_time: '15:00', params: {} })),
    });
    expect(bot.status, JSON.stringify(bot.body)).toBe(201);
    const call = desk.symbol(desk.atm, 'CE');
    stack.kite.control.setPrice(`NFO:${call}`, 100);
    const placed = await desk.place([desk.order(call, 'SELL', desk.lotSize)], { portfolio_id: portfolio.id });
    expect(placed.body.orders[0]!.status).toBe('COMPLETE');

    stack.server.clock.advance(60_000);
    const endedAt = stack.server.clock.now();
    stack.kite.control.expireAllTokens();
    const first = await desk.orderBook();
    expect(first.status).toBe(403);
    expect(first.body).toMatchObject({ code: 'broker_session_expired' });
    expect((first.body as unknown as { message: string }).message).toMatch(/^Your Kite session has ended \(Kite: .+\)\. Log in to the broker again/);

    // The accounts list says it needs a login, since when (what the shell's banner reads after a reload).
    const accounts = await stack.call<{ broker_accounts: Schemas['BrokerAccount'][] }>('getBrokerAccounts', { token: desk.token });
    expect(accounts.body.broker_accounts.find((account) => account.id === desk.account.id)).toMatchObject({ is_logged_in: false, session_ended_at: endedAt.toISOString() });

    const book = await desk.orderBook();
    expect(book.status).toBe(200);
    expect(book.body).toMatchObject({ status: 'UNKNOWN', as_of: endedAt.toISOString() });
    expect(book.body.order_book.map((order) => order.order_id)).toEqual([placed.body.orders[0]!.order_id]);
    const positions = await desk.positionBook();
    expect(positions.body.position_book).toMatchObject({ status: 'UNKNOWN' });
    expect(positions.body.position_book.net.map((position) => [position.tradingsymbol, position.quantity])).toEqual([[call, -desk.lotSize]]);
    const portfolioPositions = await stack.call<Schemas['PositionsResponse']>('getPositions', { token: desk.token, params: { portfolioId: portfolio.id } });
    expect(portfolioPositions.body.data).toMatchObject({ status: 'UNKNOWN' });
    expect(portfolioPositions.body.data.positions).toHaveLength(1);

    const bots = await stack.server.db.query<{ status: string }>('SELECT status FROM daily_bots WHERE id = $1', [bot.body.daily_bot.id]);
    expect(bots.rows[0]!.status).toBe('paused');
    const run = await stack.server.db.query<{ state: string; reason: string }>('SELECT state, reason FROM bot_runs WHERE bot_kind = $1 AND bot_id = $2', ['daily', bot.body.daily_bot.id]);
    expect(run.rows[0]).toMatchObject({ state: 'paused' });
    expect(run.rows[0]!.reason).toContain(`Kite ended the broker session of ${desk.accountNumber}`);

    await stack.services.alerts.watchers.run(stack.server.clock.now());
    const told = await stack.server.db.query<{ event: string; title: string }>(
      "SELECT event, title FROM alerts WHERE broker_account_id = $1 AND category = 'broker_session' ORDER BY id",
      [desk.account.id],
    );
    expect(told.rows).toEqual([{ event: 'broker_session_expired', title: `Log in to Kite again: ${desk.accountNumber}` }]);

    const refused = await desk.place([desk.order(call, 'BUY', desk.lotSize)]);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'broker_session_expired' });

    // Logged in again: the live book, and the paused bot waits for the trader to resume it.
    stack.server.clock.advance(1000);
    expect((await desk.logIn()).status).toBe(200);
    const live = await desk.orderBook();
    expect(live.body).toMatchObject({ status: 'OK' });
    expect(live.body.order_book).toHaveLength(1);
  });

  it('meets the TokenException on an order just as well: nothing placed, the key free, the account logged out', async () => {
    const desk = await openKiteDesk(stack);
    stack.server.clock.advance(1000);
    stack.kite.control.expireAllTokens();
    const call = desk.symbol(desk.atm, 'CE');
    const refused = await desk.place([desk.order(call, 'BUY', desk.lotSize)], {}, 'token-died-1');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'broker_session_expired' });
    expect(stack.kite.control.orders().filter((order) => order!.tag === 'token-died-1')).toEqual([]);
    const { rows } = await stack.server.db.query<{ sealed: string | null }>('SELECT session_access_token_encrypted AS sealed FROM broker_accounts WHERE id = $1', [desk.account.id]);
    expect(rows[0]!.sealed).toBeNull();
    // Logged in again, the same Idempotency-Key places the order: the refusal had freed it.
    expect((await desk.logIn()).status).toBe(200);
    const placed = await desk.place([desk.order(call, 'BUY', desk.lotSize)], {}, 'token-died-1');
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(stack.kite.control.orders().filter((order) => order!.tag === 'token-died-1')).toHaveLength(1);
  });
});
