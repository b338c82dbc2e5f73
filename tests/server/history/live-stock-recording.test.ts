// A live account's feed records the stocks' contracts it follows (issue 63, session 80), as the simulator's recorder
// records a watched stock (stock-recording.test.ts): the stock's own quote, its options and its futures, stored as
// 'recorded' (real prices), for the stocks watched-stocks.ts picks from what the feed follows, bounded and ranked as
// there; an index's options still, an index's futures and an equity that is no F&O stock never. On both backends.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import type { LivePrices } from '../../../server/services/brokers/live/live-prices.ts';
import type { LiveContract, LiveContracts } from '../../../server/services/brokers/live/live-wire.ts';
import { liveRecording } from '../../../server/services/history/live-recording.ts';
import { createMarketRecorder } from '../../../server/services/history/market-recorder.ts';
import { createMarketService } from '../../../server/services/market/market-service.ts';
import type { LastPrice } from '../../../server/services/market/market-quotes.ts';
import { seedOf } from '../../../server/services/market/simulator.ts';
import { migratedDatabasePerFile, testBackends } from '../support/test-database.ts';

const minuteMs = 60_000;
/** 10:00 IST on Thursday 26 November 2026, NSE open. */
const tenAm = Date.parse('2026-11-26T04:30:00Z');
const expiry = '2026-12-29';

/** The contracts the broker's list names (as Kite's instruments dump would), by quote key. */
const listed: Record<string, Pick<LiveContract, 'index' | 'kind' | 'strike' | 'expiry'>> = {
  'NFO:NIFTY26D0126000CE': { index: 'NIFTY', kind: 'CE', strike: 26_000, expiry: '2026-12-01' },
  'NFO:NIFTY26DECFUT': { index: 'NIFTY', kind: 'FUT', strike: 0, expiry },
  'NFO:RELIANCE26DEC1300CE': { index: 'RELIANCE' as LiveContract['index'], kind: 'CE', strike: 1300, expiry },
  'NFO:RELIANCE26DECFUT': { index: 'RELIANCE' as LiveContract['index'], kind: 'FUT', strike: 0, expiry },
  'NFO:TCS26DEC3000PE': { index: 'TCS' as LiveContract['index'], kind: 'PE', strike: 3000, expiry },
  'NFO:TCS26DECFUT': { index: 'TCS' as LiveContract['index'], kind: 'FUT', strike: 0, expiry },
};

/** A live feed following `prices`' keys at those prices (a key's price moved between passes by `move`). */
function feed(prices: Record<string, number>) {
  let clock = () => new Date(tenAm);
  const quotes = (): Record<string, LastPrice> =>
    Object.fromEntries(Object.entries(prices).map(([key, price]) => [key, { last_price: price, timestamp: clock().toISOString() } as LastPrice]));
  const contracts: LiveContracts = {
    contractOf: async (exchange, tradingsymbol) => {
      const contract = listed[`${exchange}:${tradingsymbol}`];
      return contract === undefined ? null : ({ ...contract, exchange, tradingsymbol, instrumentToken: 1, lotSize: 1, freezeQuantity: 1 } as LiveContract);
    },
  };
  return {
    recorded: { prices: { followedQuotes: quotes } as unknown as LivePrices, contracts },
    set: (key: string, price: number) => {
      prices[key] = price;
    },
    at: (now: () => Date) => {
      clock = now;
    },
  };
}

const followed = {
  'NSE:NIFTY 50': 26_010,
  'NFO:NIFTY26D0126000CE': 120,
  'NFO:NIFTY26DECFUT': 26_150,
  'NSE:RELIANCE': 1310.5,
  'NFO:RELIANCE26DEC1300CE': 31.25,
  'NFO:RELIANCE26DECFUT': 1318,
  'NFO:TCS26DEC3000PE': 42.1,
  // An equity that is no F&O stock (a watchlist's), and a key the broker's list does not name.
  'NSE:IRCTCX': 700,
  'NFO:UNKNOWN26DECFUT': 10,
};

