// A bot desk (bot-desk.ts) with a trading bot's webhook: turn it on, deliver alerts (signed or not, as JSON
// or raw bytes), and read the bot's alert log.
import { createHmac } from 'node:crypto';
import { expect } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { ContractCall } from '../support/contract-client.ts';
import type { BotDesk } from './bot-desk.ts';

type Schemas = components['schemas'];

export const sign = (secret: string, timestamp: string, body: string) => `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

export function webhookDesk(t: BotDesk) {
  /** A trading bot on a preset strategy (an alert without legs enters its legs), 1 lot unless told. */
  async function createBot(overrides: Record<string, unknown> = {}, strategy = 'short_straddle') {
    const res = await t.call<{ trading_bot: Schemas['TradingBot'] }>('createTradingBot', {
      token: t.desk.token,
      params: { portfolioId: t.portfolio.id },
      body: { portfolio_id: t.portfolio.id, name: 'Alerts', base_strategy: t.strategies.get(strategy)!.id, underlying: 'NIFTY', lots: 1, stop_loss_pct: 90, target_pct: 90, params: {}, ...overrides },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.trading_bot;
  }

  async function enable(botId: number, change: Schemas['BotWebhookChange'] = {}) {
    const res = await t.call<Schemas['BotWebhookSaved']>('updateBotWebhook', { token: t.desk.token, params: { id: botId }, body: change });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  }

  /** One delivery from `call` (another instance's client for cross-instance tests); `raw` sends exact bytes. */
  function deliver(token: string, body: unknown, options: { headers?: Record<string, string>; raw?: string; call?: ContractCall } = {}) {
    const call = options.call ?? t.call;
    return call<Schemas['WebhookDelivery'] & Schemas['Error']>('receiveBotWebhook', {
      params: { token },
      ...(options.raw === undefined ? { body } : { payload: options.raw }),
      headers: { 'content-type': 'application/json', ...options.headers },
    });
  }

  async function log(botId: number) {
    const res = await t.call<Schemas['BotWebhookResponse']>('getBotWebhook', { token: t.desk.token, params: { id: botId } });
    expect(res.status).toBe(200);
    return res.body.alerts;
  }

  return { createBot, enable, deliver, log };
}
