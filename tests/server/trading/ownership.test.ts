// Ownership on every object endpoint: a second user gets 404 — never 403, and the same answer as for an
// id that does not exist — for the first user's accounts, portfolios and bots, whether the id is in the
// path or in the body. Nothing of the first user's changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMainContract } from '../../../server/contract/document.ts';
import { signedInAccount } from '../support/accounts.ts';
import type { CallOptions, ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  baseStrategies,
  createBrokerAccount,
  createPortfolio,
  dailyBotBody,
  guardedClient,
  paperBrokerLogin,
  tradingBotBody,
  type BrokerAccount,
} from '../support/trading.ts';
import { importReplayDay, replayDay } from '../replay/replay-fixture.ts';

type Ids = { account: number; portfolio: number; tradingBot: number; dailyBot: number; strategy: number; replay: number; proposal: number };

const replayOrder = { tradingsymbol: 'NIFTY26O1325050CE', exchange: 'NFO', transaction_type: 'SELL', order_type: 'MARKET', product: 'MIS', quantity: 75 };

/** One probe per object endpoint, aimed at the given ids. */
function probes(ids: Ids, requestToken: string): [string, CallOptions][] {
  return [
    ['updateBrokerAccount', { params: { id: ids.account }, body: { name: 'Hijacked', capital: 1 } }],
    ['deleteBrokerAccount', { params: { id: ids.account } }],
    ['loginBrokerAccount', { params: { accountId: ids.account }, body: { request_token: requestToken, broker_name: 'paper' } }],
    ['logoutBrokerAccount', { params: { accountId: ids.account } }],
    ['getAccountCompliance', { params: { accountId: ids.account } }],
    ['getExecutionPolicy', { params: { accountId: ids.account } }],
    [
      'updateExecutionPolicy',
      {
        params: { accountId: ids.account },
        body: { mode: 'limit_reprice', buffer_unit: 'percent', buffer_value: 8, interval_seconds: 10, max_tries: 5, max_seconds: 50, entry_fallback: 'cancel' },
      },
    ],
    ['createBrokerLoginLink', { params: { accountId: ids.account }, body: { broker_name: 'paper', redirect_uri: 'http://127.0.0.1:9/app/broker/paper/callback' } }],
    ['getPortfolios', { params: { accountId: ids.account } }],
    ['createPortfolio', { body: { broker_account: ids.account, name: 'Mine now', capital: 1 } }],
    ['updatePortfolio', { params: { id: ids.portfolio }, body: { name: 'Hijacked' } }],
    ['deletePortfolio', { params: { id: ids.portfolio } }],
    ['getPortfolioProtection', { params: { id: ids.portfolio } }],
    ['updatePortfolioProtection', { params: { id: ids.portfolio }, body: { stop_loss: { value: 1000, unit: 'inr' } } }],
    ['deletePortfolioProtection', { params: { id: ids.portfolio } }],
    ['getTradingBots', { params: { portfolioId: ids.portfolio } }],
    ['createTradingBot', { params: { portfolioId: ids.portfolio }, body: tradingBotBody(ids.portfolio, ids.strategy) }],
    ['updateTradingBot', { params: { id: ids.tradingBot }, body: { status: 'paused' } }],
    ['deleteTradingBot', { params: { id: ids.tradingBot } }],
    ['getBotWebhook', { params: { id: ids.tradingBot } }],
    ['updateBotWebhook', { params: { id: ids.tradingBot }, body: { signing: 'new' } }],
    ['deleteBotWebhook', { params: { id: ids.tradingBot } }],
    ['getBotApprovalSettings', { params: { bot_kind: 'trading', id: ids.tradingBot } }],
    ['updateBotApprovalSettings', { params: { bot_kind: 'daily', id: ids.dailyBot }, body: { approve_first: true } }],
    ['getBotProposals', { query: { bot_kind: 'daily', bot_id: String(ids.dailyBot) } }],
    ['approveBotProposal', { params: { id: ids.proposal } }],
    ['rejectBotProposal', { params: { id: ids.proposal } }],
    ['getDailyBots', { params: { portfolioId: ids.portfolio } }],
    ['createDailyBot', { params: { portfolioId: ids.portfolio }, body: dailyBotBody(ids.portfolio, ids.strategy) }],
    ['updateDailyBot', { params: { id: ids.dailyBot }, body: { status: 'paused' } }],
    ['deleteDailyBot', { params: { id: ids.dailyBot } }],
    ['getReplay', { params: { id: ids.replay } }],
    ['seekReplay', { params: { id: ids.replay }, body: { minute: '10:00' } }],
    ['stepReplay', { params: { id: ids.replay } }],
    ['updateReplaySpeed', { params: { id: ids.replay }, body: { speed: 60 } }],
    ['resetReplay', { params: { id: ids.replay } }],
    ['getReplayIndex', { params: { id: ids.replay } }],
    ['getReplayExpiries', { params: { id: ids.replay } }],
    ['getReplayChain', { params: { id: ids.replay }, query: { expiry: '2026-10-13' } }],
    ['placeReplayOrders', { params: { id: ids.replay }, headers: { 'idempotency-key': 'ownership-place' }, body: { orders: [replayOrder] } }],
    ['cancelReplayOrders', { params: { id: ids.replay }, headers: { 'idempotency-key': 'ownership-cancel' }, body: { order_ids: ['1000000001'] } }],
    ['getReplayOrders', { params: { id: ids.replay } }],
    ['getReplayOrderMargins', { params: { id: ids.replay }, body: { orders: [replayOrder] } }],
    ['getReplayPositions', { params: { id: ids.replay } }],
    ['createReplayBot', { params: { id: ids.replay }, body: { daily_bot_id: ids.dailyBot } }],
    ['getReplayBot', { params: { id: ids.replay } }],
    ['getReplayBotReport', { params: { id: ids.replay } }],
    ['squareoffReplayBot', { params: { id: ids.replay } }],
    ['getReplayCandles', { params: { id: ids.replay }, query: { interval: '5m' } }],
    ['deleteReplay', { params: { id: ids.replay } }],
  ];
}

