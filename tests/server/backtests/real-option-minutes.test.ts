// A backtest over a day with real option minutes stored (a broker's expired-contract candles): the same short
// straddle as hand-computed.test.ts, sold at Monday's 15:39 (October 2026 closes at 15:40, migration 075) and held into Tuesday's expiry. The call's 15:39
// candle is stored (close ₹101.40), the put's is not: the call sells at the bid the spread model quotes around
// ₹101.40, the put at its modelled bid, and the report says one fill was real and one modelled, leg by leg.
// Without any option minute (the second test) both fills are modelled, as before.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { impliedVolatility } from '../../../quant/implied-volatility.ts';
import { storeOptionMinutes } from '../../../server/services/history/option-minutes-store.ts';
import { bookAround, spreadTicks } from '../../../server/services/market/spreads.ts';
import { testBackends } from '../support/test-database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { backtestStraddle, expiry, importStraddleDays, monday } from './close-straddle.ts';

const year = 365 * 24 * 60;

/** The call's two last minutes on Monday as Upstox's expired candles give them (rupees). */
async function storeCallMinutes(server: TestServer): Promise<void> {
  const candle = (time: string, open: number, high: number, low: number, close: number, oi: number) => ({
    tradeDate: monday,
    minute: new Date(`${monday}T${time}:00+05:30`),
    openPaise: open * 100,
    highPaise: high * 100,
    lowPaise: low * 100,
    closePaise: close * 100,
    volume: 45_000,
    openInterest: oi,
  });
  await server.db.transaction((tx) =>
    storeOptionMinutes(
      tx,
      { fileName: 'Upstox NIFTY 25000 CE', sha256: 'c'.repeat(64), days: [monday], rowCount: 2, uploadedBy: null as unknown as number, importedAt: new Date() },
      'upstox',
      { index: 'NIFTY', expiry, strikePaise: 2_500_000, optionType: 'CE' },
      [monday],
      [candle('15:38', 99, 99.5, 98.6, 99.05, 5_100_000), candle('15:39', 99.05, 101.8, 99, 101.4, 5_160_000)],
    ),
  );
}

describe.each(testBackends)('a backtest on real option minutes on %s', (backend) => {
  let server: TestServer;

  beforeEach(async () => {
    server = await startTestServer({ backend });
    await importStraddleDays(server.db);
  });

  afterEach(async () => {
    await server.close();
  });

  it('sells the call at the bid around its real 15:39 close and reports that fill as real, the put’s as modelled', async () => {
    await storeCallMinutes(server);
    const backtest = await backtestStraddle(server);

    // The spread model around ₹101.40 at 15:39, a day and a minute before expiry, the index at 25,010.
    const atm = impliedVolatility({ kind: 'CE', forward: 25010, strike: 25000, years: (24 * 60) / year, rate: 0, price: 95 });
    if (!atm.ok) throw new Error('no volatility');
    const width = spreadTicks({ theoryPaise: 10140, strike: 25000, forward: 25010, years: (24 * 60 + 1) / year, atmVolatility: atm.volatility, istMinutes: 15 * 60 + 39, session: { open: '09:15', close: '15:40' }, tickPaise: 5 });
    const realBid = bookAround(10140, width, 5).bidPaise;
    // Two ticks wide a minute before the close: bid ₹101.35, ask ₹101.45.
    expect([width, realBid]).toEqual([2, 10135]);

    const [callLeg, putLeg] = backtest.trades[0]!.legs;
    expect(callLeg).toMatchObject({ option_type: 'CE', entry_price: realBid / 100, entry_modelled: false, exit_price: 80, exit_modelled: false });
    expect(putLeg).toMatchObject({ option_type: 'PE', entry_modelled: true, exit_price: 0 });
    expect(putLeg!.entry_price).not.toBe(realBid / 100);
    expect(backtest.summary).toMatchObject({ real_fills: 1, modelled_fills: 1, modelled_share: 0.25 });
  }, 180_000);

  it('a day without option minutes is modelled throughout', async () => {
    const backtest = await backtestStraddle(server);
    expect(backtest.trades, JSON.stringify(backtest)).toHaveLength(1);
    expect(backtest.trades[0]!.legs.map((leg) => [leg.option_type, leg.entry_modelled])).toEqual([
      ['CE', true],
      ['PE', true],
    ]);
    expect(backtest.trades[0]!.legs[0]!.entry_price).not.toBe(101.35);
    expect(backtest.summary).toMatchObject({ real_fills: 0, modelled_fills: 2 });
  }, 180_000);
});
