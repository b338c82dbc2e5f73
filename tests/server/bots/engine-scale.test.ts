// The engine's tick is set-based: 1,000 bots are evaluated with the same handful of queries as one (the
// benchmark in `npm run bench` times it; here the query count is what must not grow with the bots).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { monday, openBotDesk, type BotDesk } from './bot-desk.ts';

describe.each(testBackends)('the engine at scale on %s', (backend) => {
  let t: BotDesk;

  beforeEach(async () => {
    t = await openBotDesk(backend);
  });

  afterEach(async () => {
    await t.server.close();
  });

  it('evaluates 1,000 active bots in a few set-based queries', async () => {
    const template = await t.createDaily({ entry_time: '11:00' });
    await t.server.db.query(
      `INSERT INTO daily_bots (portfolio_id, name, base_strategy_id, underlying, lots, stop_loss_pct, target_pct, status, params, mode, entry_time, exit_time,
         weekdays, created_at, updated_at)
       SELECT portfolio_id, name || ' ' || n, base_strategy_id, underlying, lots, stop_loss_pct, target_pct, status, params, mode, entry_time, exit_time,
         weekdays, created_at, updated_at FROM daily_bots, generate_series(1, 999) AS n WHERE id = $1`,
      [template.id],
    );
    t.at(monday, '10:00');
    const db = t.server.db;
    const query = db.query.bind(db);
    let queries = 0;
    db.query = ((...args: Parameters<typeof db.query>) => {
      queries += 1;
      return query(...args);
    }) as typeof db.query;
    try {
      const counts = await t.tick();
      expect(counts).toMatchObject({ evaluated: 1000, acted: 0 });
      expect(queries).toBeLessThanOrEqual(8);
    } finally {
      db.query = query;
    }
  });
});
