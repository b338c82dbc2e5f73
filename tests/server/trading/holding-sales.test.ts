// Selling delivered shares (issue 63): the shares a delivery at expiry left a paper account holding are sold, and
// those a short delivery left it owing bought back, as equity delivery (CNC) orders filled at the stock's price, never
// more than the holding, charged at the dated equity delivery rates (migration 130: on 20 Nov 2026 STT 0.1 % each side,
// stamp 0.015 % on buys, NSE 0.00307 %, SEBI 0.0001 %, DP ₹13 once a stock and day sold, GST 18 % on NSE + SEBI + DP),
// the P&L realised against what the holding cost (its deliveries' settlement prices, averaged). Every figure below is
// worked by hand from those rates.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { atInstant, openDesk, scriptedServerPerFile, type ScriptedMarket } from '../support/paper-desk.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';

type HoldingOrderResponse = components['schemas']['HoldingOrderResponse'];
type ErrorBody = { code: string; details?: { text?: { code: string; params: Record<string, unknown> } } };

describe.each(testBackends)('selling delivered shares on %s', (backend) => {
  let server: TestServer;
  let market: ScriptedMarket;
  let call: ContractCall;
  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  it('sells held shares and buys back owed ones at the stock price, charged as equity delivery, P&L against the settlement price', async () => {
    market.open(true);
    const desk = await openDesk(server, call, 1_000_000);
    const deliver = (tradingsymbol: string, symbol: string, side: 'BUY' | 'SELL', shares: number, price: number, at: string) =>
      server.db.query(
        `INSERT INTO paper_deliveries (broker_account_id, portfolio_id, product, instrument_token, tradingsymbol, symbol, contract_kind, expiry, side, shares,
           price_paise, value_paise, stt_paise, stamp_paise, settled_at)
         VALUES ($1, NULL, 'NRML', 1, $2, $3, 'FUT', '2026-10-27', $4, $5::integer, $6::bigint, $5::integer * $6::bigint, 0, 0, $7)`,
        [desk.account.id, tradingsymbol, symbol, side, shares, price * 100, at],
      );
    // RELIANCE: 500 received at 1,500 and 250 at 1,560 (750 held at 1,520 a share); BDL: 325 delivered at 1,640 (owed).
    await deliver('RELIANCE26OCT1500CE', 'RELIANCE', 'BUY', 500, 1_500, '2026-10-27T10:11:00Z');
    await deliver('RELIANCE26OCTFUT', 'RELIANCE', 'BUY', 250, 1_560, '2026-10-27T10:11:00Z');
    await deliver('BDL26OCTFUT', 'BDL', 'SELL', 325, 1_640, '2026-10-27T10:12:00Z');
    market.stockSpot('RELIANCE', 1_600);
    market.stockSpot('BDL', 1_600);

    const cash = async () => {
      const { rows } = await server.db.query<{ flow_paise: string; charges_paise: string }>('SELECT flow_paise, charges_paise FROM paper_cash WHERE broker_account_id = $1', [desk.account.id]);
      return { flow: Number(rows[0]!.flow_paise), charges: Number(rows[0]!.charges_paise) };
    };
    const before = await cash();
    const sell = (body: Record<string, unknown>, key = randomUUID()) =>
      call<HoldingOrderResponse | ErrorBody>('placeHoldingOrder', { token: desk.token, params: { accountNumber: desk.accountNumber }, body, headers: { 'idempotency-key': key } });
    const refusal = async (body: Record<string, unknown>) => {
      const res = await sell(body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      return (res.body as ErrorBody).details?.text;
    };

    // 300 sold at market, 1,600: ₹4,80,000. STT ₹480.00; NSE 0.00307 % = ₹14.736 → ₹14.74; SEBI ₹0.48; DP ₹13.00 (the
    // day's first sale of RELIANCE); GST 18 % of (14.74 + 0.48 + 13.00 = 28.22) = ₹5.0796 → ₹5.08. Together ₹513.30.
    // Realised (1,600 − 1,520) × 300 = ₹24,000.
    const key = randomUUID();
    const first = await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 300, order_type: 'MARKET' }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstTrade = (first.body as HoldingOrderResponse).trade;
    expect(firstTrade).toMatchObject({
      symbol: 'RELIANCE', side: 'SELL', order_type: 'MARKET', limit_price: null, quantity: 300, price: 1_600, value: 480_000, average_price: 1_520, realised_pnl: 24_000,
      charges: 513.3, charge_parts: { brokerage: 0, stt: 480, stamp: 0, exchange: 14.74, sebi: 0.48, dp: 13, gst: 5.08 },
    });
    // The same key answers the same trade, placing nothing more; another order under it is refused.
    const again = await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 300, order_type: 'MARKET' }, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((again.body as HoldingOrderResponse).trade).toEqual(firstTrade);
    const reused = await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 200, order_type: 'MARKET' }, key);
    expect(reused.status).toBe(422);
    expect((reused.body as ErrorBody).code).toBe('idempotency_key_reused');

    // 100 more with a 1,590 limit the price reaches: filled at 1,600, ₹1,60,000. STT ₹160.00; NSE ₹4.912 → ₹4.91; SEBI
    // ₹0.16; no DP (RELIANCE already sold today); GST 18 % of 5.07 = ₹0.9126 → ₹0.91. Together ₹165.98. Realised ₹8,000.
    const second = await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 100, order_type: 'LIMIT', price: 1_590 });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect((second.body as HoldingOrderResponse).trade).toMatchObject({ order_type: 'LIMIT', limit_price: 1_590, price: 1_600, charges: 165.98, realised_pnl: 8_000, charge_parts: { exchange: 4.91, sebi: 0.16, dp: 0, gst: 0.91 } });

    // Refused, nothing placed: a limit above the price, more than the 350 left, a sale of shares only owed, a LIMIT without its price.
    expect(await refusal({ symbol: 'RELIANCE', side: 'SELL', quantity: 50, order_type: 'LIMIT', price: 1_650 })).toEqual({
      code: 'holding.sell_limit_not_reached', params: { symbol: 'RELIANCE', price: 1_600, limit: 1_650 },
    });
    expect(await refusal({ symbol: 'RELIANCE', side: 'SELL', quantity: 400, order_type: 'MARKET' })).toEqual({ code: 'holding.more_than_held', params: { symbol: 'RELIANCE', asked: 400, held: 350 } });
    expect(await refusal({ symbol: 'BDL', side: 'SELL', quantity: 10, order_type: 'MARKET' })).toEqual({ code: 'holding.none_held', params: { symbol: 'BDL' } });
    expect(await refusal({ symbol: 'RELIANCE', side: 'BUY', quantity: 10, order_type: 'MARKET' })).toEqual({ code: 'holding.none_owed', params: { symbol: 'RELIANCE' } });
    const noPrice = await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 10, order_type: 'LIMIT' });
    expect(noPrice.status).toBe(400);

    // BDL's 325 owed bought back at 1,600: ₹5,20,000. STT ₹520.00; stamp 0.015 % ₹78.00; NSE ₹15.964 → ₹15.96; SEBI
    // ₹0.52; no DP on a purchase; GST 18 % of 16.48 = ₹2.9664 → ₹2.97. Together ₹617.45. Realised (1,640 − 1,600) × 325 = ₹13,000.
    const buyBack = await sell({ symbol: 'BDL', side: 'BUY', quantity: 325, order_type: 'MARKET' });
    expect(buyBack.status, JSON.stringify(buyBack.body)).toBe(200);
    expect((buyBack.body as HoldingOrderResponse).trade).toMatchObject({
      side: 'BUY', quantity: 325, price: 1_600, average_price: 1_640, realised_pnl: 13_000, charges: 617.45,
      charge_parts: { stt: 520, stamp: 78, exchange: 15.96, sebi: 0.52, dp: 0, gst: 2.97 },
    });

    // The cash moved by the sales less the purchase (4,80,000 + 1,60,000 − 5,20,000) and by the charges (513.30 + 165.98 + 617.45).
    const after = await cash();
    expect(after.flow - before.flow).toBe(12_000_000);
    expect(after.charges - before.charges).toBe(129_673);

    // The position book: RELIANCE down to 350 at the same 1,520 a share, BDL gone, the trades newest first.
    const book = await desk.positionBook();
    expect(book.holdings).toEqual([{ symbol: 'RELIANCE', shares: 350, average_price: 1_520, last_price: 1_600, value: 560_000, pnl: 28_000, last_delivery_at: '2026-10-27T10:11:00.000Z' }]);
    expect(book.holding_trades?.map((trade) => [trade.symbol, trade.side, trade.quantity, trade.realised_pnl])).toEqual([
      ['BDL', 'BUY', 325, 13_000],
      ['RELIANCE', 'SELL', 100, 8_000],
      ['RELIANCE', 'SELL', 300, 24_000],
    ]);

    // Monday's first sale of RELIANCE pays the DP charge again: 50 at 1,600 = ₹80,000; STT ₹80.00, NSE ₹2.456 → ₹2.46,
    // SEBI ₹0.08, DP ₹13.00, GST 18 % of 15.54 = ₹2.7972 → ₹2.80. Together ₹98.34.
    await atInstant({ server, market }, '2026-11-23T04:30:00Z', async () => {
      await desk.logIn();
      const monday = await sell({ symbol: 'RELIANCE', side: 'SELL', quantity: 50, order_type: 'MARKET' });
      expect(monday.status, JSON.stringify(monday.body)).toBe(200);
      expect((monday.body as HoldingOrderResponse).trade).toMatchObject({ charges: 98.34, charge_parts: { dp: 13, gst: 2.8 }, realised_pnl: 4_000 });
      // The market closed: refused, nothing placed.
      market.open(false, { nextOpen: null });
      expect(await refusal({ symbol: 'RELIANCE', side: 'SELL', quantity: 50, order_type: 'MARKET' })).toMatchObject({ code: 'order.market_closed' });
    });
    expect((await desk.positionBook()).holdings?.[0]?.shares).toBe(300);
  });
});
