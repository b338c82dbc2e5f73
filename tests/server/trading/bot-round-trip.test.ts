// A client that sends a bot back as it received it (id, portfolio_id and all) gets it saved; naming
// another bot or moving the bot to another portfolio is refused with a message saying why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAccount } from '../support/accounts.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { baseStrategies, createBrokerAccount, createPortfolio, dailyBotBody, guardedClient, tradingBotBody } from '../support/trading.ts';

type Bot = Record<string, unknown> & { id: number; portfolio_id: number };

const kinds = [
  { label: 'trading', key: 'trading_bot', create: 'createTradingBot', update: 'updateTradingBot', list: 'getTradingBots', table: 'trading_bots', body: tradingBotBody },
  { label: 'daily', key: 'daily_bot', create: 'createDailyBot', update: 'updateDailyBot', list: 'getDailyBots', table: 'daily_bots', body: dailyBotBody },
] as const;

describe.each(testBackends)('bots sent back whole on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let token: string;
  let portfolioId: number;
  let otherPortfolioId: number;
  let strategyId: number;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
    token = (await signedInAccount(call)).token;
    const { account } = await createBrokerAccount(call, token);
    portfolioId = (await createPortfolio(call, token, account.id)).id;
    otherPortfolioId = (await createPortfolio(call, token, account.id, 1000, 'Monthly')).id;
    strategyId = (await baseStrategies(call, token)).get('short_straddle')?.id ?? 0;
  });

  afterAll(async () => {
    await server.close();
  });

  describe.each(kinds)('$label bots', (kind) => {
    async function created(): Promise<Bot> {
      const res = await call<Record<string, Bot>>(kind.create, { token, params: { portfolioId }, body: kind.body(portfolioId, strategyId) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const listed = await call<Record<string, Bot[]>>(kind.list, { token, params: { portfolioId } });
      const bot = listed.body[`${kind.key}s`]?.find((item) => item.id === res.body[kind.key]?.id);
      if (bot === undefined) throw new Error('the created bot is not listed');
      return bot;
    }
    const put = (id: number, body: Record<string, unknown>) => call<Record<string, Bot> & { code?: string }>(kind.update, { token, params: { id }, body });

    it('saves the bot sent back exactly as it was listed, and a pause sent with it', async () => {
      const bot = await created();
      const same = await put(bot.id, bot);
      expect(same.status, JSON.stringify(same.body)).toBe(200);
      expect(same.body[kind.key]).toEqual(bot);
      const paused = await put(bot.id, { ...bot, status: 'paused', name: 'Paused bot' });
      expect(paused.body[kind.key]).toEqual({ ...bot, status: 'paused', name: 'Paused bot' });
    });

    it('pauses a bot sent back whole even when its saved lots no longer pass today\'s limits', async () => {
      const bot = await created();
      // What a tightened freeze limit would leave behind: a stored bot the rules now refuse.
      await server.db.query(`UPDATE ${kind.table} SET lots = 1000 WHERE id = $1`, [bot.id]);
      const stale = { ...bot, lots: 1000 };
      const paused = await put(bot.id, { ...stale, status: 'paused' });
      expect(paused.status, JSON.stringify(paused.body)).toBe(200);
      expect(paused.body[kind.key]).toEqual({ ...stale, status: 'paused' });
      const edited = await put(bot.id, { ...stale, underlying: 'BANKNIFTY' });
      expect(edited.status).toBe(422);
    });

    it('refuses moving the bot to another portfolio, saying why', async () => {
      const bot = await created();
      const moved = await put(bot.id, { ...bot, portfolio_id: otherPortfolioId });
      expect(moved.status).toBe(400);
      expect(moved.body).toEqual({
        code: 'portfolio_mismatch',
        field: 'portfolio_id',
        message: `portfolio_id: a bot stays in its portfolio (${portfolioId}); create a new bot in portfolio ${otherPortfolioId} instead`,
        details: { text: { code: 'bot.stays_in_portfolio', params: { current: portfolioId, asked: otherPortfolioId } } },
      });
    });

    it("refuses another bot's id in the body", async () => {
      const bot = await created();
      const other = await put(bot.id, { ...bot, id: bot.id + 1000 });
      expect(other.status).toBe(400);
      expect(other.body).toMatchObject({ code: 'validation_failed', field: 'id', details: { text: { code: 'bot.other_bot', params: { id: bot.id, got: bot.id + 1000 } } } });
    });
  });
});
