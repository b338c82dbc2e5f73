// Holdings of delivered shares (issue 63): after the paper broker's deliveries at expiry, the position book shows,
// by stock, the shares the account holds (deliveries received) or owes (deliveries made), what they cost (the mean
// price of the deliveries on their side) and their value and P&L at the stock's price now. The deliveries are
// written as settlement.ts writes them (stock-delivery.test.ts settles real positions into them); here several
// deliveries of one stock add up, and a short future's delivery leaves shares owed.
import { describe, expect, it } from 'vitest';
import { openDesk, scriptedServerPerFile, type ScriptedMarket } from '../support/paper-desk.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';

describe.each(testBackends)('holdings of delivered shares on %s', (backend) => {
  let server: TestServer;
  let market: ScriptedMarket;
  let call: ContractCall;
  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  it('adds up the deliveries of each stock into shares held or owed, valued at the price now', async () => {
    market.open(true);
    market.spot(1_600);
    const desk = await openDesk(server, call, 1_000_000);
    expect((await desk.positionBook()).holdings).toEqual([]);
    const deliver = (tradingsymbol: string, symbol: string, kind: 'FUT' | 'CE' | 'PE', side: 'BUY' | 'SELL', shares: number, price: number, at: string) =>
      server.db.query(
        `INSERT INTO paper_deliveries (broker_account_id, portfolio_id, product, instrument_token, tradingsymbol, symbol, contract_kind, expiry, side, shares,
           price_paise, value_paise, stt_paise, stamp_paise, settled_at)
         VALUES ($1, NULL, 'NRML', 1, $2, $3, $4, '2026-12-29', $5, $6::integer, $7::bigint, $6::integer * $7::bigint, 0, 0, $8)`,
        [desk.account.id, tradingsymbol, symbol, kind, side, shares, price * 100, at],
      );
    // RELIANCE: a call's 500 shares at its 1,500 strike, then a future's 250 at its 1,560 settlement; BDL: a short
    // future's 325 shares delivered at 1,640.
    await deliver('RELIANCE26DEC1500CE', 'RELIANCE', 'CE', 'BUY', 500, 1_500, '2026-12-29T10:11:00Z');
    await deliver('RELIANCE26DECFUT', 'RELIANCE', 'FUT', 'BUY', 250, 1_560, '2026-12-29T10:11:00Z');
    await deliver('BDL26DECFUT', 'BDL', 'FUT', 'SELL', 325, 1_640, '2026-12-29T10:12:00Z');

    const { holdings } = await desk.positionBook();
    // RELIANCE: 750 shares costing (500 × 1,500 + 250 × 1,560) / 750 = 1,520; at 1,600 worth 12,00,000, up 750 × 80 = 60,000.
    // BDL: 325 owed, delivered at 1,640; at 1,600 they are worth −5,20,000 and the sale is up 325 × 40 = 13,000.
    expect(holdings).toEqual([
      { symbol: 'BDL', shares: -325, average_price: 1_640, last_price: 1_600, value: -520_000, pnl: 13_000, last_delivery_at: '2026-12-29T10:12:00.000Z' },
      { symbol: 'RELIANCE', shares: 750, average_price: 1_520, last_price: 1_600, value: 1_200_000, pnl: 60_000, last_delivery_at: '2026-12-29T10:11:00.000Z' },
    ]);

    // Shares received then delivered back net to nothing: no holding is left.
    await deliver('BDL27JANFUT', 'BDL', 'FUT', 'BUY', 325, 1_650, '2027-01-26T10:11:00Z');
    expect((await desk.positionBook()).holdings?.map((holding) => holding.symbol)).toEqual(['RELIANCE']);
  });
});
