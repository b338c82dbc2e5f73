// The paper broker's fill engine on scripted quotes (matching.ts), where it decides more than one order's
// fill: a stop-loss and a target cancelling each other from either side, protective orders cancelled when
// a plain order flips the position they protect, a working order on a contract that expired never filled,
// and a MARKET after-market order filled at the open.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContractCall } from '../support/contract-client.ts';
import { type Desk, type ScriptedMarket, scriptedServerPerFile, openQuotedDesk, atInstant } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';

describe.each(testBackends)('the paper broker\'s matching on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let call24000: string;

  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  beforeEach(async () => {
    ({ desk, atmCall: call24000 } = await openQuotedDesk({ server, market, call }));
  });

  const at = (instant: string, during: () => Promise<void>) => atInstant({ server, market }, instant, during);
  const bookById = async () => new Map((await desk.orderBook()).order_book.map((order) => [order.order_id, order]));
  const protect = async (kind: 'stop' | 'target', quantity: number) => {
    const common = { tradingsymbol: call24000, exchange: 'NFO', product: 'NRML', transaction_type: 'SELL', quantity };
    const res =
      kind === 'stop'
        ? await desk.trade('placeStopLossOrder', { ...common, order_type: 'SL', trigger_price: 100, price: 99 })
        : await desk.trade('placeTargetOrder', { ...common, price: 150 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.orders[0]!;
  };
  const quantityHeld = async () => (await desk.positionBook()).net.find((position) => position.tradingsymbol === call24000)?.quantity;

  describe('one cancels the other', () => {
    // Half of a long of 130 protected by a stop-loss and a target of 65 each: whichever fills, the position
    // still holds 65 the other would reduce, so only the pair (not the position) cancels it.
    it('cancels the target when the stop-loss fills, saying the stop-loss filled', async () => {
      await desk.place(call24000, 'BUY', 130);
      const stop = await protect('stop', 65);
      const target = await protect('target', 65);
      market.set(call24000, { bid: 99.5, ask: 100, last: 99.9 });
      await desk.tick();
      const book = await bookById();
      expect(book.get(stop.order_id)).toMatchObject({ status: 'COMPLETE', average_price: 99.5 });
      expect(book.get(target.order_id)).toMatchObject({
        status: 'CANCELLED',
        status_message: 'Cancelled: its stop-loss filled (one cancels the other).',
        status_message_i18n: { code: 'order.cancelled_oco', params: { filled: 'stoploss' } },
      });
      expect(await quantityHeld()).toBe(65);
    });

    it('cancels the stop-loss when the target fills, saying the target filled', async () => {
      await desk.place(call24000, 'BUY', 130);
      const stop = await protect('stop', 65);
      const target = await protect('target', 65);
      market.set(call24000, { bid: 150, ask: 150.5, last: 150.2 });
      await desk.tick();
      const book = await bookById();
      expect(book.get(target.order_id)).toMatchObject({ status: 'COMPLETE', average_price: 150 });
      expect(book.get(stop.order_id)).toMatchObject({
        status: 'CANCELLED',
        status_message: 'Cancelled: its target filled (one cancels the other).',
        status_message_i18n: { code: 'order.cancelled_oco', params: { filled: 'target' } },
      });
      expect(await quantityHeld()).toBe(65);
    });
  });

  it('cancels the stop-loss and target of a long when a plain sell flips it short (they would add to the short)', async () => {
    await desk.place(call24000, 'BUY', 130);
    const stop = await protect('stop', 130);
    const target = await protect('target', 130);
    expect((await desk.place(call24000, 'SELL', 260)).status).toBe('COMPLETE');
    expect(await quantityHeld()).toBe(-130);
    const book = await bookById();
    for (const order of [stop, target]) {
      expect(book.get(order.order_id)).toMatchObject({
        status: 'CANCELLED',
        pending_quantity: 0,
        status_message_i18n: { code: 'order.cancelled_position_closed', params: {} },
      });
    }
    // The market then reaching both prices sells nothing more.
    market.set(call24000, { bid: 150, ask: 150.5, last: 99 });
    await desk.tick();
    expect(await quantityHeld()).toBe(-130);
  });

  it('never fills a working order on a contract that has expired: the settlement of the position cancels it', async () => {
    await desk.place(call24000, 'BUY', 65);
    const working = await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 100 });
    expect(working.status).toBe('OPEN');
    // Monday 23 November, 15:41 IST (the close is 15:40 since 3 August 2026): NIFTY's contract of that day has
    // expired, and its last quote would fill the limit.
    await at('2026-11-23T15:41:00+05:30', async () => {
      market.set(call24000, { bid: 99, ask: 99.5, last: 99.2 });
      await desk.tick();
    });
    // Friday's book, read back on Friday: the order as it ended.
    const order = (await bookById()).get(working.order_id);
    expect(order).toMatchObject({ status: 'CANCELLED', filled_quantity: 0, status_message_i18n: { code: 'order.cancelled_expired', params: {} } });
  });

  it('cancels a working order on a contract that expired while the account held none of it', async () => {
    const working = await desk.place(call24000, 'BUY', 65, { order_type: 'LIMIT', price: 100 });
    expect(working.status).toBe('OPEN');
    expect(await quantityHeld()).toBeUndefined();
    // Monday 23 November, 15:41 IST: the contract has expired with no position to settle.
    await at('2026-11-23T15:41:00+05:30', async () => {
      market.set(call24000, { bid: 99, ask: 99.5, last: 99.2 });
      await desk.tick();
    });
    const order = (await bookById()).get(working.order_id);
    expect(order).toMatchObject({ status: 'CANCELLED', filled_quantity: 0, status_message_i18n: { code: 'order.cancelled_expired', params: {} } });
  });

  it('fills a MARKET after-market order at the open, at the ask', async () => {
    let held = '';
    await at('2026-11-20T18:00:00+05:30', async () => {
      market.open(false, { nextOpen: new Date('2026-11-23T03:45:00Z'), closedAt: new Date('2026-11-20T10:00:00Z') });
      const order = await desk.place(call24000, 'BUY', 65);
      expect(order).toMatchObject({ status: 'OPEN', variety: 'amo', order_type: 'MARKET', filled_quantity: 0 });
      held = order.order_id;
    });
    await at('2026-11-23T09:15:00+05:30', async () => {
      market.set(call24000, { bid: 121, ask: 121.5, last: 121.25 });
      await desk.tick();
      await desk.logIn();
      expect((await bookById()).get(held)).toMatchObject({ status: 'COMPLETE', filled_quantity: 65, average_price: 121.5 });
    });
  });
});
