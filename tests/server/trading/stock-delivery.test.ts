// Physical settlement in the paper broker (issue 63): a stock future and an in-the-money stock option held into
// expiry settle by delivery of the shares (a delivery record, the cash moved by its value and its charges, to the
// paisa), an out-of-the-money one expires worthless, an index option still settles in cash; from four trading days
// before expiry (not five) each such position shows in the position book what it will deliver and the margin it
// needs now and on each day left, the broker's margin rising with it; an account that cannot fund the expiry day's
// margin is warned, then squared off on the expiry day at the broker's time, before the close.
//
// One scripted server, its clock moved forward through the file (the tests run in order): the index desk trades
// NIFTY's November expiry from Friday 20 November 2026; the stock desks open their positions on Friday 18 December
// (a StrikeDesk session lasts 30 days). December's stock contracts expire on Tuesday 29 December; Christmas (Friday
// the 25th) is a holiday, so E-1 is Monday the 28th, E-4 Tuesday the 22nd and E-5 Monday the 21st.
import { beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { openDesk, scriptedServerPerFile, type Desk, type ScriptedMarket } from '../support/paper-desk.ts';
import type { ContractCall } from '../support/contract-client.ts';
import { testBackends } from '../support/test-database.ts';
import type { TestServer } from '../support/test-server.ts';

type Schemas = components['schemas'];

const ist = (day: string, time: string) => Date.parse(`${day}T${time}+05:30`);
const paise = (rupees: number) => Math.round(rupees * 100);

describe.each(testBackends)('physical settlement in the paper broker on %s', (backend) => {
  let server: TestServer;
  let market: ScriptedMarket;
  let call: ContractCall;

  scriptedServerPerFile(backend, (started) => ({ server, market, call } = started));

  /** Moves the clock to an IST instant (only forward) and logs every desk in again (sessions end at 06:00 IST). */
  const at = async (day: string, time: string) => {
    server.clock.advance(ist(day, time) - server.clock.now().getTime());
    for (const desk of stockDesks()) await desk.logIn();
  };
  const book = (desk: Desk) => desk.positionBook();
  const positionOf = async (desk: Desk, symbol: string) => (await book(desk)).net.find((position) => position.tradingsymbol === symbol)!;
  const alertsOf = async (desk: Desk) =>
    (await server.db.query<{ event: string; at: Date; body: string }>('SELECT event, at, body FROM alerts WHERE broker_account_id = $1 ORDER BY id', [desk.account.id])).rows;
  const cash = async (desk: Desk) => {
    const { rows } = await server.db.query<{ flow_paise: string; charges_paise: string }>('SELECT flow_paise, charges_paise FROM paper_cash WHERE broker_account_id = $1', [desk.account.id]);
    return { flow: Number(rows[0]!.flow_paise), charges: Number(rows[0]!.charges_paise) };
  };

  const stockDesks = () => [funded, future, unfunded].filter((desk) => desk !== undefined);
  let funded: Desk;
  let future: Desk;
  let unfunded: Desk;
  let index: Desk;
  let strike: number;
  let itmCall: string;
  let otmCall: string;
  let futureSymbol: string;
  let niftyCall: string;
  const lot = 500;
  // RELIANCE at the strike + ₹100 from here on: the call is ₹100 in the money, the strike + ₹200 call ₹100 out of it.
  let spot: number;

  beforeAll(async () => {
    server.clock.advance(60_000);
    market.open(true);
    market.demo(true);
    market.spot(26050);
    index = await openDesk(server, call, 500_000);
    niftyCall = index.contract(index.atm, 'CE').tradingsymbol;
    market.set(niftyCall, { bid: 120, ask: 120.5, last: 120.25 });
    expect((await index.place(niftyCall, 'BUY', 65)).status).toBe('COMPLETE');
  });

  it('settles an index option in cash at its intrinsic value, with no delivery', async () => {
    // NIFTY's November contracts expire on Monday the 23rd (Tuesday the 24th is a holiday); the close is 15:40 IST.
    market.spot(index.atm + 150);
    market.closingValue(index.atm + 150);
    await at('2026-11-23', '15:41:00');
    await index.tick();
    const settled = await positionOf(index, niftyCall);
    expect(settled).toMatchObject({ quantity: 0, sell_price: 150 });
    expect(settled.delivery).toBeUndefined();
    expect((await book(index)).deliveries).toEqual([]);
    market.closingValue(null);
  });

  it('opens a stock call in the money, one out of it and a future on Friday 18 December', async () => {
    await at('2026-12-18', '10:00:00');
    funded = await openDesk(server, call, 1_000_000);
    future = await openDesk(server, call, 1_000_000);
    unfunded = await openDesk(server, call, 100_000);
    const chain = await call<Schemas['InstrumentsResponse']>('getInstruments', { token: funded.token, query: { index: 'RELIANCE', expiry: '2026-12-29' } });
    expect(chain.status).toBe(200);
    expect(chain.body.lot_size).toBe(lot);
    const strikes = [...new Set(chain.body.instruments.map((instrument) => instrument.strike))];
    strike = strikes[Math.floor(strikes.length / 2)]!;
    const symbolOf = (k: number) => chain.body.instruments.find((instrument) => instrument.strike === k && instrument.instrument_type === 'CE')!.tradingsymbol;
    itmCall = symbolOf(strike);
    otmCall = symbolOf(strike + 200);
    const listed = await call<Schemas['ExpiriesResponse']>('getExpiries', { token: funded.token, query: { index: 'RELIANCE' } });
    futureSymbol = listed.body.futures!.find((f) => f.expiry === '2026-12-29')!.tradingsymbol;
    spot = strike + 100;
    market.spot(spot);
    market.set(itmCall, { bid: 110, ask: 110.5, last: 110.25 });
    market.set(otmCall, { bid: 20, ask: 20.5, last: 20.25 });
    market.set(futureSymbol, { bid: spot + 5, ask: spot + 5.5, last: spot + 5.25 });
    expect((await funded.place(itmCall, 'BUY', lot)).status).toBe('COMPLETE');
    expect((await funded.place(otmCall, 'BUY', lot)).status).toBe('COMPLETE');
    expect((await future.place(futureSymbol, 'BUY', lot)).status).toBe('COMPLETE');
    expect((await unfunded.place(itmCall, 'BUY', lot)).status).toBe('COMPLETE');
  });

  it('shows no delivery five trading days before expiry, and from four the obligation and the margin of each day left', async () => {
    await at('2026-12-21', '10:00:00');
    await funded.tick();
    expect((await positionOf(funded, itmCall)).delivery).toBeUndefined();
    expect((await positionOf(future, futureSymbol)).delivery).toBeUndefined();
    const usedAtE5 = (await book(funded)).margins.used;
    expect(await alertsOf(unfunded)).toEqual([]);

    await at('2026-12-22', '10:00:00');
    const value = lot * paise(spot);
    // E-4 to E-2: 10 %, 25 %, 45 % of the stock's VaR + ELM (the paper broker's price scan + exposure: NSE's rule
    // on RELIANCE's volatility, 14.2 % + 3.5 %, migration 145),
    // E-1 25 % and the expiry day 50 % of the contract value at today's price (Zerodha's schedule, migration 122).
    const ofVar = (percent: number) => Math.round((value * 17.7 * percent) / 10_000) / 100;
    const ofValue = (percent: number) => Math.round((value * percent) / 100) / 100;
    const call_ = await positionOf(funded, itmCall);
    expect(call_.delivery).toEqual({
      days_to_expiry: 4,
      obligation: { side: 'BUY', shares: lot, symbol: 'RELIANCE', price: strike, value: lot * strike },
      margin_now: ofVar(10),
      days: [
        { date: '2026-12-22', days_to_expiry: 4, margin: ofVar(10) },
        { date: '2026-12-23', days_to_expiry: 3, margin: ofVar(25) },
        { date: '2026-12-24', days_to_expiry: 2, margin: ofVar(45) },
        { date: '2026-12-28', days_to_expiry: 1, margin: ofValue(25) },
        { date: '2026-12-29', days_to_expiry: 0, margin: ofValue(50) },
      ],
    });
    // The out-of-the-money call owes nothing and is asked for nothing.
    expect((await positionOf(funded, otmCall)).delivery).toMatchObject({ days_to_expiry: 4, obligation: null, margin_now: null });
    // The broker blocks the delivery margin: a bought option needs no other margin, so used rises by exactly it.
    expect((await book(funded)).margins.used).toBeCloseTo(usedAtE5 + ofVar(10), 2);
    // A future receives the shares at today's price; its margin rises only on the expiry day.
    const held = (await positionOf(future, futureSymbol)).delivery!;
    expect(held).toMatchObject({ days_to_expiry: 4, obligation: { side: 'BUY', shares: lot, price: spot, value: lot * spot }, margin_now: null });
    expect(held.days.map((day) => day.margin === null)).toEqual([true, true, true, true, false]);
    expect(held.days.at(-1)!.margin).toBeLessThanOrEqual(ofValue(50));
  });

  it('warns an account that cannot fund the expiry day, once a day, and no other', async () => {
    await unfunded.tick();
    const warned = await alertsOf(unfunded);
    expect(warned.map((alert) => alert.event)).toEqual(['delivery_margin_call']);
    expect(warned[0]!.body).toContain(`will receive ${lot} RELIANCE`);
    expect(warned[0]!.body).toContain('squared off at 15:25 on 2026-12-29');
    server.clock.advance(60_000);
    await unfunded.tick();
    expect(await alertsOf(unfunded)).toHaveLength(1);
    expect(await alertsOf(funded)).toEqual([]);
    expect(await alertsOf(future)).toEqual([]);
    // E-1: told again.
    await at('2026-12-28', '10:00:00');
    await unfunded.tick();
    expect((await alertsOf(unfunded)).map((alert) => alert.event)).toEqual(['delivery_margin_call', 'delivery_margin_call']);
  });

  it('squares off the unfunded position on the expiry day at 15:25, after the notice, and leaves the funded ones', async () => {
    await at('2026-12-29', '15:24:00');
    await unfunded.tick();
    expect((await positionOf(unfunded, itmCall)).quantity).toBe(lot);
    await at('2026-12-29', '15:25:00');
    await unfunded.tick();
    expect((await positionOf(unfunded, itmCall)).quantity).toBe(0);
    const squareOff = (await unfunded.orderBook()).order_book.find((order) => order.tag === 'DELIVERY-SQOFF')!;
    expect(squareOff).toMatchObject({ status: 'COMPLETE', transaction_type: 'SELL', filled_quantity: lot, average_price: 110 });
    const alerts = await alertsOf(unfunded);
    expect(alerts.map((alert) => alert.event)).toEqual(['delivery_margin_call', 'delivery_margin_call', 'delivery_margin_call', 'delivery_squared_off']);
    expect(alerts[0]!.at.getTime()).toBeLessThan(alerts[3]!.at.getTime());
    expect((await positionOf(funded, itmCall)).quantity).toBe(lot);
    expect((await positionOf(future, futureSymbol)).quantity).toBe(lot);
  });

  it('settles the in-the-money call and the future by delivery at the close, to the paisa, and lets the out-of-the-money call expire', async () => {
    const settlement = spot + 3;
    market.closingValue(settlement);
    const fundedBefore = await cash(funded);
    const futureBefore = await cash(future);
    await at('2026-12-29', '15:41:00');
    await funded.tick();

    // The call: closed for nothing, and 500 RELIANCE bought at the strike. STT 0.1 % and stamp duty 0.015 % of the value.
    const callValue = lot * paise(strike);
    const callCharges = Math.round(callValue / 1000) + Math.round((callValue * 15) / 100_000);
    const closedCall = await positionOf(funded, itmCall);
    expect(closedCall).toMatchObject({ quantity: 0, sell_price: 0 });
    expect(closedCall.delivery).toBeUndefined();
    expect(await positionOf(funded, otmCall)).toMatchObject({ quantity: 0, sell_price: 0 });
    const deliveries = (await book(funded)).deliveries!;
    expect(deliveries).toEqual([
      { tradingsymbol: itmCall, symbol: 'RELIANCE', expiry: '2026-12-29', side: 'BUY', shares: lot, price: strike, value: callValue / 100, charges: callCharges / 100, settled_at: expect.any(String), portfolio_id: null },
    ]);
    expect(await cash(funded)).toEqual({ flow: fundedBefore.flow - callValue, charges: fundedBefore.charges + callCharges });

    // The future: closed at the settlement price (its last P&L), then 500 RELIANCE bought at that price.
    const futureValue = lot * paise(settlement);
    const futureCharges = Math.round(futureValue / 1000) + Math.round((futureValue * 15) / 100_000);
    expect(await positionOf(future, futureSymbol)).toMatchObject({ quantity: 0, sell_price: settlement });
    expect((await book(future)).deliveries).toMatchObject([{ tradingsymbol: futureSymbol, side: 'BUY', shares: lot, price: settlement, value: futureValue / 100, charges: futureCharges / 100 }]);
    expect(await cash(future)).toEqual({ flow: futureBefore.flow + futureValue - futureValue, charges: futureBefore.charges + futureCharges });

    // The delivered shares are held (issue 63): 500 RELIANCE at the strike, valued at the stock's price now.
    expect((await book(funded)).holdings).toEqual([
      { symbol: 'RELIANCE', shares: lot, average_price: strike, last_price: spot, value: lot * spot, pnl: lot * (spot - strike), last_delivery_at: expect.any(String) },
    ]);
    expect((await book(future)).holdings).toMatchObject([{ symbol: 'RELIANCE', shares: lot, average_price: settlement, last_price: spot }]);

    // The squared-off account delivers nothing; a second pass settles nothing more.
    expect((await book(unfunded)).deliveries).toEqual([]);
    expect((await book(unfunded)).holdings).toEqual([]);
    expect((await funded.tick()).settled).toBe(0);
    expect((await book(funded)).deliveries).toHaveLength(1);
    market.closingValue(null);
  });
});
