// What the paper broker plans for an intent (order-plans.ts, issue 26, from the mutation run), placing nothing.
// An entry is held to the kill switch and the risk limits (trades today, open positions), an exit is not; an
// order needing more than 20 slices names its field (the order's own, or its place in a basket); a bot's
// orders carry the bot. A square-off closes the named positions only (exchange, symbol, product, and the
// portfolio's share when one is named), a quantity across shares in turn, and cancels each working order on
// what it closes once, oldest first, and none on what it leaves.
import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderIntent, PlanOptions, TradingAccount } from '../../../server/services/brokers/broker-trading.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk, type Desk, type ScriptedMarket, scriptedServerPerFile } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { createPortfolio } from '../support/trading.ts';
import type { TestServer } from '../support/test-server.ts';

const intent = (tradingsymbol: string, quantity: number, side: 'BUY' | 'SELL' = 'BUY'): OrderIntent => ({
  exchange: 'NFO',
  tradingsymbol,
  side,
  orderType: 'MARKET',
  product: 'NRML',
  quantity,
  pricePaise: 0,
  triggerPaise: 0,
});
const entry: PlanOptions = { portfolioId: null, purpose: 'entry' };

describe.each(testBackends)('the paper broker’s order plans on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let account: TradingAccount;
  let callSymbol: string;
  let putSymbol: string;

  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  beforeEach(async () => {
    server.clock.advance(60_000);
    desk = await openDesk(server, call);
    account = { id: desk.account.id, accountNumber: desk.accountNumber, capitalPaise: 50_000_000 };
    callSymbol = desk.contract(desk.atm, 'CE').tradingsymbol;
    putSymbol = desk.contract(desk.atm, 'PE').tradingsymbol;
    market.set(callSymbol, { bid: 120, ask: 120.5 });
    market.set(putSymbol, { bid: 80, ask: 80.5 });
  });

  const plans = () => desk.services.paperTrading;
  const limits = (columns: Record<string, number>) =>
    server.db.query(
      `INSERT INTO risk_limits (broker_account_id, ${Object.keys(columns).join(', ')}, updated_at) VALUES ($1, ${Object.keys(columns).map((_, index) => `$${index + 2}`).join(', ')}, now())`,
      [account.id, ...Object.values(columns)],
    );

  it('refuses an entry while the kill switch is armed, and still plans an exit', async () => {
    await server.db.query('UPDATE broker_accounts SET kill_switch_armed_at = $1 WHERE id = $2', [server.clock.now(), account.id]);
    await expect(plans().planOrders(account, [intent(callSymbol, desk.lotSize)], entry)).rejects.toMatchObject({ code: 'kill_switch_armed' });
    const exit = await plans().planOrders(account, [intent(callSymbol, desk.lotSize, 'SELL')], { portfolioId: null, purpose: 'squareoff' });
    expect(exit.orders).toEqual([{ ...intent(callSymbol, desk.lotSize, 'SELL'), portfolioId: null, purpose: 'squareoff', bot: null }]);
  });

  it("counts today's entries against the day's limit: one placed, a limit of two takes one more, not two", async () => {
    await desk.place(callSymbol, 'BUY', desk.lotSize);
    await limits({ max_trades_today: 2 });
    const two = [intent(callSymbol, desk.lotSize), intent(putSymbol, desk.lotSize)];
    await expect(plans().planOrders(account, two, entry)).rejects.toMatchObject({ code: 'risk_limit_exceeded' });
    expect((await plans().planOrders(account, [intent(putSymbol, desk.lotSize)], entry)).orders).toHaveLength(1);
  });

  it('counts the positions held against the open-positions limit: adding to one held is let through, a new one is not', async () => {
    await desk.place(callSymbol, 'BUY', desk.lotSize);
    await limits({ max_open_positions: 1 });
    await expect(plans().planOrders(account, [intent(putSymbol, desk.lotSize)], entry)).rejects.toMatchObject({ code: 'risk_limit_exceeded' });
    expect((await plans().planOrders(account, [intent(callSymbol, desk.lotSize)], entry)).orders).toHaveLength(1);
  });

  it('names the field of an order needing more than 20 slices: `quantity` alone, its place in a basket', async () => {
    const oversized = desk.lotSize * 100_000;
    await expect(plans().planOrders(account, [intent(callSymbol, oversized)], entry)).rejects.toMatchObject({ code: 'too_many_orders', field: 'quantity' });
    await expect(plans().planOrders(account, [intent(putSymbol, desk.lotSize), intent(callSymbol, oversized)], entry)).rejects.toMatchObject({
      code: 'too_many_orders',
      field: 'orders.1.quantity',
    });
  });

  it("puts the bot, portfolio and purpose on every order of a bot's entry", async () => {
    const portfolio = await createPortfolio(call, desk.token, account.id);
    const planned = await plans().planOrders(account, [intent(callSymbol, desk.lotSize)], { portfolioId: portfolio.id, purpose: 'entry', bot: { kind: 'daily', id: 3 } });
    expect(planned).toEqual({ orders: [{ ...intent(callSymbol, desk.lotSize), portfolioId: portfolio.id, purpose: 'entry', bot: { kind: 'daily', id: 3 } }], cancel: [] });
  });

  describe('a square-off', () => {
    /**
     * The portfolio holds 3 lots of the call (NRML, a LIMIT sell and a stop-loss working on them), 1 lot of
     * the call MIS (a LIMIT sell working) and 1 lot of the put; the account outside portfolios 2 lots of the
     * call (a LIMIT sell working).
     */
    const book = async () => {
      const portfolio = await createPortfolio(call, desk.token, account.id, 200000);
      const inPortfolio = async (symbol: string, quantity: number, extra: Record<string, unknown> = {}) => {
        const res = await desk.trade<{ orders: Array<{ order_id: string; status: string }> }>('placeTrades', {
          orders: [desk.order(symbol, quantity > 0 ? 'BUY' : 'SELL', Math.abs(quantity), extra)],
          portfolio_id: portfolio.id,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.orders[0]!;
      };
      const lot = desk.lotSize;
      await inPortfolio(callSymbol, 3 * lot);
      await inPortfolio(callSymbol, lot, { product: 'MIS' });
      await inPortfolio(putSymbol, lot);
      await desk.place(callSymbol, 'BUY', 2 * lot);
      const limit = await inPortfolio(callSymbol, -lot, { order_type: 'LIMIT', price: 200 });
      const stop = await inPortfolio(callSymbol, -lot, { order_type: 'SL', trigger_price: 60, price: 59 });
      const misLimit = await inPortfolio(callSymbol, -lot, { order_type: 'LIMIT', price: 210, product: 'MIS' });
      const ownLimit = await desk.place(callSymbol, 'SELL', lot, { order_type: 'LIMIT', price: 220 });
      expect([limit.status, stop.status, misLimit.status, ownLimit.status]).toEqual(['OPEN', 'TRIGGER PENDING', 'OPEN', 'OPEN']);
      return { portfolio: portfolio.id, lot, working: { limit: limit.order_id, stop: stop.order_id, misLimit: misLimit.order_id, ownLimit: ownLimit.order_id } };
    };
    const exit = (quantity: number, portfolioId: number | null, symbol = callSymbol) => ({
      ...intent(symbol, quantity, 'SELL'),
      portfolioId,
      purpose: 'squareoff',
      bot: null,
    });
    const ref = (tradingsymbol: string, quantity?: number, exchange = 'NFO') => ({ exchange, tradingsymbol, product: 'NRML' as const, quantity });

    it("closes the portfolio's share of the named position only, and cancels the working orders on that share, oldest first", async () => {
      const { portfolio, lot, working } = await book();
      expect(await plans().planSquareOff(account, portfolio, [ref(callSymbol)])).toEqual({ orders: [exit(3 * lot, portfolio)], cancel: [working.limit, working.stop] });
      // Part of it: one lot, the same orders cancelled.
      expect(await plans().planSquareOff(account, portfolio, [ref(callSymbol, lot)])).toEqual({ orders: [exit(lot, portfolio)], cancel: [working.limit, working.stop] });
      // Not listed on BFO; the put alone.
      expect(await plans().planSquareOff(account, portfolio, [ref(callSymbol, undefined, 'BFO')])).toEqual({ orders: [], cancel: [] });
      expect(await plans().planSquareOff(account, portfolio, [ref(putSymbol)])).toEqual({ orders: [exit(lot, portfolio, putSymbol)], cancel: [] });
    });

    it('closes every share of the position when no portfolio is named, a quantity across the shares in turn, and cancels nothing on a share it leaves', async () => {
      const { portfolio, lot, working } = await book();
      const all = await plans().planSquareOff(account, null, [ref(callSymbol)]);
      expect(new Set(all.orders.map((order) => JSON.stringify(order)))).toEqual(new Set([exit(3 * lot, portfolio), exit(2 * lot, null)].map((order) => JSON.stringify(order))));
      expect(new Set(all.cancel)).toEqual(new Set([working.limit, working.stop, working.ownLimit]));
      // The first share the book lists, then the rest from the next.
      const first = all.orders[0]!;
      const firstWorking = first.portfolioId === null ? [working.ownLimit] : [working.limit, working.stop];
      const secondWorking = first.portfolioId === null ? [working.limit, working.stop] : [working.ownLimit];
      const second = all.orders[1]!;
      expect(await plans().planSquareOff(account, null, [ref(callSymbol, first.quantity)])).toEqual({ orders: [first], cancel: firstWorking });
      expect(await plans().planSquareOff(account, null, [ref(callSymbol, first.quantity + lot)])).toEqual({
        orders: [first, { ...second, quantity: lot }],
        cancel: [...firstWorking, ...secondWorking],
      });
    });

    it('closes a position named twice once, and quantities adding up past it only to flat', async () => {
      const { portfolio, lot, working } = await book();
      expect(await plans().planSquareOff(account, portfolio, [ref(callSymbol), ref(callSymbol)])).toEqual({ orders: [exit(3 * lot, portfolio)], cancel: [working.limit, working.stop] });
      expect(await plans().planSquareOff(account, portfolio, [ref(callSymbol, 2 * lot), ref(callSymbol, 2 * lot)])).toEqual({
        orders: [exit(2 * lot, portfolio), exit(lot, portfolio)],
        cancel: [working.limit, working.stop],
      });
    });

    it('closes a lot and then another of the same position as two exits, cancelling its working orders once', async () => {
      const { portfolio, lot, working } = await book();
      expect(await plans().planSquareOff(account, portfolio, [ref(callSymbol, lot), ref(callSymbol, lot)])).toEqual({
        orders: [exit(lot, portfolio), exit(lot, portfolio)],
        cancel: [working.limit, working.stop],
      });
    });
  });
});
