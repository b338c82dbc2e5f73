// A portfolio's positions grouped by the bot whose orders made them, and its summary (trading-books.ts
// positionsByBot and summary; from the mutation run). The trader's own group comes first, then the daily bots
// and then the trading bots, each kind by id, whatever order their contracts' tokens come in; a bot is named
// from its row, a deleted one "Deleted <kind> bot <id>"; a group's P&L is its positions' summed to the paisa;
// a position carried from an earlier day is read as the net position, not the day's. The summary counts the
// positions still open, not one squared off.
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import type { OrderBot, TradingAccount } from '../../../server/services/brokers/broker-trading.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { atInstant, quotedDeskPerTest, type Desk, type ScriptedMarket } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';
import { baseStrategies, createPortfolio, dailyBotBody, tradingBotBody } from '../support/trading.ts';
import type { TestServer } from '../support/test-server.ts';

type Schemas = components['schemas'];

describe.each(testBackends)("a portfolio's positions by bot on %s", (backend) => {
  let server: TestServer;
  let call: ContractCall;
  let market: ScriptedMarket;
  let desk: Desk;

  quotedDeskPerTest(backend, (started) => ({ server, market, call, desk } = started));

  it('groups the trader first, then daily and trading bots by id, names a deleted bot, sums each group to the paisa, and counts open positions only', async () => {
    const portfolio = await createPortfolio(call, desk.token, desk.account.id, 400000, 'By bot');
    const strategies = await baseStrategies(call, desk.token);
    const daily = async (name: string) => {
      const res = await call<{ daily_bot: Schemas['DailyBot'] }>('createDailyBot', {
        token: desk.token,
        params: { portfolioId: portfolio.id },
        body: dailyBotBody(portfolio.id, strategies.get('short_straddle')!.id, { name, lots: 1, weekdays: [1], entry_time: '09:20', exit_time: '15:10', params: {} }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.daily_bot;
    };
    const first = await daily('Monday straddle');
    const second = await daily('Noon straddle');
    const deleted = await daily('Short-lived straddle');
    const created = await call<{ trading_bot: Schemas['TradingBot'] }>('createTradingBot', {
      token: desk.token,
      params: { portfolioId: portfolio.id },
      body: tradingBotBody(portfolio.id, strategies.get('trend_option_buyer')!.id, { name: 'Trend buyer', lots: 1, params: {} }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const trend = created.body.trading_bot;
    // Daily and trading bots are numbered apart: ordered by id alone, the trading bot would sit among the daily ones.
    expect(trend.id).toBeLessThan(deleted.id);

    // Seven contracts in the order of their instrument tokens (the order the position totals come in, and so
    // the groups before they are sorted): the trading bot's first, the trader's own amid the daily bots'.
    const contracts = [-100, -50, 0, 50]
      .flatMap((steps) => [desk.contract(desk.atm + steps, 'CE'), desk.contract(desk.atm + steps, 'PE')])
      .sort((a, b) => a.instrument_token - b.instrument_token)
      .slice(0, 7)
      .map((contract) => contract.tradingsymbol);
    for (const symbol of contracts) market.set(symbol, { bid: 100, ask: 100.5, last: 100.25 });
    const [trendSymbol, deletedSymbol, longSymbol, secondSymbol, firstSymbol, shortSymbol, closedSymbol] = contracts as [string, string, string, string, string, string, string];
    market.set(longSymbol, { bid: 120, ask: 120.5, last: 120.25 });
    market.set(shortSymbol, { bid: 80, ask: 80.5, last: 80.25 });

    // Each bot's entry as the engine places it (bot-orders.ts): planned with the bot, then placed under its tag.
    const account: TradingAccount = { id: desk.account.id, accountNumber: desk.accountNumber, capitalPaise: 50_000_000 };
    const botEntry = async (bot: OrderBot, symbol: string, tag: string) => {
      const intent = { exchange: 'NFO', tradingsymbol: symbol, side: 'BUY' as const, orderType: 'MARKET' as const, product: 'NRML' as const, quantity: desk.lotSize, pricePaise: 0, triggerPaise: 0 };
      const plan = await desk.services.paperTrading.planOrders(account, [intent], { portfolioId: portfolio.id, purpose: 'entry', bot });
      const placed = await desk.services.paperTrading.placeOrders(account, { ref: tag, tag }, plan.orders.map((order, slice) => ({ ...order, slice })));
      expect(placed.map((order) => order.status)).toEqual(['COMPLETE']);
    };
    await botEntry({ kind: 'trading', id: trend.id }, trendSymbol, 'trend-entry');
    await botEntry({ kind: 'daily', id: deleted.id }, deletedSymbol, 'deleted-entry');
    await botEntry({ kind: 'daily', id: second.id }, secondSymbol, 'second-entry');
    await botEntry({ kind: 'daily', id: first.id }, firstSymbol, 'first-entry');
    // The trader's own: a call bought at 120.50, a put sold at 80.00, and a contract bought and squared off.
    const own = async (orders: Array<Record<string, unknown>>) => {
      const res = await desk.trade('placeTrades', { portfolio_id: portfolio.id, orders });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.orders.map((order) => order.status)).toEqual(orders.map(() => 'COMPLETE'));
    };
    await own([desk.order(longSymbol, 'BUY', desk.lotSize), desk.order(shortSymbol, 'SELL', desk.lotSize), desk.order(closedSymbol, 'BUY', desk.lotSize)]);
    await own([desk.order(closedSymbol, 'SELL', desk.lotSize)]);

    const summary = await call<Schemas['PositionSummaryResponse']>('getPositionSummary', { token: desk.token, params: { id: portfolio.id } });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    // Six open (four bots' and the trader's two), the squared-off one not counted.
    expect(summary.body.data.open_positions).toBe(6);

    const removed = await call('deleteDailyBot', { token: desk.token, params: { id: deleted.id } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);

    // Monday: every position was carried from Friday; the call is up 2.85, the put down 1.37.
    await atInstant({ server, market }, '2026-11-23T10:00:00+05:30', async () => {
      await desk.logIn();
      market.set(longSymbol, { bid: 123.1, ask: 123.6, last: 123.35 });
      market.set(shortSymbol, { bid: 78.4, ask: 78.9, last: 78.63 });
      const byBot = await call<Schemas['PositionsByBotResponse']>('getPositionsByBot', { token: desk.token, params: { portfolioId: portfolio.id } });
      expect(byBot.status, JSON.stringify(byBot.body)).toBe(200);
      const { groups } = byBot.body.data;
      const lot = desk.lotSize;
      // Net positions (a day's would hold nothing today): each the full carried quantity, all of it overnight.
      expect(groups.map((group) => [group.bot, group.positions.map((position) => [position.tradingsymbol, position.quantity, position.overnight_quantity])])).toEqual([
        [
          null,
          [
            [longSymbol, lot, lot],
            [shortSymbol, -lot, -lot],
          ],
        ],
        [{ kind: 'daily', id: first.id, name: 'Monday straddle' }, [[firstSymbol, lot, lot]]],
        [{ kind: 'daily', id: second.id, name: 'Noon straddle' }, [[secondSymbol, lot, lot]]],
        [{ kind: 'daily', id: deleted.id, name: `Deleted daily bot ${deleted.id}` }, [[deletedSymbol, lot, lot]]],
        [{ kind: 'trading', id: trend.id, name: 'Trend buyer' }, [[trendSymbol, lot, lot]]],
      ]);
      const trader = groups[0]!;
      // The call: (123.35 − 120.50) × lot; the put: (80.00 − 78.63) × lot; the group: their sum, to the paisa.
      expect(trader.positions.map((position) => position.pnl)).toEqual([(lot * 285) / 100, (lot * 137) / 100]);
      expect(trader.pnl).toBe((lot * 285 + lot * 137) / 100);
    });
  });
});
