// A live account's money in Kite's own figures: the ticket's and the builder's margin from /margins/basket
// plus /charges/orders (computed here by the test server's own calculators, so the test says "exactly what
// Kite answered"), funds from /user/margins, a portfolio's summary from its mirrored fills with Kite's charges
// and Kite's margin for its open legs; and a read Kite could not answer is "try again", never a 500.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { basketMarginJson, charges } from '../../kite-server/calculators.ts';
import { testBackends } from '../support/test-database.ts';
import { createPortfolio } from '../support/trading.ts';
import { useKiteDesk } from './kite-desk.ts';

type Schemas = components['schemas'];

const paise = (rupees: number) => Math.round(rupees * 100);

describe.each(testBackends)("a Kite account's money on %s", (backend) => {
  const live = useKiteDesk(backend);

  it("shows Kite's basket margin and charges for a live account's orders", async () => {
    const [call, put] = [live.desk.symbol(live.desk.atm, 'CE'), live.desk.symbol(live.desk.atm, 'PE')];
    live.stack.kite.control.setPrice(`NFO:${call}`, 120);
    const orders = [live.desk.order(put, 'BUY', live.desk.lotSize, { order_type: 'LIMIT', price: 40 }), live.desk.order(call, 'SELL', live.desk.lotSize)];
    const res = await live.stack.call<Schemas['OrderMarginsResponse']>('getOrderMargins', { token: live.desk.token, body: { account_number: live.desk.accountNumber, orders } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const instrument = (symbol: string, strike: number, type: 'CE' | 'PE') => ({
      instrument_token: 0, exchange_token: 0, tradingsymbol: symbol, name: 'NIFTY', last_price: 0, expiry: live.desk.expiry, strike, tick_size: 0.05,
      lot_size: live.desk.lotSize, instrument_type: type, segment: 'NFO-OPT', exchange: 'NFO', freeze_quantity: 1800,
    });
    const priced = [
      { instrument: instrument(put, live.desk.atm, 'PE'), side: 'BUY' as const, quantity: live.desk.lotSize, pricePaise: 4000 },
      // The market sell at the best bid it fills at (the test server's depth: 5 paise under the last price), as the buy below at the ask.
      { instrument: instrument(call, live.desk.atm, 'CE'), side: 'SELL' as const, quantity: live.desk.lotSize, pricePaise: 11995 },
    ];
    const basket = basketMarginJson(priced);
    const charged = priced.reduce((sum, order) => sum + paise(charges(order).total), 0);
    const sumOf = (pick: (note: ReturnType<typeof charges>) => number) => priced.reduce((sum, order) => sum + paise(pick(charges(order))), 0) / 100;
    const margin = paise(basket.final.span + basket.final.exposure);
    const premium = paise(Math.max(0, basket.final.option_premium));
    // The test server prices a basket alike with and without consider_positions (this account holds nothing).
    expect(res.body.margins).toEqual({
      required: (margin + premium + charged) / 100,
      available: 500000,
      margin: margin / 100,
      margin_released: 0,
      premium: premium / 100,
      charges: charged / 100,
      standalone: {
        required: (margin + premium + charged) / 100,
        margin: margin / 100,
        // Kite's `initial` is each order alone: the hedged short's SPAN is what the basket saves.
        hedge_benefit: (paise(basket.initial.span + basket.initial.exposure) - margin) / 100,
      },
      // Kite's contract note line by line, each rounded to the paisa as the server reads it.
      charge_breakdown: {
        brokerage: sumOf((c) => c.brokerage),
        brokerage_status: 'priced',
        stt: sumOf((c) => c.transaction_tax),
        exchange: sumOf((c) => c.exchange_turnover_charge),
        sebi: sumOf((c) => c.sebi_turnover_charge),
        stamp_duty: sumOf((c) => c.stamp_duty),
        gst: sumOf((c) => c.gst.total),
        // Kite prices the trader's own orders: no call-and-trade charge on them.
        call_and_trade: 0,
      },
    });
  });

  // Issue 62: Kite's calculator prices a MARKET buy at the last price; Kite fills it at the ask.
  it('prices a market buy\'s premium at the ask it fills at', async () => {
    const put = live.desk.symbol(live.desk.atm, 'PE');
    live.stack.kite.control.setPrice(`NFO:${put}`, 80);
    const res = await live.stack.call<Schemas['OrderMarginsResponse']>('getOrderMargins', {
      token: live.desk.token,
      body: { account_number: live.desk.accountNumber, orders: [live.desk.order(put, 'BUY', live.desk.lotSize)] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The best offer: 5 paise over the last price.
    expect(res.body.margins.premium).toBe((8005 * live.desk.lotSize) / 100);
  });

  it("reads the account's funds from Kite's /user/margins", async () => {
    const segment = (net: number) => ({
      enabled: true,
      net,
      available: { adhoc_margin: 0, cash: 450000, opening_balance: 450000, live_balance: 400000, collateral: 0, intraday_payin: 0 },
      utilised: { debits: 50000, exposure: 10000, m2m_realised: 0, m2m_unrealised: 0, option_premium: 10000, payout: 0, span: 30000, holding_sales: 0, turnover: 0, liquid_collateral: 0, stock_collateral: 0, delivery: 0 },
    });
    live.stack.kite.control.setMargins(live.desk.input.api_key, { equity: segment(400000), commodity: segment(0) });
    try {
      const book = await live.desk.positionBook();
      expect(book.status).toBe(200);
      expect(book.body.position_book.margins).toEqual({ available: 400000, used: 50000, equity: 450000 });
    } finally {
      live.stack.kite.control.setMargins(live.desk.input.api_key, 500000);
    }
  });

  it("sums a portfolio's P&L from its own fills, with Kite's charges and Kite's margin for its open legs", async () => {
    const portfolio = await createPortfolio(live.stack.call, live.desk.token, live.desk.account.id);
    const call = live.desk.symbol(live.desk.atm + 50, 'CE');
    live.stack.kite.control.setPrice(`NFO:${call}`, 100);
    const sold = await live.desk.place([live.desk.order(call, 'SELL', 2 * live.desk.lotSize)], { portfolio_id: portfolio.id });
    expect(sold.body.orders[0]!.status).toBe('COMPLETE');
    // Bought back half for the portfolio; a trade of the account's own, outside it, is not the portfolio's.
    live.stack.kite.control.setPrice(`NFO:${call}`, 90);
    await live.desk.place([live.desk.order(call, 'BUY', live.desk.lotSize)], { portfolio_id: portfolio.id });
    await live.desk.place([live.desk.order(call, 'SELL', live.desk.lotSize)]);
    live.stack.kite.control.setPrice(`NFO:${call}`, 95);

    const summary = await live.stack.call<Schemas['PositionSummaryResponse']>('getPositionSummary', { token: live.desk.token, params: { id: portfolio.id } });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    const instrument = { instrument_token: 0, exchange_token: 0, tradingsymbol: call, name: 'NIFTY', last_price: 0, expiry: live.desk.expiry, strike: live.desk.atm + 50, tick_size: 0.05, lot_size: live.desk.lotSize, instrument_type: 'CE', segment: 'NFO-OPT', exchange: 'NFO', freeze_quantity: 1800 };
    const feeOf = (side: 'BUY' | 'SELL', quantity: number, rupees: number) => paise(charges({ instrument, side, quantity, pricePaise: paise(rupees) }).total);
    const fees = feeOf('SELL', 2 * live.desk.lotSize, 100) + feeOf('BUY', live.desk.lotSize, 90);
    const realised = paise(10) * live.desk.lotSize;
    const unrealised = paise(5) * live.desk.lotSize;
    const margin = basketMarginJson([{ instrument, side: 'SELL', quantity: live.desk.lotSize, pricePaise: paise(95) }]).final.total;
    expect(summary.body.data).toMatchObject({
      status: 'OK',
      realised: realised / 100,
      unrealised: unrealised / 100,
      charges: fees / 100,
      net_pnl: (realised + unrealised - fees) / 100,
      open_positions: 1,
      margin_used: paise(margin) / 100,
    });
    const positions = await live.stack.call<Schemas['PositionsResponse']>('getPositions', { token: live.desk.token, params: { portfolioId: portfolio.id } });
    expect(positions.body.data.positions.map((position) => [position.tradingsymbol, position.quantity, position.last_price])).toEqual([[call, -live.desk.lotSize, 95]]);

    // The trade book: each fill carries its order's charges from Kite's contract note (the fills share a
    // second here, so their order is not the point).
    const book = await live.desk.orderBook();
    expect(book.body.trades).toHaveLength(3);
    expect(book.body.trades.map((trade) => [trade.transaction_type, trade.quantity, trade.charges])).toEqual(expect.arrayContaining([
      ['SELL', live.desk.lotSize, feeOf('SELL', live.desk.lotSize, 90) / 100],
      ['BUY', live.desk.lotSize, feeOf('BUY', live.desk.lotSize, 90) / 100],
      ['SELL', 2 * live.desk.lotSize, feeOf('SELL', 2 * live.desk.lotSize, 100) / 100],
    ]));
    expect(book.body.order_book.every((order) => order.lot_size === live.desk.lotSize)).toBe(true);
  });

  it('answers a read Kite could not be reached for as "try again" (503), not as a fault', async () => {
    live.stack.network.failNext('GET', '/orders');
    const book = await live.desk.orderBook();
    expect(book.status).toBe(503);
    expect(book.body).toMatchObject({ code: 'broker_unavailable' });
    expect(book.headers['retry-after']).toBe('5');
    expect((await live.desk.orderBook()).status).toBe(200);
  });
});
