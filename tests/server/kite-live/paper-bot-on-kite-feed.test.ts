// A bot on a paper account that trades on a Kite account's feed (issue 38) decides on the feed's prices, as
// its orders fill on them (account-prices.ts): it picks its strikes around Kite's level of the index, not
// the simulator's (set 1,000 points apart here), and its stop-loss reads Kite's premiums. While the feed is
// delayed its entry is not placed and its run says why in the ticket's words; it enters once ticks return.
// The ticker's timers are stepped by hand; the clock is the stack's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { istOffsetMs } from '../../../server/services/market/ist.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { chooseMarket, loggedInPaper, type Paper } from '../support/paper-feed.ts';
import { settle } from '../support/settle.ts';
import { testBackends } from '../support/test-database.ts';
import { baseStrategies, createPortfolio, dailyBotBody } from '../support/trading.ts';
import { friday, startTickerDesk, type KiteDesk, type KiteStack } from './kite-desk.ts';

type Schemas = components['schemas'];

const day = friday.toISOString().slice(0, 10);
const istInstant = (time: string) => new Date(Date.parse(`${day}T${time}:00Z`) - istOffsetMs);

describe.each(testBackends)("A paper bot on a Kite account's feed on %s", (backend) => {
  const scheduler = manualScheduler();
  let stack: KiteStack;
  let desk: KiteDesk;
  let paper: Paper;
  let portfolio: number;

  beforeAll(async () => {
    ({ stack, desk } = await startTickerDesk(backend, scheduler, () => undefined, { clockStart: istInstant('10:00') }));
    paper = await loggedInPaper(stack, desk.token);
    expect((await chooseMarket(stack, desk.token, paper.id, desk.account.id)).status).toBe(200);
    portfolio = (await createPortfolio(stack.call, desk.token, paper.id)).id;
    // Kite has NIFTY at the desk's middle strike; the simulator 1,000 points below it.
    stack.market.spot(desk.atm - 1000);
    stack.kite.control.setPrice(`NFO:${desk.symbol(desk.atm, 'CE')}`, 120);
    stack.kite.control.setPrice(`NFO:${desk.symbol(desk.atm, 'PE')}`, 110);
    await settle(() => stack.services.kite.prices.status(desk.account.id)?.state === 'open');
  });

  afterAll(async () => {
    await stack.close();
  });

  const at = (time: string) => stack.server.clock.advance(istInstant(time).getTime() - stack.server.clock.now().getTime());
  const tick = () => stack.services.botEngine.tick(stack.server.clock.now());
  const straddleBot = async (entryTime: string, exitTime: string) => {
    const strategy = (await baseStrategies(stack.call, desk.token)).get('short_straddle')!.id;
    const created = await stack.call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', {
      token: desk.token,
      params: { portfolioId: portfolio },
      body: dailyBotBody(portfolio, strategy, { lots: 1, weekdays: [5], entry_time: entryTime, exit_time: exitTime, params: {} }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.daily_bot;
  };
  const paperOrders = async () => {
    const res = await stack.call<Schemas['OrderBookResponse']>('getOrderBook', { token: desk.token, params: { accountNumber: paper.account_number } });
    expect(res.status).toBe(200);
    return res.body.order_book.map((order) => ({ tradingsymbol: order.tradingsymbol, side: order.transaction_type, status: order.status, price: order.average_price }));
  };
  const runOf = async (botId: number) =>
    (await stack.server.db.query<{ state: string; reason: string | null; code: string | null }>("SELECT state, reason, reason_i18n->>'code' AS code FROM bot_runs WHERE bot_kind = 'daily' AND bot_id = $1", [botId])).rows[0];

  it("enters around Kite's level of the index at Kite's bid, and stops out on Kite's premiums", async () => {
    const bot = await straddleBot('10:05', '11:00');
    at('10:05');
    // The feed follows the index and the legs on the bot's first look; it enters once they have ticked.
    await settle(async () => {
      await tick();
      return (await paperOrders()).length === 2;
    });
    const [call, put] = [desk.symbol(desk.atm, 'CE'), desk.symbol(desk.atm, 'PE')];
    expect(await paperOrders()).toEqual(
      expect.arrayContaining([
        { tradingsymbol: call, side: 'SELL', status: 'COMPLETE', price: 119.95 },
        { tradingsymbol: put, side: 'SELL', status: 'COMPLETE', price: 109.95 },
      ]),
    );
    expect(await runOf(bot.id)).toMatchObject({ state: 'in_position' });
    // Nothing went to Kite: a paper bot only reads its prices.
    expect(stack.kite.control.placeCalls()).toHaveLength(0);

    // Kite's call jumps (the simulator has no price of it at all): the 25% stop-loss fires on Kite's premium.
    stack.kite.control.setPrice(`NFO:${call}`, 200);
    stack.server.clock.advance(1000);
    await settle(async () => {
      await tick();
      return (await paperOrders()).length === 4;
    });
    expect(await runOf(bot.id)).toMatchObject({ state: 'exited' });
    expect((await paperOrders()).filter((order) => order.side === 'BUY').map((order) => [order.tradingsymbol, order.price])).toEqual(
      expect.arrayContaining([
        [call, 200.05],
        [put, 110.05],
      ]),
    );
  });

  it('places no entry while the feed is delayed, says why in the ticket\'s words, and enters once ticks return', async () => {
    const bot = await straddleBot('11:05', '11:30');
    stack.kite.control.silenceTicker(true);
    scheduler.advance(5000);
    await settle(() => stack.services.kite.prices.status(desk.account.id)?.delayed === true);
    at('11:05');
    await tick();
    stack.server.clock.advance(1000);
    await tick();
    expect(await paperOrders()).toHaveLength(4);
    const waiting = await runOf(bot.id);
    expect(waiting).toMatchObject({ state: 'waiting', code: 'refusal.paper_feed_delayed' });
    expect(waiting?.reason).toMatch(new RegExp(`^Paper orders are paused: prices from .+ · ${desk.accountNumber} are delayed\\.`));
    expect((await stack.server.db.query("SELECT 1 FROM bot_actions WHERE bot_kind = 'daily' AND bot_id = $1", [bot.id])).rows).toHaveLength(0);

    stack.kite.control.silenceTicker(false);
    // The ticker reconnects on its backoff's timer and hears fresh ticks.
    await settle(() => {
      scheduler.advance(1000);
      return stack.services.kite.prices.status(desk.account.id)?.delayed === false;
    });
    stack.server.clock.advance(1000);
    await settle(async () => {
      await tick();
      return (await paperOrders()).length === 6;
    });
    expect(await runOf(bot.id)).toMatchObject({ state: 'in_position', reason: null });
  });
});
