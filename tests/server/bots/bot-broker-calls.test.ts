// A bot action's broker call (bot-orders.ts): the entry's orders go as an entry, the exit's as a square-off,
// each tagged with its action's key and counted against the account's order rate limits (Kite's 5,000 a
// day), all or nothing: an entry that would pass the day's limit places nothing, the action says why and
// the bot is left exited, not stopped. One server; each test its own bot.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { istInstant, monday, botDeskPerFile, type BotDesk } from './bot-desk.ts';

describe.each(testBackends)("a bot's broker calls on %s", (backend) => {
  let t: BotDesk;
  botDeskPerFile(backend, { capital: 2_000_000 }, (desk) => (t = desk));

  const sendsToday = async () =>
    Number((await t.server.db.query<{ count: string }>('SELECT count(*) AS count FROM order_sends WHERE broker_account_id = $1', [t.desk.account.id])).rows[0]!.count);
  const sendsAt = async (count: number, at: Date) =>
    t.server.db.query('INSERT INTO order_sends (broker_account_id, sent_at, trading_day) SELECT $1, $2, $3::date FROM generate_series(1, $4)', [t.desk.account.id, at, monday, count]);

  it('places an entry as an entry and its exit as a square-off, each tagged with its action key and counted as sent', async () => {
    const bot = await t.createDaily();
    t.straddle(100.25, 100.25);
    t.at(monday, '09:20');
    expect(await sendsToday()).toBe(0);
    expect((await t.tick()).acted).toBe(1);
    expect(await sendsToday()).toBe(2);
    t.at(monday, '15:10');
    expect((await t.tick()).acted).toBe(1);
    expect(await sendsToday()).toBe(4);
    const [enter, exit] = await t.actions('daily', bot.id);
    expect([enter!.action, exit!.action]).toEqual(['enter', 'exit']);
    const orders = await t.orders('daily', bot.id);
    expect(orders.map((order) => [order.transaction_type, order.purpose, order.tag, order.status])).toEqual([
      ['SELL', 'entry', enter!.idempotency_key, 'COMPLETE'],
      ['SELL', 'entry', enter!.idempotency_key, 'COMPLETE'],
      ['BUY', 'squareoff', exit!.idempotency_key, 'COMPLETE'],
      ['BUY', 'squareoff', exit!.idempotency_key, 'COMPLETE'],
    ]);
    expect(enter!.order_ids).toEqual(orders.slice(0, 2).map((order) => order.order_id));
    expect(exit!.order_ids).toEqual(orders.slice(2).map((order) => order.order_id));
  });

  it("refuses an entry whose orders would pass the day's limit, placing none of them, and places one that just fits", async () => {
    // 4,998 sent today (an hour ago, out of the minute's count): a straddle's two orders make 5,000 exactly.
    await t.server.db.query('DELETE FROM order_sends WHERE broker_account_id = $1', [t.desk.account.id]);
    await sendsAt(4_998, istInstant(monday, '14:20'));
    const fits = await t.createDaily({ entry_time: '15:20', exit_time: '15:25' });
    t.straddle(100.25, 100.25);
    t.at(monday, '15:20');
    expect((await t.tick()).acted).toBe(1);
    expect((await t.actions('daily', fits.id)).map((action) => [action.action, action.status])).toEqual([['enter', 'completed']]);
    expect(await sendsToday()).toBe(5_000);

    const refused = await t.createDaily({ entry_time: '15:21', exit_time: '15:25' });
    await t.server.db.query('DELETE FROM order_sends WHERE id = (SELECT min(id) FROM order_sends WHERE broker_account_id = $1)', [t.desk.account.id]);
    t.at(monday, '15:21');
    expect((await t.tick()).acted).toBe(1);
    const [entry] = await t.actions('daily', refused.id);
    expect(entry).toMatchObject({ action: 'enter', status: 'failed', order_ids: [], message_i18n: { code: 'refusal.rate_per_day', params: { placed: 4_999, limit: 5_000 } } });
    expect(await t.orders('daily', refused.id)).toEqual([]);
    expect(await sendsToday()).toBe(4_999);
    expect(await t.run('daily', refused.id)).toMatchObject({ state: 'exited', reason_i18n: { code: 'bot.entry_refused', params: { reason: { code: 'refusal.rate_per_day' } } } });
    // A refusal, not a fault: the trader is told the entry was refused.
    expect((await t.alerts(refused.id)).map((alert) => alert.event)).toEqual(['bot_rejected']);
  });

  it('refuses the entry of a bot resumed while the kill switch is armed, placing nothing, and stops the bot again', async () => {
    const bot = await t.createDaily({ entry_time: '15:23', exit_time: '15:25' });
    t.at(monday, '15:22');
    const armed = await t.call('armKillSwitch', {
      token: t.desk.token,
      body: { account_number: t.desk.accountNumber, source: 'header', reason: 'Too volatile' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(armed.status, JSON.stringify(armed.body)).toBe(200);
    expect((await t.call('updateDailyBot', { token: t.desk.token, params: { id: bot.id }, body: { status: 'active' } })).status).toBe(200);
    const sent = await sendsToday();
    t.at(monday, '15:23');
    expect((await t.tick()).acted).toBe(1);
    const [entry] = await t.actions('daily', bot.id);
    expect(entry).toMatchObject({ action: 'enter', status: 'failed', order_ids: [], message_i18n: { code: 'order.kill_switch_on' } });
    expect(await t.orders('daily', bot.id)).toEqual([]);
    expect(await sendsToday()).toBe(sent);
    expect(await t.run('daily', bot.id)).toMatchObject({ state: 'stopped', reason_i18n: { code: 'bot.entry_refused', params: { reason: { code: 'order.kill_switch_on' } } } });
  });
});
