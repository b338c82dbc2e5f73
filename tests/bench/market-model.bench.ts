/**
 * The market-model benchmark: what a trader practising on the simulated NIFTY would measure. Realised over
 * implied volatility across 30 simulated days (demo mode and exchange hours, many seeds), and the at-the-money
 * bid-ask spread in ticks by time of day and expiry. Parameters, calendar and index facts are read from the
 * migrated database (PGlite in memory), so the figures follow the stored model. A benchmark, not a test.
 *
 *   npm run bench -- market-model                 20 seeds of 30 days
 *   npm run bench -- market-model --seeds 50 --days 60
 */
import { parseArgs } from 'node:util';
import { migrate } from '../../server/db/migrate.ts';
import { openPgliteDatabase } from '../../server/db/pglite-database.ts';
import { loadTradingCalendar } from '../../server/services/market/calendar-data.ts';
import { indexFacts } from '../../server/services/market/index-config.ts';
import { istOffsetMs } from '../../server/services/market/ist.ts';
import { meanChainVolatility, realisedVolatility, simulatePath } from '../../server/services/market/market-path.ts';
import { modelOf, type IndexRow } from '../../server/services/market/market-rows.ts';
import { listExpiries } from '../../server/services/market/expiries.ts';
import { optionQuote, optionTickPaise } from '../../server/services/market/simulator.ts';
import { spread, table } from './support/stats.ts';

const { values } = parseArgs({ options: { seeds: { type: 'string', default: '20' }, days: { type: 'string', default: '30' } } });
const seeds = Number(values.seeds);
const days = Number(values.days);
const dayMs = 24 * 60 * 60 * 1000;
// Monday 2 November 2026, 05:30 IST: a month with a holiday (Guru Nanak Jayanti, 24 November) in it.
const startMs = Date.parse('2026-11-02T00:00:00Z');

async function main(): Promise<void> {
  const db = await openPgliteDatabase();
  try {
    await migrate(db);
    const { rows } = await db.query<IndexRow>(`SELECT * FROM market_simulation WHERE index_name = 'NIFTY'`);
    const model = modelOf(rows[0]!, 0);
    const calendar = await loadTradingCalendar(db, 'NSE');
    const facts = await indexFacts(db, 'NIFTY', new Date(startMs));
    const { params } = model;
    console.log(`\nNIFTY: realised volatility ${(params.volatility * 100).toFixed(2)} %, base at-the-money implied ${(params.atmVolatility * 100).toFixed(2)} %; ${seeds} seeds of ${days} simulated days from 2 November 2026, one-minute steps\n`);

    const volRows: string[][] = [];
    for (const [mode, demo] of [['demo (never closes)', true], ['exchange hours', false]] as const) {
      const ratios: number[] = [];
      const realised: number[] = [];
      const implied: number[] = [];
      for (let seed = 1; seed <= seeds; seed += 1) {
        const points = simulatePath({ params, seed, stream: 0, startSpotPaise: model.startSpotPaise, startMs, endMs: startMs + days * dayMs, stepMs: 60_000, demo, calendar });
        const r = realisedVolatility(points);
        const i = meanChainVolatility(params, facts, calendar, points);
        ratios.push(r / i);
        realised.push(r);
        implied.push(i);
      }
      const s = spread(ratios);
      const pct = (list: number[]) => `${((list.reduce((a, b) => a + b, 0) / list.length) * 100).toFixed(2)} %`;
      volRows.push([mode, pct(realised), pct(implied), s.median.toFixed(3), `${s.min.toFixed(3)}–${s.max.toFixed(3)}`]);
    }
    console.log(table(['mode', 'realised (mean)', 'chain ATM implied (mean)', 'realised / implied (median)', 'min–max over seeds'], volRows));

    // The at-the-money book of each expiry, sampled at the same instants of each simulated day.
    const points = simulatePath({ params, seed: 1, stream: 0, startSpotPaise: model.startSpotPaise, startMs, endMs: startMs + days * dayMs, stepMs: 60_000, demo: true, calendar });
    const times = [['09:16', 9 * 60 + 16], ['09:30', 9 * 60 + 30], ['12:00', 12 * 60], ['15:25', 15 * 60 + 25], ['02:00 (demo night)', 2 * 60]] as const;
    const byMinute = new Map(points.map((point) => [point.ms, point]));
    const spreadRows: string[][] = [];
    for (const [label, minutes] of times) {
      const near: number[] = [];
      const next: number[] = [];
      const monthly: number[] = [];
      for (let day = 0; day < days; day += 1) {
        const date = new Date(startMs + day * dayMs + istOffsetMs).toISOString().slice(0, 10);
        const ms = Date.parse(`${date}T00:00:00Z`) - istOffsetMs + minutes * 60_000;
        const point = byMinute.get(ms);
        if (point === undefined) continue;
        const expiries = listExpiries(facts, calendar, date, { weekly: 3, monthly: 3 });
        const state = { seq: day, spotPaise: point.spotPaise, tickedAtMs: ms, sessionOpenSeq: 0, previousClosePaise: point.spotPaise, previousCloseAtMs: ms };
        const atm = Math.round(point.spotPaise / 100 / facts.strikeStep) * facts.strikeStep;
        const ticksOf = (expiry: string) => {
          const quote = optionQuote(params, { instrumentToken: 1, strike: atm, kind: 'CE', expiry, lotSize: facts.lotSize }, state, 1, { oiLots: 0, dayVolumeLots: 0 });
          return (quote.askPaise - quote.bidPaise) / optionTickPaise;
        };
        near.push(ticksOf(expiries[0]!.date));
        next.push(ticksOf(expiries[1]!.date));
        monthly.push(ticksOf(expiries.find((expiry) => expiry.kind === 'monthly' && expiry.date > expiries[1]!.date)!.date));
      }
      const cell = (list: number[]) => {
        const s = spread(list);
        return `${s.median} (${s.min}–${s.max})`;
      };
      spreadRows.push([label, cell(near), cell(next), cell(monthly)]);
    }
    console.log(`\nAt-the-money NIFTY call, bid-ask width in 0.05 ticks: median (min–max) over ${days} simulated days\n`);
    console.log(table(['time (IST)', 'nearest expiry', 'the one after', 'the next monthly after those'], spreadRows));
  } finally {
    await db.close();
  }
}

await main();
