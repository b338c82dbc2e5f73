// A paper account that takes its prices from a Shoonya or Flattrade account's feed (Noren's JSON websocket, against
// the Noren test server's): its orders fill at the broker's ask and bid as the feed tells them, nothing of it
// reaches the broker, and nothing fills while the feed is silent ("prices delayed") or the account logged out.
// The feed's timers are stepped by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { openPriceStream, priceOf, settle } from '../kite-live/price-stream-client.ts';
import { chooseMarket, fillsAtTheFeedsTouch, loggedInPaper, placePaperOrder, textCode, type Paper } from '../support/paper-feed.ts';
import { holdsAfterMarketOnQuietFeed } from '../support/paper-feed-hours.ts';
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
    // The depth's best offer and bid are a tick either side of the last price on the test server. Silent: no frame, no pong.
    await fillsAtTheFeedsTouch(stack, desk.token, paper, symbol, 65, {
      setLast: (price) => stack.noren.control.setLast('43919', price),
      silence: (on) => stack.noren.control.silenceFeed(on),
      goStale: () => scheduler.advance(5000),
      reopen: () => scheduler.advance(1000),
      orderWrites: () => stack.noren.control.orderWrites(),
      name: `${names[flavor]} · ${desk.account.account_number}`,
    }, () => status()?.delayed === true);
    await stream.close();

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

// Out of the exchange's hours a Noren feed goes quiet. Silent before it gave the contract any price, there is nothing to
// check an AMO on: the paper account's order is refused because the market is closed (with the next open), never as
// "prices delayed" (issue 64: the desk's stream already says "Market closed").
describe.each(testBackends.flatMap((backend) => flavors.map((flavor) => [backend, flavor] as const)))("A paper account on a Noren account's feed out of market hours on %s, %s", (backend, flavor) => {
  const scheduler = manualScheduler();
  let stack: NorenStack;
  let desk: NorenDesk;
  let paper: Paper;

  beforeAll(async () => {
    stack = await startNorenStack(backend, flavor, { feed: { scheduler, staleAfterMs: 5000, backoff: { initialMs: 1000, maxMs: 4000 } } });
    // Saturday 17 Jan 2026, 10:00 IST: NSE is shut until Monday's 09:15.
    stack.clock.advance(new Date('2026-01-17T10:00:00+05:30').getTime() - stack.clock.now().getTime());
    desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    await stack.services[flavor].prices.pass(() => undefined);
    paper = await loggedInPaper(stack, desk.token);
    const listed = await stack.call<Schemas['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NIFTY', expiry: '2026-01-27' } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  });
  afterAll(async () => stack.close());

  it('says the market is closed until the next open when the feed gave no price, not that prices are delayed', async () => {
    expect((await chooseMarket(stack, desk.token, paper.id, desk.account.id)).status).toBe(200);
    stack.noren.control.silenceFeed(true);
    scheduler.advance(5000);
    await settle(() => stack.services[flavor].prices.status(desk.account.id)?.delayed === true);
    const refused = await placePaperOrder(stack, desk.token, paper, { tradingsymbol: symbol, transaction_type: 'BUY', quantity: 65 });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(textCode(refused.body)).toBe('refusal.paper_feed_market_closed');
    expect((refused.body as { message: string }).message).toContain(`Market closed: ${names[flavor]} · ${desk.account.account_number}`);
    expect((refused.body as { message: string }).message).toContain('09:15 IST on 2026-01-19');
  });
});

// The feed quiet after the last price it sent on subscribing: an order after the close meets the after-market rules
// as on the simulator (support/paper-feed-hours.ts), held as an AMO on that price from 15:45 and filled at the open.
describe.each(testBackends.flatMap((backend) => flavors.map((flavor) => [backend, flavor] as const)))("A paper account on a quiet Noren feed after the close on %s, %s", (backend, flavor) => {
  const scheduler = manualScheduler();
  let stack: NorenStack;
  let desk: NorenDesk;
  let paper: Paper;
  let small: Paper;

  beforeAll(async () => {
    stack = await startNorenStack(backend, flavor, { feed: { scheduler, staleAfterMs: 5000, backoff: { initialMs: 1000, maxMs: 4000 } } });
    // Friday 16 Jan 2026, 15:35 IST: five minutes after F&O's close.
    stack.clock.advance(new Date('2026-01-16T15:35:00+05:30').getTime() - stack.clock.now().getTime());
    desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    await stack.services[flavor].prices.pass(() => undefined);
    paper = await loggedInPaper(stack, desk.token);
    small = await loggedInPaper(stack, desk.token, 5000);
    const listed = await stack.call<Schemas['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NIFTY', expiry: '2026-01-27' } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    for (const account of [paper, small]) expect((await chooseMarket(stack, desk.token, account.id, desk.account.id)).status).toBe(200);
  });
  afterAll(async () => stack.close());

  it('refuses with the after-market rules just after the close, then holds an AMO on the last price, filled at the open', async () => {
    const prices = stack.services[flavor].prices;
    await settle(() => prices.status(desk.account.id)?.state === 'open');
    await holdsAfterMarketOnQuietFeed(stack, desk.token, paper, small, symbol, {
      setLast: (price) => stack.noren.control.setLast('43919', price),
      silence: (on) => stack.noren.control.silenceFeed(on),
      goStale: () => scheduler.advance(5000),
      heldLast: () => prices.quotesOf(desk.account.id, [contract])[contract]?.last_price,
      delayed: () => prices.status(desk.account.id)?.delayed === true,
      logInAgain: async () => {
        expect((await desk.logIn()).status).toBe(200);
        await prices.pass(() => undefined);
      },
      orderWrites: () => stack.noren.control.orderWrites(),
    });
  });
});