describe.each(testBackends)("a live feed's stock contracts recorded on %s", (backend) => {
  let db: Database;
  migratedDatabasePerFile(backend, (opened) => {
    db = opened;
  });
  beforeEach(async () => {
    await db.exec(`DELETE FROM history_option_minutes; DELETE FROM history_index_minutes; DELETE FROM history_future_minutes; DELETE FROM trading_bots; DELETE FROM paper_positions;`);
  });

  it("watches a followed stock's own quote, options and futures, an index's options, and nothing else", async () => {
    const now = new Date(tenAm);
    const market = createMarketService({ db, clock: () => now, seed: seedOf('live-stocks'), demo: false, tickMs: 1000 });
    const { recorded } = feed({ ...followed });
    const watched = await liveRecording({ db, market, feeds: [recorded] }).watched(now);
    expect(Object.fromEntries(watched.indices)).toEqual({ 'NSE:NIFTY 50': 'NIFTY', 'NSE:RELIANCE': 'RELIANCE' });
    expect(Object.fromEntries(watched.options)).toEqual({
      'NFO:NIFTY26D0126000CE': { index: 'NIFTY', expiry: '2026-12-01', strikePaise: 2_600_000, optionType: 'CE' },
      'NFO:RELIANCE26DEC1300CE': { index: 'RELIANCE', expiry, strikePaise: 130_000, optionType: 'CE' },
      'NFO:TCS26DEC3000PE': { index: 'TCS', expiry, strikePaise: 300_000, optionType: 'PE' },
    });
    expect(Object.fromEntries(watched.futures ?? [])).toEqual({ 'NFO:RELIANCE26DECFUT': { index: 'RELIANCE', expiry } });

    // Bounded as the simulator's recorder is: the first stocks by rank then symbol (RELIANCE before TCS); an index's
    // options are no stock's and stay.
    const one = await liveRecording({ db, market, feeds: [recorded], maxStocks: 1 }).watched(now);
    expect([...one.options.keys()]).toEqual(['NFO:NIFTY26D0126000CE', 'NFO:RELIANCE26DEC1300CE']);
    expect([...(one.futures?.keys() ?? [])]).toEqual(['NFO:RELIANCE26DECFUT']);
    // A stock an active bot trades ranks before those only streamed: TCS is then the one recorded.
    await db.query(`INSERT INTO base_strategies (slug, name, description, parameters, position) VALUES ('live_rec_test', 'Test', 'Test', '[]', 99) ON CONFLICT (slug) DO NOTHING`);
    const { rows: users } = await db.query<{ id: number }>(
      `INSERT INTO users (email, name, mobile, password_hash, trade_defaults, created_at, updated_at) VALUES ('live-rec@example.in', 'Asha', '+919876543210', 'x', '{}', $1, $1) RETURNING id`,
      [now],
    );
    const { rows: accounts } = await db.query<{ id: number }>(
      `INSERT INTO broker_accounts (user_id, broker_id, name, account_number, api_key, api_secret_encrypted, capital, created_at, updated_at)
       VALUES ($1, (SELECT id FROM brokers WHERE slug = 'paper'), 'Paper', 'PALIVE1', 'PALIVE1', 'x', 500000, $2, $2) RETURNING id`,
      [users[0]!.id, now],
    );
    const { rows: portfolios } = await db.query<{ id: number }>(
      `INSERT INTO portfolios (broker_account_id, name, capital, created_at, updated_at) VALUES ($1, 'Stocks', 500000, $2, $2) RETURNING id`,
      [accounts[0]!.id, now],
    );
    await db.query(
      `INSERT INTO trading_bots (portfolio_id, name, base_strategy_id, underlying, lots, stop_loss_pct, target_pct, status, params, mode, created_at, updated_at)
       VALUES ($1, 'TCS bot', (SELECT id FROM base_strategies WHERE slug = 'live_rec_test'), 'TCS', 1, 50, 50, 'active', '{}', 'paper', $2, $2)`,
      [portfolios[0]!.id, now],
    );
    const ranked = await liveRecording({ db, market, feeds: [recorded], maxStocks: 1 }).watched(now);
    expect([...ranked.options.keys()]).toEqual(['NFO:NIFTY26D0126000CE', 'NFO:TCS26DEC3000PE']);
    expect(ranked.futures?.size).toBe(0);
  });

  it("stores a followed stock's minute as recorded at the feed's prices: its spot, its option and its future", async () => {
    let now = new Date(tenAm);
    const clock = () => now;
    const market = createMarketService({ db, clock, seed: seedOf('live-stocks'), demo: false, tickMs: 1000 });
    const live = feed({ ...followed });
    live.at(clock);
    const recorder = createMarketRecorder({ db, clock, source: 'recorded', retentionDays: 30, ...liveRecording({ db, market, feeds: [live.recorded] }) });
    // 10:00:00 to 10:01:00: the minute 10:00 closed whole by the pass at 10:01.
    const moves: Array<Record<string, number>> = [{}, { 'NSE:RELIANCE': 1312, 'NFO:RELIANCE26DECFUT': 1320.5 }, { 'NFO:RELIANCE26DEC1300CE': 29.8 }, { 'NSE:RELIANCE': 1309.25 }];
    for (const [i, move] of moves.entries()) {
      now = new Date(tenAm + i * 15_000);
      for (const [key, price] of Object.entries(move)) live.set(key, price);
      await recorder.pass(now);
    }
    now = new Date(tenAm + minuteMs);
    await recorder.pass(now);

    const minute = new Date(tenAm);
    const { rows: spots } = await db.query<{ index_name: string; source: string; o: string; h: string; l: string; c: string }>(
      `SELECT index_name, source, open_paise AS o, high_paise AS h, low_paise AS l, close_paise AS c FROM history_index_minutes WHERE minute = $1 ORDER BY index_name`,
      [minute],
    );
    expect(spots.map((row) => [row.index_name, row.source, Number(row.o), Number(row.h), Number(row.l), Number(row.c)])).toEqual([
      ['NIFTY', 'recorded', 2_601_000, 2_601_000, 2_601_000, 2_601_000],
      ['RELIANCE', 'recorded', 131_050, 131_200, 130_925, 130_925],
    ]);
    const { rows: options } = await db.query<{ index_name: string; strike_paise: number; option_type: string; source: string; o: number; l: number; c: number }>(
      `SELECT index_name, strike_paise::integer AS strike_paise, option_type, source, open_paise::integer AS o, low_paise::integer AS l, close_paise::integer AS c
       FROM history_option_minutes WHERE minute = $1 ORDER BY index_name, strike_paise`,
      [minute],
    );
    expect(options).toEqual([
      { index_name: 'NIFTY', strike_paise: 2_600_000, option_type: 'CE', source: 'recorded', o: 12_000, l: 12_000, c: 12_000 },
      { index_name: 'RELIANCE', strike_paise: 130_000, option_type: 'CE', source: 'recorded', o: 3_125, l: 2_980, c: 2_980 },
      { index_name: 'TCS', strike_paise: 300_000, option_type: 'PE', source: 'recorded', o: 4_210, l: 4_210, c: 4_210 },
    ]);
    const { rows: futures } = await db.query<{ index_name: string; expiry: string; source: string; o: number; c: number }>(
      `SELECT index_name, to_char(expiry, 'YYYY-MM-DD') AS expiry, source, open_paise::integer AS o, close_paise::integer AS c FROM history_future_minutes WHERE minute = $1`,
      [minute],
    );
    // RELIANCE's future; NIFTY's is an index's (not recorded), and TCS's is not followed.
    expect(futures).toEqual([{ index_name: 'RELIANCE', expiry, source: 'recorded', o: 131_800, c: 132_050 }]);
  });
});
