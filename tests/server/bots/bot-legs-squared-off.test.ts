// A bot's legs closed by the trader's own square-off (the position book, or a portfolio's protection, which
// squares off through the same call) are no longer the bot's: the exit goes out under the bot's name, so the
// bot's own exit later closes only what it still holds, and never sells again a leg that is already flat.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenLeg } from '../../../server/services/brokers/paper/books.ts';
import { botShares } from '../../../server/services/brokers/paper/order-plans.ts';
import { testBackends } from '../support/test-database.ts';
import { monday, openBotDesk, type BotDesk } from './bot-desk.ts';

describe.each(testBackends)("a bot's legs squared off by the trader on %s", (backend) => {
  let t: BotDesk;

  beforeEach(async () => {
    t = await openBotDesk(backend);
  });

  afterEach(async () => {
    await t.server.close();
  });

  /** The account's net quantity of a contract, as the position book shows it. */
  const netQuantity = async (tradingsymbol: string) => (await t.desk.positionBook()).net.find((position) => position.tradingsymbol === tradingsymbol)?.quantity ?? 0;

  it("closes the leg under the bot's name, and the bot's exit then buys back only the leg it still holds", async () => {
    const bot = await t.createDaily();
    t.straddle(100, 95);
    t.at(monday, '09:20');
    expect((await t.tick()).acted).toBe(1);
    const call = t.symbol(0, 'CE');
    const put = t.symbol(0, 'PE');
    const lot = t.desk.lotSize;
    expect([await netQuantity(call), await netQuantity(put)]).toEqual([-lot, -lot]);

    t.at(monday, '11:00');
    const squareoff = await t.desk.trade('squareoffTrades', { portfolio_id: t.portfolio.id, positions: [{ exchange: 'NFO', tradingsymbol: call, product: 'NRML' }] });
    expect(squareoff.status, JSON.stringify(squareoff.body)).toBe(200);
    expect(await netQuantity(call)).toBe(0);
    // The trader's exit is the bot's share, said so on the order.
    const closed = (await t.orders('daily', bot.id)).filter((order) => order.purpose === 'squareoff');
    expect(closed.map((order) => [order.tradingsymbol, order.transaction_type, order.quantity, order.status])).toEqual([[call, 'BUY', lot, 'COMPLETE']]);

    t.at(monday, '15:10');
    expect((await t.tick()).acted).toBe(1);
    const exits = (await t.orders('daily', bot.id)).filter((order) => order.purpose === 'squareoff').slice(1);
    expect(exits.map((order) => [order.tradingsymbol, order.transaction_type, order.quantity])).toEqual([[put, 'BUY', lot]]);
    expect([await netQuantity(call), await netQuantity(put)]).toEqual([0, 0]);
  });
});

describe('botShares', () => {
  const contract = { instrumentToken: 1 } as OpenLeg['contract'];
  const leg = (quantity: number, bot: OpenLeg['bot'] = null): OpenLeg => ({ contract, portfolioId: 7, product: 'NRML', quantity, bot });
  const botLeg = (quantity: number) => leg(quantity, { kind: 'daily', id: 3 });

  it("splits a position into its bots' shares where they lean its way, and keeps one net leg where they disagree", () => {
    expect(botShares([leg(-100)], [botLeg(-50), leg(-50)])).toEqual([botLeg(-50), leg(-50)]);
    // A bot short 50 where the trader is long 100: closing 50 must sell, never buy the bot's short back first.
    expect(botShares([leg(50)], [botLeg(-50), leg(100)])).toEqual([leg(50)]);
  });
});
