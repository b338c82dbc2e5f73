// A bot on a live Kite account trades real money, so it runs live only deliberately: set to live, on a
// logged-in account whose risk limits cap the day's loss, with the account number typed each time it is
// made active. Pausing never needs any of it.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { testBackends } from '../support/test-database.ts';
import { baseStrategies, createPortfolio, dailyBotBody } from '../support/trading.ts';
import { liveBotReady, useKiteDesk } from './kite-desk.ts';

type Schemas = components['schemas'];
type Refusal = { code: string; message: string; field?: string };

describe.each(testBackends)('live bots on a Kite account on %s', (backend) => {
  const live = useKiteDesk(backend);

  it('refuses a paper bot on a live account, then a live one without a loss limit, a session or the typed account number', async () => {
    const { desk, stack } = live;
    const portfolio = await createPortfolio(stack.call, desk.token, desk.account.id);
    const strategy = (await baseStrategies(stack.call, desk.token)).get('short_straddle')!.id;
    const body = dailyBotBody(portfolio.id, strategy, { weekdays: [5], params: {} });
    const create = (extra: Record<string, unknown>) =>
      stack.call<{ daily_bot: Schemas['DailyBot'] } & Refusal>('createDailyBot', { token: desk.token, params: { portfolioId: portfolio.id }, body: { ...body, ...extra } });
    expect(await create({})).toMatchObject({ status: 422, body: { code: 'live_trading_unavailable', field: 'mode' } });
    expect(await create({ mode: 'live', live_confirmation: desk.accountNumber })).toMatchObject({ status: 422, body: { code: 'risk_limits_required' } });
    await liveBotReady(stack, desk);
    expect(await create({ mode: 'live' })).toMatchObject({ status: 422, body: { code: 'confirmation_mismatch', field: 'live_confirmation' } });
    expect(await create({ mode: 'live', live_confirmation: 'AB1234' })).toMatchObject({ status: 422, body: { code: 'confirmation_mismatch' } });
    // Saved paused, it needs no confirmation yet: it trades nothing.
    expect(await create({ mode: 'live', status: 'paused' })).toMatchObject({ status: 201, body: { daily_bot: { mode: 'live', status: 'paused' } } });
    const made = await create({ mode: 'live', live_confirmation: ` ${desk.accountNumber.toLowerCase()} ` });
    expect(made).toMatchObject({ status: 201, body: { daily_bot: { mode: 'live', status: 'active' } } });

    const update = (changes: Record<string, unknown>) =>
      stack.call<{ daily_bot: Schemas['DailyBot'] } & Refusal>('updateDailyBot', { token: desk.token, params: { id: made.body.daily_bot.id }, body: changes });
    expect(await update({ status: 'paused' })).toMatchObject({ status: 200, body: { daily_bot: { status: 'paused' } } });
    expect(await update({ status: 'active' })).toMatchObject({ status: 422, body: { code: 'confirmation_mismatch' } });
    expect(await update({ status: 'active', live_confirmation: desk.accountNumber })).toMatchObject({ status: 200, body: { daily_bot: { status: 'active' } } });
    // Renaming an active bot changes nothing it trades; changing its lots does, and asks again.
    expect((await update({ name: 'Friday straddle' })).status).toBe(200);
    expect(await update({ lots: made.body.daily_bot.lots + 1 })).toMatchObject({ status: 422, body: { code: 'confirmation_mismatch' } });

    // Logged out of Kite: it can be paused, not made active.
    expect((await update({ status: 'paused' })).status).toBe(200);
    expect((await stack.call('logoutBrokerAccount', { token: desk.token, params: { accountId: desk.account.id } })).status).toBe(200);
    expect(await update({ status: 'active', live_confirmation: desk.accountNumber })).toMatchObject({ status: 403, body: { code: 'broker_session_expired' } });
  });
});
