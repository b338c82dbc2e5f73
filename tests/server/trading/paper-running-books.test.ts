// The paper broker's running books (migration 044): each account's open positions and cash, kept by triggers
// as its trades are written, so an order's margin check never sums the account's whole history. They must
// always equal what the trades say: after fills into and out of portfolios, a portfolio deleted with its
// positions (its trades move to no portfolio), and an expiry's settlement.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ContractCall } from '../support/contract-client.ts';
import { openQuotedDesk, scriptedServerPerFile, type Desk, type ScriptedMarket } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { createPortfolio } from '../support/trading.ts';
import type { TestServer } from '../support/test-server.ts';

type Position = { instrument_token: number; portfolio_id: number | null; product: string; quantity: number };

describe.each(testBackends)("a paper account's running books on %s", (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;
  let atmCall: string;

  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  beforeEach(async () => {
    ({ desk, atmCall } = await openQuotedDesk({ server, market, call }));
  });

  /** The open positions as the running book has them, and as the trades sum to. */
  async function positions(): Promise<{ running: Position[]; summed: Position[] }> {
    const order = 'ORDER BY instrument_token, portfolio_id NULLS FIRST, product';
    const running = await server.db.query<Position>(
      `SELECT instrument_token, portfolio_id, product, quantity::int AS quantity FROM paper_positions WHERE broker_account_id = $1 AND quantity <> 0 ${order}`,
      [desk.account.id],
    );
    const summed = await server.db.query<Position>(
      `SELECT instrument_token, portfolio_id, product, sum(CASE WHEN transaction_type = 'BUY' THEN quantity ELSE -quantity END)::int AS quantity
       FROM paper_trades WHERE broker_account_id = $1 GROUP BY instrument_token, portfolio_id, product
       HAVING sum(CASE WHEN transaction_type = 'BUY' THEN quantity ELSE -quantity END) <> 0 ${order}`,
      [desk.account.id],
    );
    return { running: running.rows, summed: summed.rows };
  }

  /** The cash (sells less buys) and charges as the running book has them, and as the trades sum to, in paise. */
  async function cash(): Promise<{ running: { flow: number; charges: number }; summed: { flow: number; charges: number } }> {
    const running = await server.db.query<{ flow: string; charges: string }>('SELECT flow_paise AS flow, charges_paise AS charges FROM paper_cash WHERE broker_account_id = $1', [
      desk.account.id,
    ]);
    const summed = await server.db.query<{ flow: string; charges: string }>(
      `SELECT sum(CASE WHEN transaction_type = 'SELL' THEN quantity * price_paise ELSE -quantity * price_paise END) AS flow,
         sum(brokerage_paise + stt_paise + exchange_paise + sebi_paise + gst_paise + stamp_paise + call_and_trade_paise) AS charges
       FROM paper_trades WHERE broker_account_id = $1`,
      [desk.account.id],
    );
    const paise = (row: { flow: string; charges: string }) => ({ flow: Number(row.flow), charges: Number(row.charges) });
    return { running: paise(running.rows[0]!), summed: paise(summed.rows[0]!) };
  }

  it('equals the sums of the trades through fills in and out of portfolios and a portfolio deleted with its positions', async () => {
    const put = desk.contract(desk.atm, 'PE').tradingsymbol;
    market.set(put, { bid: 100, ask: 100.5, last: 100.25, close: 95 });
    const kept = await createPortfolio(call, desk.token, desk.account.id);
    const deleted = await createPortfolio(call, desk.token, desk.account.id);
    const lot = desk.lotSize;
    const place = async (orders: ReturnType<Desk['order']>[], portfolioId: number | null) => {
      const res = await desk.trade('placeTrades', { orders, ...(portfolioId === null ? {} : { portfolio_id: portfolioId }) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.orders.every((order) => order.status === 'COMPLETE')).toBe(true);
    };
    await place([desk.order(atmCall, 'BUY', 3 * lot), desk.order(put, 'SELL', lot)], kept.id);
    await place([desk.order(atmCall, 'SELL', lot)], kept.id);
    await place([desk.order(atmCall, 'BUY', 2 * lot), desk.order(put, 'BUY', 2 * lot, { product: 'MIS' })], deleted.id);
    await place([desk.order(atmCall, 'BUY', lot)], null);
    await place([desk.order(put, 'SELL', 2 * lot, { product: 'MIS' })], deleted.id);

    const before = await positions();
    expect(before.running).toEqual(before.summed);
    expect(before.running.map((position) => [position.portfolio_id, position.quantity])).toEqual([
      [null, lot],
      [kept.id, 2 * lot],
      [deleted.id, 2 * lot],
      [kept.id, -lot],
    ]);

    // Deleting a portfolio leaves its trades (and positions) to the account: they merge with its own.
    expect((await call('deletePortfolio', { token: desk.token, params: { id: deleted.id } })).status).toBe(200);
    const after = await positions();
    expect(after.running).toEqual(after.summed);
    expect(after.running.find((position) => position.portfolio_id === null)?.quantity).toBe(3 * lot);

    const money = await cash();
    expect(money.running).toEqual(money.summed);
    expect(money.running.charges).toBeGreaterThan(0);
  });

  it("has no open position left after the account's contracts settle at expiry", async () => {
    await desk.place(atmCall, 'BUY', desk.lotSize);
    const expiry = desk.expiry;
    // 16:00 IST on the expiry day: the contract settles at its intrinsic value on the next pass.
    server.clock.advance(Date.parse(`${expiry}T10:30:00Z`) - server.clock.now().getTime());
    market.open(false, { nextOpen: null });
    market.closingValue(26100);
    await desk.tick();
    const { running, summed } = await positions();
    expect(summed).toEqual([]);
    expect(running).toEqual([]);
    const money = await cash();
    expect(money.running).toEqual(money.summed);
  });
});
