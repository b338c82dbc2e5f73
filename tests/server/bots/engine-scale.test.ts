// The engine's tick reads the bots with something to do (those holding legs, and the active ones between
// their entry and exit times), set-based: a thousand bots waiting for their entry time, done for the day or
// paused while flat cost the tick no statement and no row (the benchmark in `npm run bench -- bot-engine`
// times the tick; here what must not grow with the idle bots is counted).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { monday, openBotDesk, type BotDesk } from './bot-desk.ts';
import { countOn } from './database-cost.ts';

describe.each(testBackends)('the engine at scale on %s', (backend) => {
  let t: BotDesk;

  beforeEach(async () => {
    t = await openBotDesk(backend, { capital: 20_000_000 });
  });

  afterEach(async () => {
    await t.server.close();
  });

  it('reads the same statements and rows per tick however many bots are idle', async () => {
    t.condor();
    for (let n = 0; n < 3; n += 1) await t.createDaily({ strategy: 'iron_condor', entry_time: '09:20', stop_loss_pct: 100, target_pct: 1000 });
    const template = await t.createDaily({ entry_time: '11:00' });
    t.at(monday, '09:20');
    expect(await t.tick()).toMatchObject({ acted: 3, failed: 0 });
    const counter = countOn(t.server.db);
    try {
      t.at(monday, '09:25');
      const before = await counter.of(() => t.tick());
      // 1,200 idle bots: waiting for 11:00, done for the day (exit 09:24, flat), and paused while flat in their hours.
      const copies = [['11:00', '15:10', 'active', 600], ['09:15', '09:24', 'active', 300], ['09:20', '15:10', 'paused', 300]] as const;
      for (const [entry, exit, status, count] of copies) {
        await t.server.db.query(
          `INSERT INTO daily_bots (portfolio_id, name, base_strategy_id, underlying, lots, stop_loss_pct, target_pct, status, params, mode, entry_time, exit_time,
             weekdays, created_at, updated_at)
           SELECT portfolio_id, name || ' ' || n, base_strategy_id, underlying, lots, stop_loss_pct, target_pct, $3, params, mode, $4, $5,
             weekdays, created_at, updated_at FROM daily_bots, generate_series(1, $2::int) AS n WHERE id = $1`,
          [template.id, count, status, entry, exit],
        );
      }
      t.at(monday, '09:26');
      const after = await counter.of(() => t.tick());
      expect(after.counts.rows).toBe(before.counts.rows);
      expect(after.counts.statements).toBe(before.counts.statements);
      expect(before.result).toMatchObject({ evaluated: 3, acted: 0, failed: 0 });
      expect(after.result).toMatchObject({ evaluated: 3, acted: 0, failed: 0 });
      // The three bots, their runs, their entries and their twelve legs held, in a handful of statements.
      expect(after.counts.statements).toBeLessThanOrEqual(10);
    } finally {
      counter.restore();
    }
  });
});
