// What bots hold (bot_holdings, kept as each fill of a bot's order is written, migration 040) is what their
// fills net to (the bot_trades view the engine read before): after an entry, a leg stop that left a wing
// unsold, and the exit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { monday, openBotDesk, type BotDesk } from './bot-desk.ts';

describe.each(testBackends)('bot holdings on %s', (backend) => {
  let t: BotDesk;

  beforeEach(async () => {
    t = await openBotDesk(backend);
  });

  afterEach(async () => {
    await t.server.close();
  });

  const kept = async () =>
    (
      await t.server.db.query<{ bot_id: number; tradingsymbol: string; quantity: string }>(
        'SELECT bot_id, tradingsymbol, quantity FROM bot_holdings WHERE quantity <> 0 ORDER BY bot_id, tradingsymbol',
      )
    ).rows.map((row) => [Number(row.bot_id), row.tradingsymbol, Number(row.quantity)]);
  const netted = async () =>
    (
      await t.server.db.query<{ bot_id: number; tradingsymbol: string; quantity: string }>(
        `SELECT bot_id, tradingsymbol, sum(CASE WHEN transaction_type = 'BUY' THEN quantity ELSE -quantity END) AS quantity FROM bot_trades
         GROUP BY bot_kind, bot_id, exchange, tradingsymbol, product HAVING sum(CASE WHEN transaction_type = 'BUY' THEN quantity ELSE -quantity END) <> 0
         ORDER BY bot_id, tradingsymbol`,
      )
    ).rows.map((row) => [Number(row.bot_id), row.tradingsymbol, Number(row.quantity)]);

  it('are the fills netted, after an entry, a leg stop that kept its wing, and the exit', async () => {
    const bot = await t.createDaily({ strategy: 'iron_condor', stop_loss_pct: 100, target_pct: 90, params: { leg_stop_loss_pct: 50 } });
    t.condor();
    t.at(monday, '09:20');
    expect((await t.tick()).acted).toBe(1);
    expect(await kept()).toHaveLength(4);
    expect(await kept()).toEqual(await netted());
    // The call side's short stops out; its wing has no bid, so it stays held.
    t.price(4, 'CE', 90);
    t.market.set(t.symbol(8, 'CE'), { bid: 0, ask: 0.1, last: 0.05 });
    t.at(monday, '10:00');
    expect((await t.tick()).acted).toBe(1);
    expect((await kept()).map(([, symbol]) => symbol)).not.toContain(t.symbol(4, 'CE'));
    expect(await kept()).toHaveLength(3);
    expect(await kept()).toEqual(await netted());
    t.market.set(t.symbol(8, 'CE'), { bid: 0.05, ask: 0.1, last: 0.05 });
    t.at(monday, '15:10');
    expect((await t.tick()).acted).toBe(1);
    expect(await kept()).toEqual([]);
    expect(await netted()).toEqual([]);
    expect((await t.run('daily', bot.id))?.state).toBe('exited');
  });
});
