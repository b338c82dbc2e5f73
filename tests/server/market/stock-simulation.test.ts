// The simulator's stocks and futures (issue 63, slice 3) on a real database, as a trader meets them: a stock's chain
// opens with its months and futures, its options price around the stock's own spot (at the money near the spot,
// put-call parity around the future), a future sits at S·e^(r·t), and a stock nobody watches costs the tick nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { impliedVolatility } from '../../../quant/implied-volatility.ts';
import { servicesDecorator } from '../../../server/app.ts';
import type { LastPrice, MarketService } from '../../../server/services/market/market-service.ts';
import type { Services } from '../../../server/services/services.ts';
import { testBackends } from '../support/test-database.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { openDesk } from '../support/paper-desk.ts';
import { listStocks, watchedKeys } from '../support/stock-listing.ts';
import { guardedClient } from '../support/trading.ts';
import { signedInAccount } from '../support/accounts.ts';
import { manualClock, startTestServer, type TestServer } from '../support/test-server.ts';

type Expiries = components['schemas']['ExpiriesResponse'];

// Friday 20 November 2026, 12:00 IST: RELIANCE's near month would expire on Tuesday 24 November, a holiday (Guru
// Nanak Jayanti), so on Monday 23 November.
const fridayNoon = new Date('2026-11-20T06:30:00Z');
const yearMs = 365 * 24 * 60 * 60 * 1000;

const marketOf = (server: TestServer): MarketService => server.app.getDecorator<Services>(servicesDecorator).market;
const mid = (quote: LastPrice) => ((quote.bid ?? 0) + (quote.ask ?? 0)) / 2;

