// The engine's share of the market's one-second tick (bots/engine/tick-budget.ts): an action is started only
// when it should end within the share, so a burst of entries never holds the market's next tick up; what
// does not fit waits for the next tick. The stopwatch is the test's own: each broker call takes 250 ms on it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testBackends } from '../support/test-database.ts';
import { monday, openBotDesk, type BotDesk } from './bot-desk.ts';

describe.each(testBackends)("the engine's share of a tick on %s", (backend) => {
  let t: BotDesk;
  let elapsedMs = 0;

  beforeEach(async () => {
    elapsedMs = 0;
    t = await openBotDesk(backend, {
      capital: 5_000_000,
      rateLimits: { perSecond: 1000, perMinute: 10_000, perDay: 100_000 },
      engineHooks: {
        actBudgetMs: 600,
        stopwatch: () => elapsedMs,
        afterBrokerCall: () => {
          elapsedMs += 250;
        },
      },
    });
  });

  afterEach(async () => {
    await t.server.close();
  });

  it('starts no entry that would end past 600 ms, and places it on the next tick', async () => {
    t.straddle(100, 100);
    const bots = [];
    for (let n = 0; n < 3; n += 1) bots.push(await t.createDaily({ entry_time: '09:20' }));
    t.at(monday, '09:20');
    // Two entries end at 250 and 500 ms; a third would end at 750 ms, past the share: it waits.
    const first = await t.tick();
    expect(first).toMatchObject({ acted: 2, deferred: 1, failed: 0 });
    expect(first.ms).toBeLessThanOrEqual(600);
    expect(await t.actions('daily', bots[2]!.id)).toEqual([]);
    t.at(monday, '09:20', 1);
    expect(await t.tick()).toMatchObject({ acted: 1, deferred: 0 });
    expect((await t.actions('daily', bots[2]!.id)).map((action) => [action.action, action.status])).toEqual([['enter', 'completed']]);
  });
});
