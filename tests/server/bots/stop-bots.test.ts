// The kill switch stops every bot of the account, daily and trading alike (stop-bots.ts): each one's run of
// the day says why (a pause choice is dropped), and the trader gets one bot_stopped alert per bot naming it;
// a bot already stopped is left as it is. bot-controls.test.ts arms the switch through the route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopBotsOfAccount } from '../../../server/services/bots/engine/stop-bots.ts';
import { words } from '../../../server/services/texts/said.ts';
import { testBackends } from '../support/test-database.ts';
import { istInstant, monday, openBotDesk, type BotDesk } from './bot-desk.ts';

describe.each(testBackends)("stopping an account's bots on %s", (backend) => {
  let t: BotDesk;

  beforeAll(async () => {
    t = await openBotDesk(backend);
  });

  afterAll(async () => {
    await t.server.close();
  });

  it('stops the daily and trading bots not stopped yet, says why on their runs and alerts the trader once a bot', async () => {
    const inPosition = await t.createDaily({ name: 'Morning straddle' });
    const waiting = await t.createDaily({ name: 'Late straddle', entry_time: '11:00' });
    const trend = await t.createTrading({ name: 'Trend' });
    const stoppedBefore = await t.createDaily({ name: 'Old bot', entry_time: '11:00' });
    expect((await t.call('updateDailyBot', { token: t.desk.token, params: { id: stoppedBefore.id }, body: { status: 'stopped' } })).status).toBe(200);
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    await t.tick();
    await t.server.db.query(`UPDATE bot_runs SET pause_action = 'keep_managing' WHERE bot_kind = 'daily' AND bot_id = $1`, [inPosition.id]);

    const now = istInstant(monday, '09:40');
    expect(await stopBotsOfAccount(t.server.db, t.desk.account.id, words('Too volatile'), now)).toBe(3);

    const statuses = await t.server.db.query<{ kind: string; id: number; status: string }>(
      `SELECT 'daily' AS kind, id, status FROM daily_bots UNION ALL SELECT 'trading', id, status FROM trading_bots ORDER BY kind, id`,
    );
    expect(statuses.rows.map((row) => [row.kind, Number(row.id), row.status])).toEqual([
      ['daily', inPosition.id, 'stopped'],
      ['daily', waiting.id, 'stopped'],
      ['daily', stoppedBefore.id, 'stopped'],
      ['trading', trend.id, 'stopped'],
    ]);
    for (const [kind, bot] of [['daily', inPosition], ['daily', waiting], ['trading', trend]] as const) {
      expect(await t.run(kind, bot.id)).toMatchObject({ state: 'stopped', reason: 'Too volatile', reason_i18n: { code: 'text', params: { text: 'Too volatile' } }, pause_action: null });
    }
    expect((await t.run('daily', inPosition.id))?.entries).toBe(1);
    expect(await t.run('daily', stoppedBefore.id)).toBeUndefined();

    const alerts = await t.server.db.query<{ user_id: number; broker_account_id: number; category: string; event: string; severity: string; title: string; body: string; link: string; bot_kind: string; bot_id: number; bot_name: string; at: Date; title_i18n: unknown; body_i18n: unknown }>(
      `SELECT user_id, broker_account_id, category, event, severity, title, body, link, bot_kind, bot_id, bot_name, at, title_i18n, body_i18n FROM alerts WHERE event = 'bot_stopped' ORDER BY bot_kind, bot_id`,
    );
    const expected = (kind: string, bot: { id: number; name: string }) => ({
      broker_account_id: t.desk.account.id,
      category: 'bot',
      event: 'bot_stopped',
      severity: 'danger',
      title: `${bot.name} stopped`,
      body: 'Too volatile The bot stays stopped until you resume it.',
      link: `/app/portfolio?portfolio=${t.portfolio.id}`,
      bot_kind: kind,
      bot_id: bot.id,
      bot_name: bot.name,
      at: now,
      // Said in the trader's language on the device: the bot's name and the reason inside.
      title_i18n: { code: 'alert.bot_stopped_title', params: { bot: bot.name } },
      body_i18n: { code: 'alert.bot_stopped_body', params: { reason: { code: 'text', params: { text: 'Too volatile' } } } },
    });
    expect(alerts.rows.map(({ user_id: _user, ...alert }) => ({ ...alert, broker_account_id: Number(alert.broker_account_id), bot_id: Number(alert.bot_id), at: new Date(alert.at) }))).toEqual([
      expected('daily', inPosition),
      expected('daily', waiting),
      expected('trading', trend),
    ]);
    const owner = (await t.server.db.query<{ user_id: number }>('SELECT user_id FROM broker_accounts WHERE id = $1', [t.desk.account.id])).rows[0]!;
    expect(alerts.rows.map((alert) => Number(alert.user_id))).toEqual([Number(owner.user_id), Number(owner.user_id), Number(owner.user_id)]);

    // Armed again: nothing left to stop.
    expect(await stopBotsOfAccount(t.server.db, t.desk.account.id, words('Again'), istInstant(monday, '09:45'))).toBe(0);
  });
});
