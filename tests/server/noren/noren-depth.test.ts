// The Noren brokers' five-level market depth (issue 64). The levels read from Noren's depth fields as its websocket
// documents them (bp1..bp5, bq1..bq5, bo1..bo5 and sp/sq/so; a level padded with "0.00" left out, none made up).
// Then the live desk's depth of a contract on a logged-in Shoonya account, against the Noren test server's
// websocket: the first read follows the contract in depth mode (`{"t":"d"}` with its "NFO|token" key), the five
// levels a side arrive as the server sent them (its `dk`), follow a price move (a `df` carrying only what changed,
// merged onto what was held), a thin premium shows only the bids it has, and a silent feed reads stale with the
// last book kept. The brokers list declares the depth; a paper account still has none. The feed's timers are
// stepped by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main';
import { depthOfFields } from '../../../server/services/brokers/noren/noren-feed.ts';
import { serverDepthLevels } from '../../noren-server/noren-socket.ts';
import { manualScheduler } from '../kite/kite-support.ts';
import { settle } from '../kite-live/price-stream-client.ts';
import { testBackends } from '../support/test-database.ts';
import { createBrokerAccount } from '../support/trading.ts';
import { openNorenDesk, startNorenStack, type NorenDesk, type NorenStack } from './noren-desk.ts';

type Depth = components['schemas']['MarketDepthResponse'] & { code?: string; message?: string };

describe("Noren's depth fields", () => {
  it('reads five levels a side, best first, with quantities and orders; a padded level is left out', () => {
    const fields = {
      t: 'dk', e: 'NFO', tk: '43919', lp: '0.15',
      bp1: '0.10', bq1: '650', bo1: '1', bp2: '0.05', bq2: '1300', bo2: '2', bp3: '0.00', bq3: '0', bo3: '0', bp4: '0.00', bq4: '0', bo4: '0', bp5: '0.00', bq5: '0', bo5: '0',
      sp1: '0.20', sq1: '1300', so1: '2', sp2: '0.25', sq2: '2600', so2: '4', sp3: '0.30', sq3: '3900', so3: '6', sp4: '0.35', sq4: '5200', so4: '8', sp5: '0.40', sq5: '6500', so5: '10',
    };
    expect(depthOfFields(fields)).toEqual({
      bids: [{ price: 0.1, quantity: 650, orders: 1 }, { price: 0.05, quantity: 1300, orders: 2 }],
      asks: [1, 2, 3, 4, 5].map((n) => ({ price: Math.round((0.15 + 0.05 * n) * 100) / 100, quantity: 1300 * n, orders: 2 * n })),
    });
    // A frame with fewer levels than five (a touchline's one) gives what it has, nothing more.
    expect(depthOfFields({ bp1: '99.95', bq1: '650', sp1: '100.05', sq1: '1300' })).toEqual({ bids: [{ price: 99.95, quantity: 650, orders: 0 }], asks: [{ price: 100.05, quantity: 1300, orders: 0 }] });
  });
});