describe.each(testBackends)('the simulator\'s stocks and futures on %s', (backend) => {
  let server: TestServer;
  let market: MarketService;

  beforeAll(async () => {
    server = await startTestServer({ backend, clock: manualClock(fridayNoon), market: { seed: 'stocks', demo: true, tickMs: 1000 } });
    market = marketOf(server);
    await market.tick();
  }, 180_000);

  afterAll(async () => {
    await server.close();
  });

  it('lists a stock\'s monthly option months and its near, next and far futures, each with the contract\'s lot', async () => {
    const answer: Expiries = await market.expiries('RELIANCE');
    expect(answer.underlying).toBe('NSE:RELIANCE');
    // 26 January 2027 is Republic Day: the January month expires on Monday 25.
    expect(answer.expiries.map((e) => e.date)).toEqual(['2026-11-23', '2026-12-29', '2027-01-25']);
    expect(answer.expiries.every((e) => e.kind === 'monthly')).toBe(true);
    expect(answer.futures?.map((f) => [f.tradingsymbol, f.series, f.lot_size])).toEqual([
      ['RELIANCE26NOVFUT', 'near', 500],
      ['RELIANCE26DECFUT', 'next', 500],
      ['RELIANCE27JANFUT', 'far', 500],
    ]);
  });

  it('opens a stock\'s chain around its own spot, with at the money near the spot and put-call parity around the future', async () => {
    const expiry = '2026-12-29';
    const chain = await market.instruments('RELIANCE', expiry);
    expect(chain.lot_size).toBe(500);
    // NSE's interval at the money in its options bhavcopy of 16 Dec 2025 (migration 144), not the price band's ₹20.
    expect(chain.strike_step).toBe(10);
    const future = (await market.expiries('RELIANCE')).futures!.find((f) => f.expiry === expiry)!;
    const quotes = await market.quotes(['NSE:RELIANCE', future.instrument, ...chain.instruments.map((i) => i.instrument)]);
    const spot = quotes['NSE:RELIANCE']!.last_price;
    // The published close of 9 Oct 2026 was ₹1,170.30: six weeks of a 19 % volatility later it is within ±40 %.
    expect(spot).toBeGreaterThan(1170.3 * 0.6);
    expect(spot).toBeLessThan(1170.3 * 1.4);
    const strikes = [...new Set(chain.instruments.map((i) => i.strike))];
    expect(Math.min(...strikes)).toBeLessThan(spot * 0.8);
    expect(Math.max(...strikes)).toBeGreaterThan(spot * 1.2);
    const atm = strikes.reduce((best, k) => (Math.abs(k - spot) < Math.abs(best - spot) ? k : best));
    expect(Math.abs(atm - spot)).toBeLessThanOrEqual(5);
    expect(strikes.some((k) => k % 20 !== 0)).toBe(true);

    const futureQuote = quotes[future.instrument]!;
    const years = (Date.parse(`${expiry}T10:10:00Z`) - fridayNoon.getTime()) / yearMs;
    const discount = Math.exp(-0.0525 * years);
    const symbolOf = (k: number, type: 'CE' | 'PE') => chain.instruments.find((i) => i.strike === k && i.instrument_type === type)!.instrument;
    let checked = 0;
    for (const k of strikes.filter((strike) => Math.abs(strike - atm) <= 100)) {
      const call = quotes[symbolOf(k, 'CE')]!;
      const put = quotes[symbolOf(k, 'PE')]!;
      expect(call.bid!).toBeGreaterThan(0);
      // The books hold parity on the future's book: call bid − put ask ≤ e^(−rT)(F − K) ≤ call ask − put bid, F anywhere in its book.
      expect(call.bid! - put.ask!).toBeLessThanOrEqual(discount * (futureQuote.ask! - k) + 0.01);
      expect(call.ask! - put.bid!).toBeGreaterThanOrEqual(discount * (futureQuote.bid! - k) - 0.01);
      // At the money a stock's book is wider than an index's one or two ticks, and still a small share of the premium.
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(9);
    const atmCall = quotes[symbolOf(atm, 'CE')]!;
    expect(Math.round((atmCall.ask! - atmCall.bid!) / 0.05)).toBeGreaterThanOrEqual(3);
    expect(atmCall.ask! - atmCall.bid!).toBeLessThan(mid(atmCall) * 0.05);
    expect(atmCall.oi!).toBeGreaterThan(0);
    expect(atmCall.oi! % 500).toBe(0);
  });

  it('quotes a future near S·e^(r·t), a stock\'s on the dated carry and an index\'s on its options\' forward', async () => {
    const stock = (await market.expiries('HDFCBANK')).futures![0]!;
    const index = (await market.expiries('NIFTY')).futures![0]!;
    const quotes = await market.quotes(['NSE:HDFCBANK', stock.instrument, 'NSE:NIFTY 50', index.instrument]);
    const now = (await market.states()).get('NIFTY')!.tickedAtMs;
    const fair = (spot: number, rate: number, expiry: string) => spot * Math.exp((rate * (Date.parse(`${expiry}T10:10:00Z`) - now)) / yearMs);
    const stockFair = fair(quotes['NSE:HDFCBANK']!.last_price, 0.0525, stock.expiry);
    expect(quotes[stock.instrument]!.bid!).toBeLessThanOrEqual(stockFair + 0.05);
    expect(quotes[stock.instrument]!.ask!).toBeGreaterThanOrEqual(stockFair - 0.05);
    expect(Math.abs(mid(quotes[stock.instrument]!) - stockFair)).toBeLessThan(stockFair * 0.002);
    const indexFair = fair(quotes['NSE:NIFTY 50']!.last_price, 0.055, index.expiry);
    expect(Math.abs(mid(quotes[index.instrument]!) - indexFair)).toBeLessThan(indexFair * 0.0005);
    // A stock's future book is wider, relative to its price, than an index's.
    const relative = (q: LastPrice) => (q.ask! - q.bid!) / mid(q);
    expect(relative(quotes[stock.instrument]!)).toBeGreaterThan(relative(quotes[index.instrument]!));
    expect(quotes[stock.instrument]!.oi! % stock.lot_size).toBe(0);
  });

  it('moves a stock with the market\'s ticks, each stock on its own path', async () => {
    const before = await market.quotes(['NSE:RELIANCE', 'NSE:ICICIBANK']);
    server.clock.advance(60 * 60 * 1000);
    await market.tick();
    const after = await market.quotes(['NSE:RELIANCE', 'NSE:ICICIBANK']);
    const move = (key: string) => Math.log(after[key]!.last_price / before[key]!.last_price);
    expect(move('NSE:RELIANCE')).not.toBe(0);
    expect(move('NSE:RELIANCE')).not.toBeCloseTo(move('NSE:ICICIBANK'), 6);
    expect(after['NSE:RELIANCE']!.timestamp).toBe(new Date(server.clock.now().getTime()).toISOString());
  });

  it('streams a stock, its option and its future, and sends their moves at the next tick', async () => {
    const { token } = await signedInAccount(guardedClient(server.app));
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const listed = await market.expiries('RELIANCE');
    const chain = await market.instruments('RELIANCE', listed.expiries[0]!.date);
    const instruments = ['NSE:RELIANCE', chain.instruments[Math.floor(chain.instruments.length / 2)]!.instrument, listed.futures![0]!.instrument];
    const res = await fetch(`${address}/api/market/stream/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instruments }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).getReader();
    let buffer = '';
    const nextEvent = async (): Promise<{ event: string; data: { data: Record<string, LastPrice> } }> => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1] ?? 'message';
          if (event === 'heartbeat') continue;
          return { event, data: JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? 'null') };
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += value;
      }
    };
    const snapshot = await nextEvent();
    expect(snapshot.event).toBe('snapshot');
    expect(Object.keys(snapshot.data.data).sort()).toEqual([...instruments].sort());
    expect(snapshot.data.data[instruments[2]!]!.bid).toBeGreaterThan(0);
    server.clock.advance(60_000);
    await market.tick();
    await server.app.getDecorator<Services>(servicesDecorator).marketFeed.poll();
    const delta = await nextEvent();
    expect(delta.event).toBe('delta');
    expect(Object.keys(delta.data.data)).toContain('NSE:RELIANCE');
    await reader.cancel();
  });

  it('simulates every F&O member of the day, and opens the chain of one migration 141 added around its own close', async () => {
    // Every stock that is a member on 2 Dec 2026 has a simulation row (116's 20 and 141's 187); the excluded have none.
    const { rows } = await server.db.query<{ symbol: string; simulated: boolean }>(
      `SELECT u.symbol, EXISTS (SELECT 1 FROM stock_simulation s WHERE s.symbol = u.symbol) AS simulated
       FROM underlyings u JOIN fo_memberships m ON m.symbol = u.symbol
       WHERE u.kind = 'stock' AND (m.listed_from IS NULL OR m.listed_from <= DATE '2026-12-02') AND (m.excluded_from IS NULL OR m.excluded_from > DATE '2026-12-02')`,
    );
    expect(rows).toHaveLength(207);
    expect(rows.filter((row) => !row.simulated)).toEqual([]);
    const { rows: excluded } = await server.db.query<{ count: string }>(
      `SELECT count(*) AS count FROM stock_simulation WHERE symbol IN ('DALBHARAT', 'HUDCO', 'PPLPHARMA', 'HFCL', 'CYIENT')`,
    );
    expect(Number(excluded[0]!.count)).toBe(0);

    // TITAN: ₹4,410 on 9 Oct 2026, its strikes ₹20 apart as NSE's were at ₹3,930 on 16 Dec 2025 (the price band would
    // say ₹50), and its market lot of 1 Aug 2026, 175.
    const listed = await market.expiries('TITAN');
    expect(listed.expiries.map((e) => e.date)).toEqual(['2026-11-23', '2026-12-29', '2027-01-25']);
    expect(listed.futures?.map((f) => [f.tradingsymbol, f.lot_size])).toEqual([
      ['TITAN26NOVFUT', 175],
      ['TITAN26DECFUT', 175],
      ['TITAN27JANFUT', 175],
    ]);
    const chain = await market.instruments('TITAN', '2026-12-29');
    expect(chain).toMatchObject({ index: 'TITAN', lot_size: 175, strike_step: 20, underlying: 'NSE:TITAN' });
    const quotes = await market.quotes(['NSE:TITAN', listed.futures![1]!.instrument, ...chain.instruments.map((i) => i.instrument)]);
    const spot = quotes['NSE:TITAN']!.last_price;
    expect(spot).toBeGreaterThan(4410 * 0.6);
    expect(spot).toBeLessThan(4410 * 1.4);
    const strikes = [...new Set(chain.instruments.map((i) => i.strike))];
    expect(strikes.every((k) => k % 20 === 0)).toBe(true);
    const atm = strikes.reduce((best, k) => (Math.abs(k - spot) < Math.abs(best - spot) ? k : best));
    expect(Math.abs(atm - spot)).toBeLessThanOrEqual(10);
    const atmCall = quotes[chain.instruments.find((i) => i.strike === atm && i.instrument_type === 'CE')!.instrument]!;
    expect(atmCall.bid!).toBeGreaterThan(0);
    expect(atmCall.ask!).toBeGreaterThan(atmCall.bid!);
    expect(atmCall.oi! % 175).toBe(0);
    expect(quotes[listed.futures![1]!.instrument]!.bid!).toBeGreaterThan(spot);

    // IDEA, at ₹13: ₹1 strikes, as NSE's at ₹11.25, and no strike at or below zero.
    const idea = await market.instruments('IDEA', '2026-12-29');
    expect(idea).toMatchObject({ strike_step: 1, lot_size: 71475 });
    expect(Math.min(...idea.instruments.map((i) => i.strike))).toBeGreaterThan(0);
  });

  it("prices each stock's options on its own volatility from NSE's file, and lists ₹2.50 strikes where NSE does", async () => {
    // The at-the-money call's implied volatility against its own future: NSE's daily volatility of 16 Dec 2025 × √248
    // (migration 144), 5 % over it at the money (stockSmile). The sectors' figures were 20 % and 32 %.
    const expiry = '2026-12-29';
    const years = (Date.parse(`${expiry}T10:10:00Z`) - fridayNoon.getTime()) / yearMs;
    const atmVolatility = async (symbol: string): Promise<number> => {
      const chain = await market.instruments(symbol, expiry);
      const future = (await market.expiries(symbol)).futures!.find((f) => f.expiry === expiry)!;
      const quotes = await market.quotes([future.instrument, ...chain.instruments.map((i) => i.instrument)]);
      const forward = mid(quotes[future.instrument]!);
      const call = chain.instruments
        .filter((i) => i.instrument_type === 'CE')
        .reduce((best, i) => (Math.abs(i.strike - forward) < Math.abs(best.strike - forward) ? i : best));
      const solved = impliedVolatility({ kind: 'CE', forward, strike: call.strike, years, rate: 0.0525, price: mid(quotes[call.instrument]!) });
      if (!solved.ok) throw new Error(`${symbol}: no implied volatility (${solved.reason})`);
      return solved.volatility;
    };
    // HDFCBANK: 0.01046975 a day, 16.5 % a year; KAYNES: 0.03311142, 52.1 %.
    expect(Math.abs((await atmVolatility('HDFCBANK')) - 0.1649 * 1.05)).toBeLessThan(0.02);
    expect(Math.abs((await atmVolatility('KAYNES')) - 0.5214 * 1.05)).toBeLessThan(0.04);

    // NTPC: NSE lists its strikes ₹2.50 apart (migrations 144 and 146), named with their paise as Kite names them
    // (NTPC26DEC312.5CE), each quoted.
    const ntpc = await market.instruments('NTPC', expiry);
    expect(ntpc.strike_step).toBe(2.5);
    const halves = ntpc.instruments.filter((i) => !Number.isInteger(i.strike));
    expect(halves.length).toBeGreaterThan(10);
    expect(halves.every((i) => i.strike % 2.5 === 0 && i.tradingsymbol === `NTPC26DEC${i.strike}${i.instrument_type}`)).toBe(true);
    const half = halves[Math.floor(halves.length / 2)]!;
    expect((await market.quotes([half.instrument]))[half.instrument]!.ask!).toBeGreaterThan(0);
    const { rows } = await server.db.query<{ symbol: string; volatility_source: string; strike_step_source: string }>(
      "SELECT symbol, volatility_source, strike_step_source FROM stock_simulation WHERE symbol IN ('NTPC', 'SWIGGY') ORDER BY symbol",
    );
    expect(rows[0]!.strike_step_source).toMatch(/₹2\.50 apart/);
    expect(rows[0]!.volatility_source).toMatch(/FOVOLT_16122025/);
    // SWIGGY joined F&O after the file: its sector's figure, said so.
    expect(rows[1]!.volatility_source).toMatch(/^Model choice for the sector/);
  });

  it('answers a symbol the simulator does not price with a 404, not a 500', async () => {
    await expect(market.expiries('NOSUCHSTOCK')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe.each(testBackends)('paper orders on a stock option and a future on %s', (backend) => {
  let server: TestServer;
  let call: ContractCall;

  beforeAll(async () => {
    server = await startTestServer({ backend, clock: manualClock(fridayNoon), market: { seed: 'stock-orders', demo: true, tickMs: 1000 } });
    call = guardedClient(server.app);
    await marketOf(server).tick();
  }, 180_000);

  afterAll(async () => {
    await server.close();
  });

  it('fills a stock option and a future at the simulator\'s book, in the contract\'s lots', async () => {
    // ₹5,00,000: less than a RELIANCE future's notional (500 × about ₹1,170), so the future must block only its margin.
    const desk = await openDesk(server, call, 500_000);
    const listed = await call<Expiries>('getExpiries', { token: desk.token, query: { index: 'RELIANCE' } });
    expect(listed.status).toBe(200);
    const expiry = listed.body.expiries[1]!.date;
    const chain = await call<components['schemas']['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'RELIANCE', expiry } });
    expect(chain.status).toBe(200);
    // NSE's freeze file's 15,000 shares (migration 142): 30 lots of 500 an order.
    expect(chain.body.freeze_quantity).toBe(15_000);
    const lot = chain.body.lot_size;
    const spot = (await marketOf(server).quotes(['NSE:RELIANCE']))['NSE:RELIANCE']!.last_price;
    const call_ = chain.body.instruments.filter((i) => i.instrument_type === 'CE').reduce((best, i) => (Math.abs(i.strike - spot) < Math.abs(best.strike - spot) ? i : best));
    const future = listed.body.futures!.find((f) => f.expiry === expiry)!;

    // Not a whole number of lots: refused with the contract's lot.
    const odd = await desk.trade('placeTrades', { orders: [desk.order(call_.tradingsymbol, 'BUY', lot + 1)] });
    expect(odd.status).toBe(200);
    expect(odd.body.orders[0]!.status).toBe('REJECTED');
    expect(odd.body.orders[0]!.status_message).toContain(String(lot));

    for (const instrument of [call_.instrument, future.instrument]) {
      const symbol = instrument.slice(4);
      const book = (await marketOf(server).quotes([instrument]))[instrument]!;
      const order = await desk.place(symbol, 'BUY', lot);
      const filled = order.status === 'COMPLETE' ? order : (await desk.tick(), (await desk.orderBook()).order_book.find((o) => o.order_id === order.order_id)!);
      expect(filled.status, JSON.stringify(filled)).toBe('COMPLETE');
      expect(filled.filled_quantity).toBe(lot);
      expect(filled.average_price).toBeGreaterThanOrEqual(book.bid!);
      expect(filled.average_price).toBeLessThanOrEqual(book.ask!);
      // On the ₹0.05 tick.
      expect(Math.round(filled.average_price * 100) % 5).toBe(0);
    }
    const positions = await desk.positionBook();
    const held = (symbol: string) => JSON.stringify(positions).includes(symbol);
    expect(held(call_.tradingsymbol)).toBe(true);
    expect(held(future.tradingsymbol)).toBe(true);

    // A strike with paise (NTPC's ₹2.50 grid) is ordered, filled and held under its own name.
    const ntpc = await call<components['schemas']['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NTPC', expiry } });
    expect(ntpc.status).toBe(200);
    const ntpcSpot = (await marketOf(server).quotes(['NSE:NTPC']))['NSE:NTPC']!.last_price;
    const half = ntpc.body.instruments
      .filter((i) => i.instrument_type === 'PE' && !Number.isInteger(i.strike))
      .reduce((best, i) => (Math.abs(i.strike - ntpcSpot) < Math.abs(best.strike - ntpcSpot) ? i : best));
    const halfOrder = await desk.place(half.tradingsymbol, 'BUY', ntpc.body.lot_size);
    const halfFilled = halfOrder.status === 'COMPLETE' ? halfOrder : (await desk.tick(), (await desk.orderBook()).order_book.find((o) => o.order_id === halfOrder.order_id)!);
    expect(halfFilled.status, JSON.stringify(halfFilled)).toBe('COMPLETE');
    expect(JSON.stringify(await desk.positionBook())).toContain(half.tradingsymbol);
  });

  it("sends a stock order above NSE's freeze quantity as whole-lot orders, each filled; a stock the freeze file does not name is not sliced", async () => {
    const desk = await openDesk(server, call, 100_000_000);
    const listed = await call<Expiries>('getExpiries', { token: desk.token, query: { index: 'RELIANCE' } });
    const future = listed.body.futures![0]!;
    // RELIANCE: 15,000 shares an order, 30 lots of 500; 31 lots go out as 30 and 1.
    const res = await desk.trade('placeTrades', { orders: [desk.order(future.tradingsymbol, 'BUY', 31 * future.lot_size)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.orders.map((order) => [order.quantity, order.status])).toEqual([
      [15_000, 'COMPLETE'],
      [500, 'COMPLETE'],
    ]);

    // WAAREEENER joined F&O after the file (migration 142): no freeze quantity is held, and its chain says none.
    const waaree = await call<Expiries>('getExpiries', { token: desk.token, query: { index: 'WAAREEENER' } });
    const chain = await call<components['schemas']['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'WAAREEENER', expiry: waaree.body.expiries[0]!.date } });
    expect(chain.body.freeze_quantity).toBeNull();
    const waareeFuture = waaree.body.futures![0]!;
    const big = await desk.trade('placeTrades', { orders: [desk.order(waareeFuture.tradingsymbol, 'BUY', 40 * waareeFuture.lot_size)] });
    expect(big.body.orders.map((order) => order.quantity)).toEqual([40 * waareeFuture.lot_size]);
  });
});

describe.each(testBackends)('the tick\'s cost with stocks listed and watched on %s', (backend) => {
  // 200 stocks listed, 10 of them watched (every strike of the near month, the three futures, the stock itself): a
  // tick and the watched quotes price those 10 and no other (the market's own account of the stocks it priced since
  // the tick). Counted, not timed, so a busy machine cannot fail it; what it costs in milliseconds is
  // `npm run bench -- stock-market`'s.
  let server: TestServer;
  let watchedSymbols: string[] = [];
  const watched: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ backend, clock: manualClock(fridayNoon), market: { seed: 'stock-cost', demo: true, tickMs: 1000 } });
    expect(await listStocks(server.db, 200)).toBe(200);
    const { rows } = await server.db.query<{ symbol: string }>(`SELECT symbol FROM stock_simulation ORDER BY close_source = 'test listing', symbol LIMIT 10`);
    watchedSymbols = rows.map((row) => row.symbol);
    for (const symbol of watchedSymbols) watched.push(...(await watchedKeys(marketOf(server), symbol)));
  }, 240_000);

  afterAll(async () => {
    await server.close();
  });

  it('prices only the watched stocks at each tick, however many are listed', async () => {
    expect(watched.length).toBeGreaterThan(500);
    for (let round = 0; round < 3; round += 1) {
      server.clock.advance(1000);
      await marketOf(server).tick();
      // The tick itself prices no stock.
      expect(await marketOf(server).stocksPricedThisTick()).toEqual([]);
      const quotes = await marketOf(server).quotes(watched);
      expect(Object.keys(quotes)).toHaveLength(watched.length);
      expect((await marketOf(server).stocksPricedThisTick()).sort()).toEqual([...watchedSymbols].sort());
    }
  }, 120_000);
});