describe.each(testBackends)('ownership on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    call = guardedClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  it('probes every operation that names an account, a portfolio or a bot', () => {
    const tagged = [...loadMainContract().operations.values()]
      .filter((operation) => /^\/api\/(accounts|portfolios|trading_bots|daily_bots|replays|approvals)\//.test(operation.path))
      .map((operation) => operation.operationId)
      // These name no object: they act on the caller's own list (or market history's days).
      .filter((operationId) => !['getBrokerAccounts', 'createBrokerAccount', 'getReplayDays', 'getReplays', 'createReplay',
        // The notification's decision carries no session: its single-use token is the proof (approvals.test.ts).
        'decideBotProposalFromNotification'].includes(operationId));
    const ids = { account: 1, portfolio: 1, tradingBot: 1, dailyBot: 1, strategy: 1, replay: 1, proposal: 1 };
    expect(probes(ids, 'x').map(([operationId]) => operationId).sort()).toEqual(tagged.sort());
  });

  it("answers 404 to another user for every object of the first user's, and changes nothing", async () => {
    const owner = await signedInAccount(call);
    const { input, account } = await createBrokerAccount(call, owner.token);
    const portfolio = await createPortfolio(call, owner.token, account.id);
    const strategy = (await baseStrategies(call, owner.token)).get('short_straddle')?.id ?? 0;
    const tradingBot = await call<{ trading_bot: { id: number } }>('createTradingBot', {
      token: owner.token,
      params: { portfolioId: portfolio.id },
      body: tradingBotBody(portfolio.id, strategy),
    });
    const dailyBot = await call<{ daily_bot: { id: number } }>('createDailyBot', { token: owner.token, params: { portfolioId: portfolio.id }, body: dailyBotBody(portfolio.id, strategy) });
    await importReplayDay(server.db);
    const replay = await call<{ replay: { id: number } }>('createReplay', { token: owner.token, body: { index: 'NIFTY', day: replayDay, start: '09:30' } });
    // A pending proposal of the owner's daily bot (the latest session is the owner's), as the engine would make it
    // (approvals.test.ts makes real ones).
    const proposal = await server.db.query<{ id: string }>(
      `INSERT INTO bot_proposals (user_id, bot_kind, bot_id, bot_name, trading_day, action, sequence, legs, price_tolerance_pct, created_at, expires_at)
       SELECT user_id, 'daily', $1, 'Straddle', '2026-11-23', 'enter', 1, '[]', 2, now(), now() + interval '1 hour' FROM sessions ORDER BY id DESC LIMIT 1 RETURNING id`,
      [dailyBot.body.daily_bot.id],
    );
    const ids: Ids = {
      account: account.id,
      portfolio: portfolio.id,
      tradingBot: tradingBot.body.trading_bot.id,
      dailyBot: dailyBot.body.daily_bot.id,
      strategy,
      replay: replay.body.replay.id,
      proposal: Number(proposal.rows[0]!.id),
    };
    const missing: Ids = { account: 999999, portfolio: 999999, tradingBot: 999999, dailyBot: 999999, strategy, replay: 999999, proposal: 999999 };
    // The owner's fresh request_token: even holding it, the intruder cannot use it on the owner's account.
    const requestToken = await paperBrokerLogin(server.app, input);

    const snapshot = async () => ({
      accounts: (await call('getBrokerAccounts', { token: owner.token })).body,
      portfolios: (await call('getPortfolios', { token: owner.token, params: { accountId: account.id } })).body,
      tradingBots: (await call('getTradingBots', { token: owner.token, params: { portfolioId: portfolio.id } })).body,
      dailyBots: (await call('getDailyBots', { token: owner.token, params: { portfolioId: portfolio.id } })).body,
      replay: (await call('getReplays', { token: owner.token })).body,
      replayBot: (await call<{ replay_bot: unknown }>('getReplayBot', { token: owner.token, params: { id: ids.replay } })).body.replay_bot,
    });
    const before = await snapshot();

    const intruder = await signedInAccount(call);
    // The intruder has an account and a portfolio of their own, so body ids are the only thing wrong.
    const own = await createBrokerAccount(call, intruder.token);
    await createPortfolio(call, intruder.token, own.account.id);
    const missingAnswers = new Map<string, unknown>();
    for (const [operationId, options] of probes(missing, requestToken)) {
      missingAnswers.set(operationId, (await call(operationId, { ...options, token: intruder.token })).body);
    }
    for (const [operationId, options] of probes(ids, requestToken)) {
      const res = await call(operationId, { ...options, token: intruder.token });
      expect(res.status, `${operationId} ${JSON.stringify(res.body)}`).toBe(404);
      expect(res.body, `${operationId} tells "not yours" from "missing"`).toEqual(missingAnswers.get(operationId));
    }
    const intruderAccounts = await call<{ broker_accounts: BrokerAccount[] }>('getBrokerAccounts', { token: intruder.token });
    expect(intruderAccounts.body.broker_accounts.map((item) => item.id)).toEqual([own.account.id]);

    expect(await snapshot()).toEqual(before);
    // The owner's request_token was not consumed by the intruder's attempt.
    const login = await call('loginBrokerAccount', { token: owner.token, params: { accountId: account.id }, body: { request_token: requestToken, broker_name: 'paper' } });
    expect(login.status).toBe(200);
  });

  it('asks for a token on every one of these operations (401)', async () => {
    const ids = { account: 1, portfolio: 1, tradingBot: 1, dailyBot: 1, strategy: 1, replay: 1, proposal: 1 };
    const lists: [string, CallOptions][] = [['getBrokerAccounts', {}], ['createBrokerAccount', { body: {} }], ['getBrokers', {}], ['getBaseStrategies', {}], ['getReplayDays', {}], ['getReplays', {}], ['createReplay', { body: {} }],
      // The strategy premium reads market history, and the caller's own fills on its legs: nobody's else.
      ['getStrategyPremium', { query: { legs: 'NIFTY:2024-07-11:24300:CE:S:1' } }]];
    for (const [operationId, options] of [...probes(ids, 'x'.repeat(20)), ...lists] as [string, CallOptions][]) {
      const res = await call(operationId, options);
      expect(res.status, operationId).toBe(401);
    }
  });
});
