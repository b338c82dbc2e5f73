// A paper account on a Dhan account's feed, ordering a contract Dhan does not stream (issue 64): the desk lists
// NIFTY's 26100 call of 27 January 2026, Dhan's scrip master does not, so the feed will never price it. The order is
// refused before anything is placed (422 `paper_feed_stopped`) saying so, not "try again in a moment"; a contract
// Dhan lists that has not ticked yet (the feed silent since it was followed) still gets "try again". On a Saturday,
// when Dhan's scrip master lists only the nearest expiry, an order for the next one is refused the same way, not as
// "market closed, taken again at the next open". The feed's timers are stepped by hand: it never goes stale here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { defaultContracts, dhanSymbol } from '../../dhan-server/market.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { settle } from '../kite-live/price-stream-client.ts';
import { chooseMarket, loggedInPaper, placePaperOrder, textCode, type Paper } from '../support/paper-feed.ts';
import { testBackends } from '../support/test-database.ts';
import { openDhanDesk, startDhanStack, type DhanDesk, type DhanStack } from './dhan-desk.ts';

type Schemas = components['schemas'];

const unlisted = 'NIFTY26JAN26100CE';
/** Listed by Dhan (security id 43921) and followed by nothing before the order asks for it. */
const notTicked = 'NIFTY26JAN25900PE';

describe.each(testBackends)("A paper account on a Dhan feed, ordering a contract Dhan does not stream, on %s", (backend) => {
  const scheduler = manualScheduler();
  let stack: DhanStack;
  let desk: DhanDesk;
  let paper: Paper;

  beforeAll(async () => {
    stack = await startDhanStack(backend, { feed: { scheduler, staleAfterMs: 15_000, backoff: { initialMs: 1000, maxMs: 4000 } } });
    desk = await openDhanDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    await stack.services.dhan.prices.pass(() => undefined);
    paper = await loggedInPaper(stack, desk.token);
    // The chain lists the week's contracts, as a trader opens it before placing.
    const listed = await stack.call<Schemas['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NIFTY', expiry: '2026-01-27' } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const symbols = listed.body.instruments.map((item) => item.instrument);
    expect(symbols).toContain(`NFO:${unlisted}`);
    expect(symbols).toContain(`NFO:${notTicked}`);
    expect(defaultContracts.map(dhanSymbol)).not.toContain('NIFTY-Jan2026-26100-CE');
    expect((await chooseMarket(stack, desk.token, paper.id, desk.account.id)).status).toBe(200);
    await settle(() => stack.services.dhan.prices.status(desk.account.id)?.state === 'open');
  });
  afterAll(async () => stack.close());

  const place = (tradingsymbol: string) => placePaperOrder(stack, desk.token, paper, { tradingsymbol, transaction_type: 'BUY', quantity: 65 });
  const paperOrders = async () => (await stack.server.db.query('SELECT id FROM paper_orders WHERE broker_account_id = $1', [paper.id])).rows;

  it('refuses the order saying Dhan does not stream the contract, and places nothing', async () => {
    const refused = await place(unlisted);
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body).toMatchObject({ code: 'paper_feed_stopped' });
    expect(textCode(refused.body)).toBe('refusal.paper_feed_unstreamed');
    const feed = `Dhan · ${desk.account.account_number}`;
    expect((refused.body as { details?: { text?: { params?: unknown } } }).details?.text?.params).toEqual({ feed, tradingsymbol: unlisted });
    expect((refused.body as { message: string }).message).toBe(
      `${feed} does not stream prices for ${unlisted}, so this paper account cannot price or fill it. Choose a contract it streams, or switch this account to the simulated market.`,
    );
    expect(await paperOrders()).toEqual([]);
    expect(stack.dhan.control.orderWrites()).toHaveLength(0);
  });

  it('still says "try again" for a contract Dhan streams that has not ticked yet', async () => {
    // Dhan sends a contract's packet on subscribing: silent, it sends nothing, and the contract stays unpriced.
    stack.dhan.control.silenceFeed(true);
    const refused = await place(notTicked);
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body).toMatchObject({ code: 'paper_feed_stopped' });
    expect(textCode(refused.body)).toBe('refusal.paper_feed_no_tick');
    expect((refused.body as { message: string }).message).toContain('Try again in a moment.');
    expect(await paperOrders()).toEqual([]);
    stack.dhan.control.silenceFeed(false);
  });
});

describe.each(testBackends)('A paper account on a Dhan feed on a Saturday, ordering an expiry Dhan does not list, on %s', (backend) => {
  const saturday = new Date('2026-11-21T04:30:00Z');
  let stack: DhanStack;
  let desk: DhanDesk;
  let paper: Paper;

  beforeAll(async () => {
    stack = await startDhanStack(backend, { feed: { scheduler: manualScheduler(), staleAfterMs: 15_000, backoff: { initialMs: 1000, maxMs: 4000 } } }, { at: saturday });
    desk = await openDhanDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
    await stack.services.dhan.prices.pass(() => undefined);
    paper = await loggedInPaper(stack, desk.token);
    expect((await chooseMarket(stack, desk.token, paper.id, desk.account.id)).status).toBe(200);
  });
  afterAll(async () => stack.close());

  it('refuses the order saying Dhan does not stream the contract, not that the market is closed', async () => {
    // 1 December's contracts: none is in Dhan's scrip master (its default contracts are January 2026's).
    const listed = await stack.call<Schemas['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NIFTY', expiry: '2026-12-01' } });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const tradingsymbol = listed.body.instruments[0]!.instrument.replace('NFO:', '');
    const refused = await placePaperOrder(stack, desk.token, paper, { tradingsymbol, transaction_type: 'BUY', quantity: listed.body.lot_size });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body).toMatchObject({ code: 'paper_feed_stopped' });
    expect(textCode(refused.body)).toBe('refusal.paper_feed_unstreamed');
    expect((refused.body as { message: string }).message).toContain(`Dhan · ${desk.account.account_number} does not stream prices for ${tradingsymbol}`);
    expect((await stack.server.db.query('SELECT id FROM paper_orders WHERE broker_account_id = $1', [paper.id])).rows).toEqual([]);
  });
});