describe.each(testBackends)("the live desk's 5-level depth on Shoonya on %s", (backend) => {
  const scheduler = manualScheduler();
  let stack: NorenStack;
  let desk: NorenDesk;

  beforeAll(async () => {
    stack = await startNorenStack(backend, 'shoonya', { feed: { scheduler, staleAfterMs: 5000, backoff: { initialMs: 1000, maxMs: 4000 } } });
    desk = await openNorenDesk(stack);
    expect((await desk.logIn()).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await stack.close();
  });

  const depthOf = (tradingsymbol: string, accountNumber = desk.account.account_number, levels?: number) =>
    stack.call<Depth>('getMarketDepth', { token: desk.token, params: { accountNumber }, query: { exchange: 'NFO', tradingsymbol, ...(levels === undefined ? {} : { levels: String(levels) }) } });
  /** Reads until Noren's levels have come and `ready` holds (the first read only follows the contract). */
  async function levelsOf(tradingsymbol: string, ready: (depth: Depth) => boolean): Promise<Depth> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const answer = await depthOf(tradingsymbol);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      if (answer.body.updated_at !== null && ready(answer.body)) return answer.body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no depth of ${tradingsymbol}`);
  }
  /** The server's levels at `last` as the desk shows them: an empty one left out. */
  const shown = (last: number) => {
    const { bids, asks } = serverDepthLevels(last);
    return { bids: bids.filter((row) => row.price > 0), asks };
  };
  const depthSubscriptions = () => stack.noren.control.socketMessages().filter((m) => (m as { t?: string }).t === 'd').map((m) => (m as { k: string }).k);

  it('declares five levels in the brokers list', async () => {
    const brokers = await stack.call<components['schemas']['BrokersResponse']>('getBrokers', { token: desk.token });
    expect(brokers.status).toBe(200);
    const shoonya = brokers.body.brokers.find((broker) => broker.name === 'shoonya');
    expect(shoonya?.capabilities.market_depth_levels).toEqual([5]);
  });

  it("shows the contract's five bids and offers as Noren sent them, and follows a price move", async () => {
    stack.noren.control.setLast('43919', 100);
    const first = await depthOf('NIFTY26JAN26000CE');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ exchange: 'NFO', tradingsymbol: 'NIFTY26JAN26000CE', levels: 5, stale: false });
    const depth = await levelsOf('NIFTY26JAN26000CE', () => true);
    expect({ bids: depth.bids, asks: depth.asks }).toEqual(shown(100));
    expect(depth.bids[4]).toEqual({ price: 99.75, quantity: 3250, orders: 5 });
    expect(depth.asks[4]).toEqual({ price: 100.25, quantity: 6500, orders: 10 });
    // The contract followed on the account's feed in depth mode, by Noren's key.
    expect(depthSubscriptions()).toContain('NFO|43919');

    // A price move: Noren's `df` carries only the fields that changed, merged onto the book held.
    stack.noren.control.setLast('43919', 142.5);
    const moved = await levelsOf('NIFTY26JAN26000CE', (read) => read.bids[0]?.price === 142.45);
    expect({ bids: moved.bids, asks: moved.asks }).toEqual(shown(142.5));

    // A thin premium: the bids stop at ₹0.05, the levels under it sent empty and left out, none made up.
    stack.noren.control.setLast('43919', 0.15);
    const thin = await levelsOf('NIFTY26JAN26000CE', (read) => read.asks[0]?.price === 0.2);
    expect(thin.bids).toEqual([{ price: 0.1, quantity: 650, orders: 1 }, { price: 0.05, quantity: 1300, orders: 2 }]);
    expect(thin.asks).toHaveLength(5);
    // Followed once, however often it is read.
    expect(depthSubscriptions().filter((key) => key.split('#').includes('NFO|43919'))).toHaveLength(1);
  });

  it('says the depth is stale when the feed goes silent, keeping the last book', async () => {
    stack.noren.control.setLast('43919', 120);
    await levelsOf('NIFTY26JAN26000CE', (read) => read.bids[0]?.price === 119.95);
    stack.noren.control.silenceFeed(true);
    scheduler.advance(5000);
    await settle(() => stack.services.shoonya.prices.status(desk.account.id)?.delayed === true);
    const silent = await depthOf('NIFTY26JAN26000CE');
    expect(silent.body).toMatchObject({ stale: true, bids: shown(120).bids, asks: shown(120).asks });
    // Heard again: the reopened socket subscribes anew and its `dk` brings the book missed.
    stack.noren.control.setLast('43919', 130);
    stack.noren.control.silenceFeed(false);
    scheduler.advance(1000);
    const back = await levelsOf('NIFTY26JAN26000CE', (read) => read.bids[0]?.price === 129.95 && !read.stale);
    expect({ bids: back.bids, asks: back.asks }).toEqual(shown(130));
  });

  it('refuses a level count Noren does not stream, a contract it does not list, and an account whose broker streams no depth', async () => {
    const twenty = await depthOf('NIFTY26JAN26000CE', desk.account.account_number, 20);
    expect([twenty.status, twenty.body.code]).toEqual([400, 'validation_failed']);
    const unlisted = await depthOf('NIFTY26JAN30000CE');
    expect([unlisted.status, unlisted.body.code]).toEqual([422, 'unknown_instrument']);
    const paper = await createBrokerAccount(stack.call, desk.token);
    const onPaper = await depthOf('NIFTY26JAN26000CE', paper.account.account_number);
    expect([onPaper.status, onPaper.body.code]).toEqual([400, 'validation_failed']);
  });
});
