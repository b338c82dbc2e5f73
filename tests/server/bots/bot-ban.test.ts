// A bot's entry in a stock in the F&O ban (issue 63): the entry guard every broker runs refuses it before any order,
// and the bot says so: its run of the day ends with the ban's reason, and the trader's feed gets an "entry refused"
// alert carrying it. The bot desk trades NIFTY, so the
// day's list names the bot's own underlying, NIFTY, straight in the table: the guard reads the underlying from the
// contract's tradingsymbol the same way for a stock (tests/server/trading/fo-ban.test.ts holds it to RELIANCE's).
import { describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { monday, botDeskPerFile, type BotDesk } from './bot-desk.ts';

describe.each(testBackends)('a bot in a banned underlying on %s', (backend) => {
  let t: BotDesk;
  botDeskPerFile(backend, { capital: 5_000_000 }, (desk) => (t = desk));

  it('blocks the entry, places no order, and tells the trader why on the run and in an alert', async () => {
    const bot = await t.createDaily({ name: 'Straddle B', entry_time: '09:20', exit_time: '10:00' });
    t.straddle(100.25, 100.25);
    await t.server.db.query(`INSERT INTO fo_ban_days (trade_date, source) VALUES ($1::date, 'test') ON CONFLICT DO NOTHING`, [monday]);
    await t.server.db.query(`INSERT INTO fo_ban_securities (trade_date, symbol) VALUES ($1::date, 'NIFTY')`, [monday]);
    try {
      t.at(monday, '09:20');
      await t.tick();
      expect(await t.orders('daily', bot.id)).toEqual([]);
      const { rows } = await t.server.db.query<{ state: string; reason: string | null }>(
        `SELECT state, reason FROM bot_runs WHERE bot_kind = 'daily' AND bot_id = $1 AND trading_day = $2::date`,
        [bot.id, monday],
      );
      expect(rows[0]?.state).toBe('exited');
      expect(rows[0]?.reason).toContain('NIFTY is in the F&O ban on 2026-11-23');
      const { rows: alerts } = await t.server.db.query<{ event: string; title: string; body: string }>(
        `SELECT event, title, body FROM alerts WHERE bot_kind = 'daily' AND bot_id = $1 ORDER BY id`,
        [bot.id],
      );
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ event: 'bot_rejected', title: 'Straddle B: entry refused' });
      expect(alerts[0]!.body).toContain('only orders that reduce your position in its contracts');
    } finally {
      await t.server.db.query(`DELETE FROM fo_ban_securities WHERE trade_date = $1::date`, [monday]);
    }
  });
});
