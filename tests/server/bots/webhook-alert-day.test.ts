// An alert id counts within its trading day, or within the window its bot sets, never for ever (issue 60).
// ChartInk's id is its alert's name and a time of day ("9:20 am"): the same scan firing at 9:20 on the next
// day is a new alert and is placed; again on the same day it is a duplicate and places nothing. The
// exactly-once key in the database carries the day (or the window's slot), so it still holds on its own.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { createMigratedTestDatabase, testBackends } from '../support/test-database.ts';
import { monday, openBotDesk, type BotDesk } from './bot-desk.ts';
import { webhookDesk } from './webhook-desk.ts';

const wednesday = '2026-11-25';
const thursday = '2026-11-26';

/** ChartInk's own body for a scan's alert, as it sends it (its fields are fixed; the name carries the action). */
const chartink = (alertName: string, triggeredAt: string) => ({
  stocks: 'NIFTY',
  trigger_prices: '26012.5',
  triggered_at: triggeredAt,
  scan_name: 'Breakout',
  scan_url: 'breakout',
  alert_name: alertName,
  webhook_url: 'https://desk.example/api/webhooks/x/',
});

describe.each(testBackends)('an alert id that counts for its day or its window, on %s', (backend) => {
  let t: BotDesk;
  let w: ReturnType<typeof webhookDesk>;
  let database: Database;

  beforeEach(async () => {
    database = await createMigratedTestDatabase(backend);
    t = await openBotDesk(backend, { database, capital: 2_000_000 });
    w = webhookDesk(t);
  });

  afterEach(async () => {
    await t.server.close();
    await database.close();
  });

  /** Morning of `day`: the broker session of the day before ended at 06:00, the trader logs in again. */
  const morningOf = async (day: string, time: string) => {
    t.at(day, time);
    await t.server.db.query('UPDATE broker_accounts SET session_expires_at = $2 WHERE id = $1', [t.desk.account.id, new Date(t.server.clock.now().getTime() + 3_600_000 * 12)]);
  };

  /** The at-the-money straddle of the 1 Dec 2026 weekly (the nearest expiry on Wednesday and Thursday) at ₹100.25 a leg. */
  const priceStraddle = async () => {
    const { instruments } = await t.desk.services.market.instruments('NIFTY', '2026-12-01', t.server.clock.now());
    for (const type of ['CE', 'PE'] as const) {
      const row = instruments.find((instrument) => instrument.strike === t.desk.atm && instrument.instrument_type === type)!;
      t.market.set(row.tradingsymbol, { bid: 100, ask: 100.5, last: 100.25, close: 100.25 });
    }
  };

  it('places a ChartInk alert at 9:20 on two days and refuses it again the same day, its key dated by the IST day', async () => {
    const bot = await w.createBot({ entry_from: '09:15', entry_until: '14:30', exit_time: '15:15' });
    const { token, webhook } = await w.enable(bot.id);
    expect(webhook.duplicate_window_minutes).toBeNull();
    const enter = chartink('enter NIFTY breakout', '9:20 am');

    await morningOf(wednesday, '09:20');
    await priceStraddle();
    const first = await w.deliver(token!, enter);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.outcome).toBe('placed');
    // Flat again (ChartInk's exit scan), so a refusal below is the duplicate's, not the position's.
    t.at(wednesday, '09:22');
    expect((await w.deliver(token!, chartink('exit NIFTY breakout', '9:22 am'))).status).toBe(200);
    t.at(wednesday, '11:05');
    const again = await w.deliver(token!, enter);
    expect([again.status, again.body.code]).toEqual([409, 'alert_duplicate']);
    expect(await t.orders('trading', bot.id)).toHaveLength(4);

    await morningOf(thursday, '09:20');
    await priceStraddle();
    const tomorrow = await w.deliver(token!, enter);
    expect(tomorrow.status, JSON.stringify(tomorrow.body)).toBe(200);
    expect(tomorrow.body.outcome).toBe('placed');
    expect((await t.orders('trading', bot.id)).map((order) => order.transaction_type)).toEqual(['SELL', 'SELL', 'BUY', 'BUY', 'SELL', 'SELL']);
    t.at(thursday, '09:21', 30);
    const repeat = await w.deliver(token!, enter);
    expect([repeat.status, repeat.body.code]).toEqual([409, 'alert_duplicate']);
    expect(repeat.body.details?.text).toEqual({ code: 'webhook.duplicate_today', params: { alert_id: 'enter NIFTY breakout@9:20 am 2026-11-26' } });
    expect(await t.orders('trading', bot.id)).toHaveLength(6);

    const log = await w.log(bot.id);
    expect(log.map((entry) => [entry.alert_id, entry.code ?? entry.outcome])).toEqual([
      ['enter NIFTY breakout@9:20 am 2026-11-26', 'alert_duplicate'],
      ['enter NIFTY breakout@9:20 am 2026-11-26', 'placed'],
      ['enter NIFTY breakout@9:20 am 2026-11-25', 'alert_duplicate'],
      ['exit NIFTY breakout@9:22 am 2026-11-25', 'placed'],
      ['enter NIFTY breakout@9:20 am 2026-11-25', 'placed'],
    ]);
    // The exactly-once key holds the day: the database itself refuses a second placement of Thursday's alert.
    const { rows } = await t.server.db.query<{ alert_id: string; once_period: string }>(
      'SELECT alert_id, once_period FROM webhook_alerts WHERE bot_id = $1 AND counted ORDER BY id',
      [bot.id],
    );
    expect(rows.map((row) => row.once_period)).toEqual([wednesday, wednesday, thursday]);
    await expect(
      t.server.db.query(
        `INSERT INTO webhook_alerts (bot_id, received_at, alert_id, action, outcome, body_hash, counted, once_period) VALUES ($1, $2, $3, 'enter', 'working', $4, true, $5)`,
        [bot.id, t.server.clock.now(), rows[2]!.alert_id, '1'.repeat(64), thursday],
      ),
    ).rejects.toThrow(/webhook_alerts_once|unique/i);
  });

  it("counts an alert id within the bot's window when it sets one, and within the day again when it is cleared", async () => {
    t.straddle(100.25, 100.25);
    t.at(monday, '10:00');
    const bot = await w.createBot();
    const { token } = await w.enable(bot.id, { signals_only: true });
    const saved = await w.enable(bot.id, { duplicate_window_minutes: 30 });
    expect(saved.webhook).toMatchObject({ duplicate_window_minutes: 30, signals_only: true, max_entries_per_day: 5 });
    expect(saved.token).toBeNull();
    // Another change leaves the window as it is; one out of range is refused and changes nothing.
    expect((await w.enable(bot.id, { max_entries_per_day: 4 })).webhook.duplicate_window_minutes).toBe(30);
    for (const minutes of [0, 1441, 2.5]) {
      const refused = await t.call('updateBotWebhook', { token: t.desk.token, params: { id: bot.id }, body: { duplicate_window_minutes: minutes } });
      expect(refused.status, String(minutes)).toBe(400);
    }
    const read = await t.call<{ webhook: { duplicate_window_minutes: number | null } }>('getBotWebhook', { token: t.desk.token, params: { id: bot.id } });
    expect(read.body.webhook.duplicate_window_minutes).toBe(30);

    const enter = { action: 'enter', alert_id: 'nifty-long' };
    const exit = { action: 'exit', alert_id: 'nifty-flat' };
    expect((await w.deliver(token!, enter)).status).toBe(200);
    t.at(monday, '10:01');
    expect((await w.deliver(token!, exit)).status).toBe(200);
    // 29 minutes after it was placed: inside the window.
    t.at(monday, '10:29');
    const inside = await w.deliver(token!, enter);
    expect([inside.status, inside.body.code]).toEqual([409, 'alert_duplicate']);
    expect(inside.body.details?.text).toEqual({ code: 'webhook.duplicate_within', params: { alert_id: 'nifty-long', minutes: 30 } });
    // 31 minutes after: the same id is a new alert, the same day.
    t.at(monday, '10:31');
    const after = await w.deliver(token!, enter);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    t.at(monday, '10:32');
    expect((await w.deliver(token!, exit)).status).toBe(200);
    expect((await t.actions('trading', bot.id)).map((action) => [action.action, action.status])).toEqual([
      ['enter', 'completed'],
      ['signal_exit', 'completed'],
      ['re_enter', 'completed'],
      ['signal_exit', 'completed'],
    ]);

    // Cleared: the id counts for the rest of its IST day again, however long ago it was placed.
    expect((await w.enable(bot.id, { duplicate_window_minutes: null })).webhook.duplicate_window_minutes).toBeNull();
    t.at(monday, '11:40');
    const today = await w.deliver(token!, enter);
    expect([today.status, today.body.code]).toEqual([409, 'alert_duplicate']);
    expect(today.body.details?.text).toEqual({ code: 'webhook.duplicate_today', params: { alert_id: 'nifty-long' } });
    expect(await t.orders('trading', bot.id)).toHaveLength(8);
  });
});
