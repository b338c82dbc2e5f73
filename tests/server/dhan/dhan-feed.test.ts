// A logged-in Dhan account's prices from Dhan's live market feed v2 (binary, little-endian), against the Dhan
// test server's feed: the account's price stream carries Dhan's last price, best bid and ask, volume, OI and
// the change on the previous close for an option (full mode) and NIFTY's level (ticker mode); a silent feed is
// "prices delayed" and comes back through the reconnect's backoff; a paper account on the Dhan account's feed
// fills at the feed's ask and bid, and at nothing while the feed is silent or logged out; Dhan's disconnection
// packet for an expired token logs the account out. The feed's timers are stepped by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { liveStreamSource, openPriceStream, priceOf, settle } from '../kite-live/price-stream-client.ts';
import { chooseMarket, fillsAtTheFeedsTouch, loggedInPaper, placePaperOrder, textCode, type Paper } from '../support/paper-feed.ts';
import { holdsAfterMarketOnQuietFeed } from '../support/paper-feed-hours.ts';
import { testBackends } from '../support/test-database.ts';
import { openDhanDesk, startDhanStack, type DhanDesk, type DhanStack } from './dhan-desk.ts';

type Schemas = components['schemas'];

const symbol = 'NIFTY26JAN26000CE';
const contract = `NFO:${symbol}`;
const index = 'NSE:NIFTY 50';
const securityId = '43919';

describe.each(testBackends)("A Dhan account's market feed on %s", (backend) => {
  const scheduler = manualScheduler();
  const warn = () => undefined;
  let stack: DhanStack;
  let desk: DhanDesk;
  let paper: Paper;

  beforeAll(async () => {
    stack = await startDhanStack(backend, { feed: { scheduler, staleAfterMs: 15_000, backoff: { initialMs: 1000, maxMs: 4000 } } });
    desk = await openDhanDesk(stack);
    const login = await desk.logIn();
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    await stack.services.dhan.prices.pass(warn);
    paper = await loggedInPaper(stack, desk.token);
    // The chain lists the week's contracts, as a trader opens it before placing.
    const listed = await stack.call<Schemas['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NIFTY', expiry: '2026-01-27' } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.lot_size).toBe(65);
  });
  afterAll(async () => stack.close());

  const status = () => stack.services.dhan.prices.status(desk.account.id);
  const quoteOf = () => stack.services.dhan.prices.quotesOf(desk.account.id, [contract])[contract];
  const placePaper = (side: 'BUY' | 'SELL', extra: Record<string, unknown> = {}) => placePaperOrder(stack, desk.token, paper, { tradingsymbol: symbol, transaction_type: side, quantity: 65, ...extra });

  it("streams Dhan's option quote (bid, ask, volume, OI, change on the previous close) and NIFTY's level", async () => {
    await settle(() => status()?.state === 'open');
    // Yesterday's close comes once, in the previous-close packet Dhan sends on subscribing.
    stack.dhan.control.setFeedFacts(securityId, { volume: 98_250, oi: 1_234_500, prevClose: 130 });
    const stream = await openPriceStream(stack.server, desk.token, { instruments: [contract, index], account_id: desk.account.id });
    expect((await stream.next()).event).toBe('snapshot');
    await settle(() => JSON.stringify(stack.dhan.control.feedRequests()).includes(securityId));
    // The option in full mode (21), the index in ticker mode (15), each as Dhan's JSON subscription.
    expect(stack.dhan.control.feedRequests()).toContainEqual({ RequestCode: 21, InstrumentCount: 1, InstrumentList: [{ ExchangeSegment: 'NSE_FNO', SecurityId: securityId }] });
    expect(stack.dhan.control.feedRequests()).toContainEqual(expect.objectContaining({ RequestCode: 15, InstrumentList: expect.arrayContaining([{ ExchangeSegment: 'IDX_I', SecurityId: '13' }]) }));
    stack.dhan.control.setLast(securityId, 142.5);
    const moved = await stream.until(priceOf(contract, 142.5));
    // The stream sends what changed; the feed holds the whole quote.
    expect(moved.data.data![contract]).toMatchObject({ last_price: 142.5, bid: 142.45, ask: 142.55, change: 12.5, change_percent: 9.62 });
    expect(quoteOf()).toMatchObject({ last_price: 142.5, bid: 142.45, ask: 142.55, volume: 98_250, oi: 1_234_500, close: 130, change: 12.5, change_percent: 9.62 });
    stack.dhan.control.setLast('13', 26_050);
    await stream.until(priceOf(index, 26_050));
    // Yesterday's close from Dhan's previous-close packet (25,870 here): the change is on it.
    expect(stack.services.dhan.prices.quotesOf(desk.account.id, [index])[index]).toMatchObject({ last_price: 26_050, close: 25_870, change: 180, change_percent: 0.7 });
    await stream.close();
  });

  it('a silent feed is delayed and comes back, through the backoff, with the prices it missed', async () => {
    const { beats, beat } = await liveStreamSource(stack.services, stack.services.dhan.trading, { id: desk.account.id, accountNumber: desk.account.account_number, capitalPaise: 0 }, [contract], warn);
    stack.dhan.control.pingFeed();
    beat();
    stack.dhan.control.silenceFeed(true);
    scheduler.advance(15_000);
    await settle(() => status()?.state === 'waiting');
    expect(status()).toMatchObject({ delayed: true, lastReconnect: { attempt: 1, delayMs: 1000 } });
    beat();
    expect(beats).toEqual(['keep-alive', 'heartbeat']);
    stack.dhan.control.setLast(securityId, 150);
    stack.server.clock.advance(30_000);
    stack.dhan.control.silenceFeed(false);
    scheduler.advance(1000);
    // The new socket subscribes again; Dhan answers with the contract's packet at the price it missed.
    await settle(() => status()?.state === 'open' && quoteOf()?.last_price === 150);
    expect(status()).toMatchObject({ delayed: false });
    expect(quoteOf()?.timestamp).toBe(stack.server.clock.now().toISOString());
  });

  it("a paper account on Dhan's feed fills at Dhan's ask and bid, and at nothing while the feed is silent or logged out", async () => {
    const chosen = await chooseMarket(stack, desk.token, paper.id, desk.account.id);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.broker_accounts.market_account_id).toBe(desk.account.id);
    await settle(() => status()?.state === 'open');
    stack.dhan.control.setLast(securityId, 160);
    await settle(() => quoteOf()?.last_price === 160);
    await fillsAtTheFeedsTouch(stack, desk.token, paper, symbol, 65, {
      setLast: (price) => stack.dhan.control.setLast(securityId, price),
      silence: (on) => stack.dhan.control.silenceFeed(on),
      goStale: () => scheduler.advance(15_000),
      reopen: () => scheduler.advance(4000),
      orderWrites: () => stack.dhan.control.orderWrites(),
      name: `Dhan · ${desk.account.account_number}`,
    }, () => status()?.delayed === true);
  });

  it("Dhan's disconnection packet for an expired token (807) stops the feed and logs the account out", async () => {
    await settle(() => status()?.state === 'open');
    stack.dhan.control.expireAllTokens(desk.clientId);
    // The next packet Dhan would send is its disconnection instead.
    stack.dhan.control.setLast(securityId, 171);
    await settle(async () => {
      const { rows } = await stack.server.db.query<{ open: boolean }>('SELECT session_access_token_encrypted IS NOT NULL AS open FROM broker_accounts WHERE id = $1', [desk.account.id]);
      return rows[0]?.open === false;
    });
    expect(status()).toBeNull();
    const loggedOut = await placePaper('BUY');
    expect(loggedOut.status).toBe(422);
    expect(textCode(loggedOut.body)).toBe('refusal.paper_feed_logged_out');
  });
});

