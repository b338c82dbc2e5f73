// Shortcuts for broker-account, portfolio and bot tests. Every api_secret a test uses comes from
// newApiSecret(), and every answer the guarded client sees (JSON or HTML) is scanned for all of them: a
// secret that ever reaches an answer fails the test that caused it.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { contractClient, type CallOptions, type ContractCall } from './contract-client.ts';

const secrets = new Set<string>();

export function newApiSecret(): string {
  const secret = `sekret-${randomBytes(12).toString('hex')}`;
  secrets.add(secret);
  return secret;
}

export function expectNoSecret(text: string): void {
  for (const secret of secrets) {
    if (text.includes(secret)) throw new Error(`An answer leaked an api_secret: ${text.slice(0, 300)}`);
  }
}

/** The contract client, plus the secret scan on every answer. */
export function guardedClient(app: FastifyInstance): ContractCall {
  const call = contractClient(app);
  return (async (operationId: string, options: CallOptions = {}) => {
    const answer = await call(operationId, options);
    expectNoSecret(answer.raw.body);
    expectNoSecret(JSON.stringify(answer.headers));
    return answer;
  }) as ContractCall;
}

/** A raw request (HTML pages, redirects), scanned for secrets like API answers. */
export async function injectGuarded(app: FastifyInstance, options: InjectOptions): Promise<LightMyRequestResponse> {
  const response = await app.inject(options);
  expectNoSecret(response.body);
  expectNoSecret(JSON.stringify(response.headers));
  return response;
}

let counter = 0;

export type NewBrokerAccount = { broker: string; name: string; account_number: string; api_key: string; api_secret: string; capital: number };

export function newBrokerAccount(overrides: Partial<NewBrokerAccount> = {}): NewBrokerAccount {
  counter += 1;
  const unique = `${process.pid}${counter}${randomBytes(3).toString('hex')}`;
  return {
    broker: 'paper',
    name: `Paper account ${counter}`,
    account_number: `PA${unique}`.slice(0, 32),
    api_key: `paper_${unique}`,
    api_secret: newApiSecret(),
    capital: 500000,
    ...overrides,
  };
}

export type BrokerAccount = {
  id: number;
  broker: string;
  name: string;
  account_number: string;
  api_key: string;
  capital: number;
  is_logged_in: boolean;
  session_expires_at: string | null;
};

export async function createBrokerAccount(call: ContractCall, token: string, overrides: Partial<NewBrokerAccount> = {}) {
  const input = newBrokerAccount(overrides);
  const res = await call<{ broker_accounts: BrokerAccount }>('createBrokerAccount', { token, body: input });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { input, account: res.body.broker_accounts };
}

export type Portfolio = { id: number; broker_account: number; name: string; description: string; capital: number };

export async function createPortfolio(call: ContractCall, token: string, accountId: number, capital = 100000, name = 'Weekly expiry') {
  const res = await call<{ portfolios: Portfolio }>('createPortfolio', { token, body: { broker_account: accountId, name, capital } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.portfolios;
}

export type BaseStrategy = { id: number; slug: string; name: string; description: string; parameters: Record<string, unknown> };

export async function baseStrategies(call: ContractCall, token: string): Promise<Map<string, BaseStrategy>> {
  const res = await call<{ base_strategies: BaseStrategy[] }>('getBaseStrategies', { token });
  expect(res.status).toBe(200);
  return new Map(res.body.base_strategies.map((strategy) => [strategy.slug, strategy]));
}

/** Logs in on the paper broker's page; answers the request_token of the redirect back to the PWA. */
export async function paperBrokerLogin(app: FastifyInstance, input: { api_key: string; account_number: string }, password = 'paper-pass'): Promise<string> {
  const res = await injectGuarded(app, {
    method: 'POST',
    url: '/broker-login/paper',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ api_key: input.api_key, client_id: input.account_number, password }).toString(),
  });
  expect(res.statusCode, res.body).toBe(303);
  const location = new URL(String(res.headers.location), 'http://localhost');
  expect(location.pathname).toBe('/app/broker/paper/callback');
  const token = location.searchParams.get('request_token');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token ?? '';
}

export function tradingBotBody(portfolioId: number, baseStrategy: number, overrides: Record<string, unknown> = {}) {
  return {
    portfolio_id: portfolioId,
    name: 'NIFTY straddle',
    base_strategy: baseStrategy,
    underlying: 'NIFTY',
    lots: 2,
    stop_loss_pct: 25,
    target_pct: 50,
    params: { strike_offset: 0 },
    ...overrides,
  };
}

export function dailyBotBody(portfolioId: number, baseStrategy: number, overrides: Record<string, unknown> = {}) {
  return { ...tradingBotBody(portfolioId, baseStrategy), name: 'Tuesday straddle', entry_time: '09:20', exit_time: '15:15', weekdays: [2], ...overrides };
}

export type TradingBot = ReturnType<typeof tradingBotBody> & { id: number; status: string; mode: string };
export type DailyBot = ReturnType<typeof dailyBotBody> & { id: number; status: string; mode: string };

/**
 * A live daily bot on a logged-in live account, as a trader readies one (a daily loss limit in the account's risk
 * limits, the account number typed to confirm): what a session's end must pause. Answers the bot's id.
 */
export async function liveDailyBot(call: ContractCall, token: string, account: { id: number; account_number: string }): Promise<number> {
  const portfolio = await createPortfolio(call, token, account.id);
  const strategy = (await baseStrategies(call, token)).get('short_straddle')!.id;
  const limits = { max_loss_today: 50_000, profit_lock_from: null, profit_lock_keep_pct: null, max_trades_today: null, max_lots_per_order: null, max_open_positions: null };
  expect((await call('updateRiskLimits', { token, params: { accountNumber: account.account_number }, body: limits })).status).toBe(200);
  const bot = await call<{ daily_bot: DailyBot }>('createDailyBot', {
    token,
    params: { portfolioId: portfolio.id },
    body: { ...dailyBotBody(portfolio.id, strategy, { lots: 1, weekdays: [5], entry_time: '14:00', exit_time: '15:00', params: {} }), mode: 'live', live_confirmation: account.account_number },
  });
  expect(bot.status, JSON.stringify(bot.body)).toBe(201);
  return bot.body.daily_bot.id;
}
