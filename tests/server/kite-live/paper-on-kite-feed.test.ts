// A paper account trading on a logged-in Kite account's feed (issue 38): the trader picks one of their own
// live accounts as the paper account's market; paper orders then fill at Kite's bid and ask (the Kite test
// server's ticker) under the paper broker's rules, its price stream carries Kite's prices, and when the feed
// stops (silent past "prices delayed", or the Kite account logged out) new orders are refused with the reason
// and working orders wait, filling again once fresh ticks come. The ticker's timers are stepped by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { signedInAccount } from '../support/accounts.ts';
import { testBackends } from '../support/test-database.ts';
import { chooseMarket as choose, loggedInPaper, type Paper } from '../support/paper-feed.ts';
import { createBrokerAccount } from '../support/trading.ts';
import { startTickerDesk, type KiteDesk, type KiteStack } from './kite-desk.ts';
import { openPriceStream, priceOf, settle } from './price-stream-client.ts';

type Schemas = components['schemas'];

describe.each(testBackends)("A paper account on a Kite account's feed on %s", (backend) => {
  const scheduler = manualScheduler();
  const warn = () => undefined;
  let stack: KiteStack;
  let desk: KiteDesk;
  let paper: Paper;
  let symbol: string;
  /** The contract as quotes are keyed: NFO:<symbol>. */
  let contract: string;

  beforeAll(async () => {
    ({ stack, desk } = await startTickerDesk(backend, scheduler, warn));
    paper = await loggedInPaper(stack, desk.token);
    symbol = desk.symbol(desk.atm, 'CE');
    contract = `NFO:${symbol}`;
  });

  afterAll(async () => {
    await stack.close();
  });

  const chooseMarket = (accountId: number, marketAccountId: number | null) => choose(stack, desk.token, accountId, marketAccountId);
  const placePaper = (side: 'BUY' | 'SELL', extra: Record<string, unknown> = {}) =>
    desk.trade('placeTrades', { account_number: paper.account_number, orders: [desk.order(symbol, side, desk.lotSize, extra)] });
  const paperOrders = async () => {
    const res = await stack.call<Schemas['OrderBookResponse']>('getOrderBook', { token: desk.token, params: { accountNumber: paper.account_number } });
    expect(res.status).toBe(200);
    return res.body.order_book;
  };
  const status = () => stack.services.kite.prices.status(desk.account.id);
  const textCode = (body: unknown) => (body as { details?: { text?: { code?: string } } }).details?.text?.code;

  it("takes only the trader's own live account as a paper account's market", async () => {
    const other = await signedInAccount(stack.call);
    const { account: theirs } = await createBrokerAccount(stack.call, other.token, { broker: 'kite', name: 'Theirs' });
    const refused = await chooseMarket(paper.id, theirs.id);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'market_choice_refused', field: 'market_account_id' });
    // Another paper account is no feed; a live account trades on its own broker's prices.
    const { account: secondPaper } = await createBrokerAccount(stack.call, desk.token, { broker: 'paper' });
    expect((await chooseMarket(paper.id, secondPaper.id)).status).toBe(422);
    expect((await chooseMarket(desk.account.id, null)).body).toMatchObject({ code: 'market_choice_refused' });

    const chosen = await chooseMarket(paper.id, desk.account.id);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.broker_accounts.market_account_id).toBe(desk.account.id);
    const listed = await stack.call<{ broker_accounts: Paper[] }>('getBrokerAccounts', { token: desk.token });
    expect(listed.body.broker_accounts.find((account) => account.id === paper.id)?.market_account_id).toBe(desk.account.id);
    expect(listed.body.broker_accounts.find((account) => account.id === desk.account.id)?.market_account_id).toBeNull();
  });

  it("fills at Kite's ask and bid, shows Kite's prices, and fills nothing while the feed is silent", async () => {
    await settle(() => status()?.state === 'open');
    // The paper account's stream carries Kite's prices, as its option chain and positions read them: once the
    // ticker follows the contract, Kite's move reaches it.
    const stream = await openPriceStream(stack.server, desk.token, { instruments: [contract], account_id: paper.id });
    expect((await stream.next()).event).toBe('snapshot');
    const { rows } = await stack.server.db.query<{ token: string }>('SELECT instrument_token AS token FROM kite_instruments WHERE tradingsymbol = $1', [symbol]);
    await settle(() => stack.kite.control.tickerMessages().some((message) => JSON.stringify(message).includes(String(rows[0]!.token))));
    stack.kite.control.setPrice(contract, 150);
    await stream.until(priceOf(contract, 150));

    // Bought from the chain the trader watches: closed first, its watch could let the ticker drop the contract
    // before the order's read made the paper account follow it, and the order is then rightly refused (no fresh
    // price), which the test's silent ticker would never cure.
    const bought = await placePaper('BUY');
    await stream.close();
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.orders[0]).toMatchObject({ status: 'COMPLETE', average_price: 150.05 });
    // Nothing went to Kite: the paper account only reads its prices.
    expect(stack.kite.control.placeCalls()).toHaveLength(0);
    const target = await placePaper('SELL', { order_type: 'LIMIT', price: 155 });
    expect(target.body.orders[0]).toMatchObject({ status: 'OPEN' });

    // Silent past the threshold: prices delayed. Kite's price crosses the limit unheard; nothing fills.
    stack.kite.control.silenceTicker(true);
    scheduler.advance(5000);
    await settle(() => status()?.delayed === true);
    stack.kite.control.setPrice(contract, 160);
    stack.server.clock.advance(1000);
    await stack.services.paperTrading.onTick(stack.server.clock.now());
    expect((await paperOrders()).find((order) => order.order_id === target.body.orders[0]!.order_id)?.status).toBe('OPEN');
    const refused = await placePaper('BUY');
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'paper_feed_stopped' });
    expect(textCode(refused.body)).toBe('refusal.paper_feed_delayed');
    expect((refused.body as { message: string }).message).toContain(`· ${desk.accountNumber}`);

    // Fresh ticks again: the working order fills at Kite's bid, its limit or better.
    stack.kite.control.silenceTicker(false);
    scheduler.advance(1000);
    await settle(async () => {
      stack.server.clock.advance(1000);
      await stack.services.paperTrading.onTick(stack.server.clock.now());
      return (await paperOrders()).find((order) => order.order_id === target.body.orders[0]!.order_id)?.status === 'COMPLETE';
    });
    const sold = (await paperOrders()).find((order) => order.order_id === target.body.orders[0]!.order_id);
    expect(sold?.average_price).toBe(159.95);
  });

  it('refuses paper orders once the Kite account logs out, and trades on the simulator again when switched back', async () => {
    // A position held when it happens.
    expect((await placePaper('BUY')).body.orders[0]).toMatchObject({ status: 'COMPLETE', average_price: 160.05 });
    const out = await stack.call('logoutBrokerAccount', { token: desk.token, params: { accountId: desk.account.id } });
    expect(out.status).toBe(200);
    const refused = await placePaper('BUY');
    expect(refused.status).toBe(422);
    expect(textCode(refused.body)).toBe('refusal.paper_feed_logged_out');
    // Its books still read meanwhile: margins are priced on the feed's last level of the index.
    const book = await stack.call<Schemas['PositionBookResponse']>('getPositionBook', { token: desk.token, params: { accountNumber: paper.account_number } });
    expect(book.status, JSON.stringify(book.body)).toBe(200);
    expect(book.body.position_book.net.length).toBeGreaterThan(0);

    expect((await chooseMarket(paper.id, null)).body.broker_accounts.market_account_id).toBeNull();
    stack.market.set(symbol, { bid: 120, ask: 120.5 });
    const simulated = await placePaper('BUY');
    expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
    expect(simulated.body.orders[0]).toMatchObject({ status: 'COMPLETE', average_price: 120.5 });
  });
});
