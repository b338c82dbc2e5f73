// The tick and the limit price protection band are dated rows (tick_sizes, price_protection_bands, migration 092)
// that the paper broker, the execution policy's LIMIT prices, the chain and the Market facts screen read as in
// force on the order's IST day (market/price-rules.ts), never a literal: a later row (this test's own, for NSE
// from Saturday 21 November 2026: a ₹0.10 tick and a ±25 % band at least ±₹10) changes what is refused that day
// and leaves the day before as it was.
import { beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';
import { limitPriceFor } from '../../../server/services/execution/policy-prices.ts';
import { priceRulesOn } from '../../../server/services/market/price-rules.ts';
import { openQuotedDesk, scriptedServerPerFile, type Desk, type Order, type ScriptedServer } from '../support/paper-desk.ts';
import { testBackends } from '../support/test-database.ts';

const day = 86_400_000;
const laterSource = 'A later NSE circular (this test\'s own row): ₹0.10 tick, ±25 % of the reference price, at least ±₹10';

describe.each(testBackends)('dated ticks and price bands on %s', (backend) => {
  let started: ScriptedServer;
  let desk: Desk;
  let atmCall: string;

  scriptedServerPerFile(backend, (server) => {
    started = server;
  });

  beforeAll(async () => {
    await started.server.db.query(`INSERT INTO tick_sizes (exchange, effective_from, tick_paise, source) VALUES ('NSE', '2026-11-21', 10, $1)`, [laterSource]);
    await started.server.db.query(
      `INSERT INTO price_protection_bands (exchange, effective_from, min_width_paise, fraction, source) VALUES ('NSE', '2026-11-21', 1000, 0.25, $1)`,
      [laterSource],
    );
    started.market.demo(true);
    ({ desk, atmCall } = await openQuotedDesk(started));
  });

  const limit = (side: 'BUY' | 'SELL', price: number): Promise<Order> => desk.place(atmCall, side, 65, { order_type: 'LIMIT', price });
  const chainTick = async () => {
    const listed = await started.call<components['schemas']['InstrumentsResponse']>('getInstruments', { token: desk.token, query: { index: 'NIFTY', expiry: desk.expiry } });
    return listed.body.instruments[0]?.tick_size;
  };
  const facts = async () => {
    const answer = await started.call<components['schemas']['MarketFacts']>('getMarketFacts', { token: desk.token, query: {} });
    const of = (kind: string) => answer.body.facts.find((fact) => fact.kind === kind && fact.subject === 'NSE');
    return { tick: of('tick_size'), band: of('price_band') };
  };

  it('on Friday 20 November 2026 holds orders to the ₹0.05 tick and NSE/FAOP/54242\'s band', async () => {
    // Last ₹120.25: ±40 %, ₹72.15–₹168.35.
    expect((await limit('BUY', 118.05)).status).toBe('OPEN');
    expect((await limit('BUY', 168.35)).status).toBe('COMPLETE');
    expect(await chainTick()).toBe(0.05);
    const rules = await priceRulesOn(started.server.db, 'NFO', '2026-11-20');
    expect(limitPriceFor('BUY', { bidPaise: 12000, askPaise: 12050, lastPaise: 12025, closePaise: 11000 }, { bufferUnit: 'percent', bufferValue: 50 }, rules)).toBe(16835);
    const { tick, band } = await facts();
    expect(tick).toMatchObject({ value: '0.05', effective_from: '2000-01-01' });
    expect(band?.source).toContain('NSE/FAOP/54242');
  });

  it('from the later row\'s day refuses what it refuses, naming its band, and the screen and the chain show it', async () => {
    started.server.clock.advance(day);
    await desk.logIn();
    const offTick = await limit('BUY', 118.05);
    expect(offTick.status).toBe('REJECTED');
    expect(offTick.status_message).toContain('not a multiple of the tick size ₹0.10');
    expect((await limit('BUY', 118.1)).status).toBe('OPEN');
    // ±25 % of ₹120.25 is ₹30.06: ₹90.19–₹150.31 (was up to ₹168.35 the day before).
    const beyond = await limit('BUY', 150.4);
    expect(beyond.status).toBe('REJECTED');
    expect(beyond.status_message).toContain('band ₹90.19–₹150.31 (NSE: ±25 % of the reference price, at least ±₹10.00)');
    expect(beyond.status_message_i18n).toMatchObject({ code: 'order.lpp_band', params: { exchange: 'NSE', percent: 25, floor: 10 } });
    expect(await chainTick()).toBe(0.1);
    // The execution policy's LIMIT: a 50 % buffer is held to the day's band, on the day's tick.
    const rules = await priceRulesOn(started.server.db, 'NFO', '2026-11-21');
    expect(limitPriceFor('BUY', { bidPaise: 12000, askPaise: 12050, lastPaise: 12025, closePaise: 11000 }, { bufferUnit: 'percent', bufferValue: 50 }, rules)).toBe(15030);
    const { tick, band } = await facts();
    expect(tick).toMatchObject({ value: '0.10', effective_from: '2026-11-21', source: laterSource });
    expect(band).toMatchObject({ value: '10|0.25', effective_from: '2026-11-21', source: laterSource });
    // BSE keeps its own rows.
    expect((await priceRulesOn(started.server.db, 'BFO', '2026-11-21')).band).toMatchObject({ exchange: 'BSE', minWidthPaise: 3000, fraction: 0.6 });
  });
});
