// A bot's condition reads the day's candles from its exchange's session open of that day (trading-calendar.ts
// dayHours: market_sessions, a special session's own), never from a literal 09:15. On a day whose session this test
// dates to open at 09:00 (its own market_sessions row), a straddle fixed at 09:05 is watched and entered on.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { istInstant, monday, openBotDesk, type BotDesk } from './bot-desk.ts';

const minute = 60_000;
const closeOf = (time: string) => new Date(istInstant(monday, time).getTime() + minute - 1);

describe.each(testBackends)('a condition on a session that opens at 09:00, on %s', (backend) => {
  let t: BotDesk;

  beforeEach(async () => {
    t = await openBotDesk(backend, { capital: 2_000_000 });
    await t.server.db.query(
      `INSERT INTO market_sessions (exchange, effective_from, open_time, close_time, close_price_from, close_price_to, pre_open_from, pre_open_to,
                                    modification_until, mis_square_off, source, mis_source)
       VALUES ('NSE', $1::date, '09:00', '15:40', '15:10', '15:40', NULL, NULL, '16:15', '15:25', 'This test''s own session, opening at 09:00', 'Zerodha')`,
      [monday],
    );
    await t.server.db.query(`INSERT INTO market_candles (index_name, minute, open, high, low, close, ticks, volume) VALUES ('NIFTY', $1, $2, $2, $2, $2, 1, 0)`, [
      istInstant(monday, '09:05'),
      t.desk.atm,
    ]);
  });

  afterEach(async () => {
    await t.server.close();
  });

  it('fixes the straddle at 09:05 from the session open and enters on its fall', async () => {
    const bot = await t.createDaily({ params: { entry_condition: 'premium_falls', premium_move: 20, premium_move_unit: 'percent', condition_strikes_at: '09:05' } });
    const quote = (time: string, call: number, put: number) => {
      t.market.setAt(t.symbol(0, 'CE'), closeOf(time), { bid: call - 0.25, ask: call + 0.25, last: call });
      t.market.setAt(t.symbol(0, 'PE'), closeOf(time), { bid: put - 0.25, ask: put + 0.25, last: put });
    };
    // 200 at 09:05 (the reference); 180 at 09:20, 159 at 09:21: beyond 160 on the 09:21 minute.
    quote('09:05', 100, 100);
    quote('09:20', 90, 90);
    quote('09:21', 80, 79);
    t.straddle(80, 79);
    t.at(monday, '09:22', 1);
    expect((await t.tick()).acted).toBe(1);
    expect((await t.actions('daily', bot.id)).map((action) => [action.action, action.status])).toEqual([['enter', 'completed']]);
  }, 120_000);
});
