// The paper broker's fill engine pass by pass (matching.ts fillWorking and releaseAfterMarket): what it
// leaves waiting (a contract without a price, an open that has not come), what it reports, and two passes
// at once (two server instances after the same tick) filling or releasing an order only once.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, type Desk, type ScriptedMarket, scriptedServerPerFile, openQuotedDesk, atInstant } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';

describe.each(testBackends)('the paper broker\'s fill engine on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let call24000: string;

  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  beforeEach(async () => {
    ({ desk, atmCall: call24000 } = await openQuotedDesk({ server, market, call }));
  });

  const orderOf = async (orderId: string, on: Desk = desk) => (await on.orderBook()).order_book.find((order) => order.order_id === orderId);

  describe('working orders', () => {
    it('leaves a working order waiting while its contract has no price, and fills it once it has one', async () => {
      const order = await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 118 });
      market.unset(call24000);
      expect(await desk.tick()).toMatchObject({ filled: 0, triggered: 0, cancelled: 0 });
      expect(await orderOf(order.order_id)).toMatchObject({ status: 'OPEN', filled_quantity: 0 });
      market.set(call24000, { bid: 117, ask: 117.5, last: 117.2 });
      expect(await desk.tick()).toMatchObject({ filled: 1, cancelled: 0 });
      expect(await orderOf(order.order_id)).toMatchObject({ status: 'COMPLETE', average_price: 117.5 });
    });

    it('counts a stop-loss rejected as it triggers as cancelled, not filled nor triggered', async () => {
      const stop = await desk.place(call24000, 'BUY', 65, { order_type: 'SL', trigger_price: 125, price: 180 });
      market.set(call24000, { bid: 125.5, ask: 126, last: 126 });
      expect(await desk.tick()).toMatchObject({ filled: 0, triggered: 0, cancelled: 1 });
      expect(await orderOf(stop.order_id)).toMatchObject({ status: 'CANCELLED' });
    });

    it('fills a working order once when two passes run at once (two instances after one tick)', async () => {
      const order = await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 118 });
      market.set(call24000, { bid: 117, ask: 117.5, last: 117.2 });
      const [first, second] = await Promise.all([desk.tick(), desk.tick()]);
      expect(first.filled + second.filled).toBe(1);
      const book = await desk.orderBook();
      expect(book.trades.filter((trade) => trade.order_id === order.order_id).map((trade) => trade.quantity)).toEqual([65]);
      expect((await desk.positionBook()).net.find((position) => position.tradingsymbol === call24000)?.quantity).toBe(65);
    });
  });

  describe('after-market orders at the open', () => {
    // Placed Friday evening (20 November, after the 15:30 IST close); the next open is Monday 23 November, 09:15 IST.
    const nextOpen = new Date('2026-11-23T03:45:00Z');
    const closedAt = new Date('2026-11-20T10:00:00Z');
    const at = (instant: string, during: () => Promise<void>) => atInstant({ server, market }, instant, during);
    const placeAmo = async (on: Desk, price = 118) => {
      let held = '';
      await at('2026-11-20T18:00:00+05:30', async () => {
        market.open(false, { nextOpen, closedAt });
        const order = await on.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price });
        expect(order).toMatchObject({ status: 'OPEN', variety: 'amo' });
        held = order.order_id;
      });
      return held;
    };

    it('holds an AMO past its time while the exchange has not opened, or its contract has no price, and sends it once both are there', async () => {
      const held = await placeAmo(desk);
      await at('2026-11-23T09:16:00+05:30', async () => {
        await desk.logIn();
        // The open is late (the exchange still closed at 09:16).
        market.open(false, { nextOpen: new Date('2026-11-23T04:00:00Z'), closedAt: null });
        await desk.tick();
        expect(await orderOf(held)).toMatchObject({ status: 'OPEN', variety: 'amo', broker_status: 'AMO REQ RECEIVED', exchange_order_id: null });
        market.open(true);
        market.unset(call24000);
        await desk.tick();
        expect(await orderOf(held)).toMatchObject({ broker_status: 'AMO REQ RECEIVED', exchange_order_id: null });
        market.set(call24000, { bid: 120, ask: 120.5, last: 120.25 });
        await desk.tick();
        const sent = await orderOf(held);
        expect(sent).toMatchObject({ status: 'OPEN', variety: 'amo', broker_status: null });
        expect(sent?.exchange_order_id).toMatch(/^11\d{14}$/);
      });
    });

    it('checks an AMO\'s funds once when two passes release it at once: it is not refused for its own margin', async () => {
      // Room for one buy of 65 at ₹118 (₹7,670 and its charges), not for two.
      const small = await openDesk(server, call, 12_000);
      const held = await placeAmo(small);
      await at('2026-11-23T09:15:00+05:30', async () => {
        await small.logIn();
        await Promise.all([small.tick(), small.tick()]);
        const sent = await orderOf(held, small);
        expect(sent).toMatchObject({ status: 'OPEN', variety: 'amo', broker_status: null, filled_quantity: 0 });
        expect(sent?.exchange_order_id).toMatch(/^11\d{14}$/);
      });
    });
  });
});