// Out of hours Dhan's feed sends the contract's last price on subscribing, then nothing until the open: a paper order
// after the close meets the after-market rules as on the simulator (support/paper-feed-hours.ts), held as an AMO on
// that price from 15:45 and filled at the open, never refused as "prices delayed" (issue 64).
describe.each(testBackends)('A paper account on a quiet Dhan feed after the close on %s', (backend) => {
  const scheduler = manualScheduler();
  let stack: DhanStack;
  let desk: DhanDesk;
  let paper: Paper;
  let small: Paper;

  beforeAll(async () => {
    stack = await startDhanStack(backend, { feed: { scheduler, staleAfterMs: 15_000, backoff: { initialMs: 1000, maxMs: 4000 } } });
    // Friday 16 Jan 2026, 15:35 IST: five minutes after F&O's close.
    stack.clock.advance(new Date('2026-01-16T15:35:00+05:30').getTime() - stack.clock.now().getTime());
    desk = await openDhanDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    await stack.services.dhan.prices.pass(() => undefined);
    paper = await loggedInPaper(stack, desk.token);
    small = await loggedInPaper(stack, desk.token, 5000);
    const listed = await stack.call<Schemas['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NIFTY', expiry: '2026-01-27' } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    for (const account of [paper, small]) expect((await chooseMarket(stack, desk.token, account.id, desk.account.id)).status).toBe(200);
  });
  afterAll(async () => stack.close());

  it('refuses with the after-market rules just after the close, then holds an AMO on the last price, filled at the open', async () => {
    const prices = stack.services.dhan.prices;
    await settle(() => prices.status(desk.account.id)?.state === 'open');
    await holdsAfterMarketOnQuietFeed(stack, desk.token, paper, small, symbol, {
      setLast: (price) => stack.dhan.control.setLast(securityId, price),
      silence: (on) => stack.dhan.control.silenceFeed(on),
      goStale: () => scheduler.advance(15_000),
      heldLast: () => prices.quotesOf(desk.account.id, [contract])[contract]?.last_price,
      delayed: () => prices.status(desk.account.id)?.delayed === true,
      logInAgain: async () => {
        expect((await desk.logIn()).status).toBe(200);
        await prices.pass(() => undefined);
      },
      orderWrites: () => stack.dhan.control.orderWrites(),
    });
  });
});
