// A paper account that takes its prices from a Shoonya or Flattrade account's feed (Noren's JSON websocket, against
// the Noren test server's): its orders fill at the broker's ask and bid as the feed tells them, nothing of it
// reaches the broker, and nothing fills while the feed is silent ("prices delayed") or the account logged out.
// The feed's timers are stepped by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { openPriceStream, priceOf, settle } from '../kite-live/price-stream-client.ts';
import { chooseMarket, loggedInPaper, paperOrderOf, placePaperOrder, textCode, type Paper } from '../support/paper-feed.ts';
import { testBackends } from '../support/test-database.ts';
import { flavors, openNorenDesk, startNorenStack, type NorenDesk, type NorenStack } from './noren-desk.ts';

type Schemas = components['schemas'];

const symbol = 'NIFTY26JAN26000CE';
const contract = `NFO:${symbol}`;
const names = { shoonya: 'Shoonya (Finvasia)', flattrade: 'Flattrade' } as const;

describe.each(testBackends.flatMap((backend) => flavors.map((flavor) => [backend, flavor] as const)))("A paper account on a Noren account's feed on %s, %s", (backend, flavor) => {
  const scheduler = manualScheduler();
  const warn = () => undefined;
  let stack: NorenStack;
  let desk: NorenDesk;
  let paper: Paper;

  beforeAll(async () => {
    stack = await startNorenStack(backend, flavor, { feed: { scheduler, staleAfterMs: 5000, backoff: { initialMs: 1000, maxMs: 4000 } } });
    desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    await stack.services[flavor].prices.pass(warn);
    paper = await loggedInPaper(stack, desk.token);
    // The chain lists the week's contracts, as a trader opens it before placing.
    const listed = await stack.call<Schemas['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NIFTY', expiry: '2026-01-27' } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  });
  afterAll(async () => stack.close());

  const status = () => stack.services[flavor].prices.status(desk.account.id);
  const quoteOf = () => stack.services[flavor].prices.quotesOf(desk.account.id, [contract])[contract];
  const placePaper = (side: 'BUY' | 'SELL', extra: Record<string, unknown> = {}) => placePaperOrder(stack, desk.token, paper, { tradingsymbol: symbol, transaction_type: side, quantity: 65, ...extra });
  const paperOrder = (orderId: string) => paperOrderOf(stack, desk.token, paper, orderId);

  it("fills at the broker's ask and bid, and at nothing while the feed is silent or the account logged out", async () => {
    const chosen = await chooseMarket(stack, desk.token, paper.id, desk.account.id);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.broker_accounts.market_account_id).toBe(desk.account.id);
    await settle(() => status()?.state === 'open');
    // The paper account's stream carries the broker's prices, as its option chain and positions read them: once
    // the socket follows the contract in depth, the broker's move reaches it.
    const stream = await openPriceStream(stack.server, desk.token, { instruments: [contract], account_id: paper.id });
    expect((await stream.next()).event).toBe('snapshot');
    await settle(() => stack.noren.control.socketMessages().some((m) => (m as { t?: string; k?: string }).t === 'd' && String((m as { k?: string }).k).split('#').includes('NFO|43919')));
    stack.noren.control.setLast('43919', 160);
    await stream.until(priceOf(contract, 160));
    expect(quoteOf()).toMatchObject({ last_price: 160, bid: 159.95, ask: 160.05 });
    // Bought at the feed's ask (the depth's best offer, a tick above the last price on the test server).
    const bought = await placePaper('BUY');
    await stream.close();
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.orders[0]).toMatchObject({ status: 'COMPLETE', average_price: 160.05 });
    // Nothing went to the broker: the paper account only reads its prices.
    expect(stack.noren.control.orderWrites()).toHaveLength(0);
    const target = await placePaper('SELL', { order_type: 'LIMIT', price: 165 });
    expect(target.body.orders[0]).toMatchObject({ status: 'OPEN' });

    // Silent past the threshold (no frame, no pong): the broker's price crosses the limit unheard; nothing fills,
    // new orders are refused.
    stack.noren.control.silenceFeed(true);
    scheduler.advance(5000);
    await settle(() => status()?.delayed === true);
    stack.noren.control.setLast('43919', 170);
    stack.server.clock.advance(1000);
    await stack.services.paperTrading.onTick(stack.server.clock.now());
    expect((await paperOrder(target.body.orders[0]!.order_id))?.status).toBe('OPEN');
    const refused = await placePaper('BUY');
    expect(refused.status).toBe(422);
    expect(textCode(refused.body)).toBe('refusal.paper_feed_delayed');
    expect((refused.body as { message: string }).message).toContain(`${names[flavor]} · ${desk.account.account_number}`);

    // Reopened, the depth's first frame brings the price it missed: the working order fills at the bid, its limit or better.
    stack.noren.control.silenceFeed(false);
    scheduler.advance(1000);
    await settle(async () => {
      stack.server.clock.advance(1000);
      await stack.services.paperTrading.onTick(stack.server.clock.now());
      return (await paperOrder(target.body.orders[0]!.order_id))?.status === 'COMPLETE';
    });
    expect((await paperOrder(target.body.orders[0]!.order_id))?.average_price).toBe(169.95);
    expect(stack.noren.control.orderWrites()).toHaveLength(0);

    // The broker ends the session: the feed's next connect is refused, the account logged out, the paper account's orders refused.
    stack.noren.control.endSessions(desk.userId);
    stack.noren.control.silenceFeed(true);
    scheduler.advance(5000);
    await settle(() => status()?.state !== 'open');
    stack.noren.control.silenceFeed(false);
    scheduler.advance(4000);
    await settle(async () => {
      const { rows } = await stack.server.db.query<{ open: boolean }>('SELECT session_access_token_encrypted IS NOT NULL AS open FROM broker_accounts WHERE id = $1', [desk.account.id]);
      return rows[0]?.open === false;
    });
    const loggedOut = await placePaper('BUY');
    expect(loggedOut.status).toBe(422);
    expect(textCode(loggedOut.body)).toBe('refusal.paper_feed_logged_out');
  });
});
