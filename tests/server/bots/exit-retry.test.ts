// A bot exit that fails and is tried again must place new orders under a new tag: the retry that found the
// first attempt's cancelled orders under the same tag would take them for its own, send nothing and leave
// the short open (issue 26).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../../server/services/bots/engine/rules.ts';
import { testBackends } from '../support/test-database.ts';
import { monday, openBotDesk, type BotDesk } from './bot-desk.ts';

describe.each(testBackends)('a retried bot exit on %s', (backend) => {
  let t: BotDesk;

  beforeEach(async () => {
    t = await openBotDesk(backend);
  });

  afterEach(async () => {
    await t.server.close();
  });

  it('closes the short on the retry after the first exit was cancelled by market protection', async () => {
    const bot = await t.createDaily();
    t.straddle(100, 100);
    t.at(monday, '09:20');
    expect((await t.tick()).acted).toBe(1);
    const shortCall = t.symbol(0, 'CE');

    // At the exit time nobody offers the call within the market-protection band: its buy-back is cancelled.
    t.market.set(shortCall, { bid: 99.75, ask: 200, last: 100, close: 100 });
    t.at(monday, '15:10');
    await t.tick();
    const firstKey = `BD${bot.id}-261123-X1`;
    expect((await t.orders('daily', bot.id)).filter((order) => order.tag === firstKey && order.tradingsymbol === shortCall).map((order) => order.status)).toEqual([
      'CANCELLED',
    ]);
    expect((await t.actions('daily', bot.id)).find((action) => action.action === 'exit')?.status).toBe('failed');

    // The offer is back; a minute later the exit is tried again, as a new attempt with its own tag.
    t.straddle(100, 100);
    t.at(monday, '15:10', retryAfterMs / 1000);
    await t.tick();
    const retryKey = `${firstKey}.2`;
    const retried = (await t.orders('daily', bot.id)).filter((order) => order.tag === retryKey);
    expect(retried.map((order) => [order.tradingsymbol, order.transaction_type, order.status])).toContainEqual([shortCall, 'BUY', 'COMPLETE']);
    const exit = (await t.actions('daily', bot.id)).find((action) => action.action === 'exit');
    expect(exit).toMatchObject({ status: 'completed', idempotency_key: retryKey });

    // Nothing of the straddle is left open.
    const open = (await t.desk.positionBook()).net.filter((position) => position.quantity !== 0);
    expect(open).toEqual([]);
  });
});
