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
import { listExpiries, type Expiry } from '../../server/services/market/expiries.ts';
import { regularSessionOn } from '../../server/services/market/trading-calendar.ts';
import { tickHistory, tickInForce } from '../../server/services/market/price-rules.ts';
import { black76Price } from '../../quant/black76.ts';
import { exchangeImpliedVolatility } from '../../quant/exchange-volatility.ts';
import { forwardFromSpot } from '../../quant/option-inputs.ts';
import { targetOiLots, tradedLots } from '../../server/services/market/open-interest.ts';
import { optionQuote, smileVolatility, type SimulationParams } from '../../server/services/market/simulator.ts';
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
    const ticks = await tickHistory(db, 'NSE');
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
        // The spread does not depend on the lot (it sizes only volume and OI, none here).
        const ticksOf = (expiry: Expiry) => {
          const tickPaise = tickInForce(ticks, date);
          const contract = { instrumentToken: 1, strike: atm, kind: 'CE' as const, expiry: expiry.date, expiresAtMs: Date.parse(expiry.closes_at), lotSize: 1, tickPaise };
          const quote = optionQuote(params, contract, state, 1, { oiLots: 0, dayVolumeLots: 0 }, regularSessionOn(calendar, date));
          return (quote.askPaise - quote.bidPaise) / tickPaise;
        };
        near.push(ticksOf(expiries[0]!));
        next.push(ticksOf(expiries[1]!));
        monthly.push(ticksOf(expiries.find((expiry) => expiry.kind === 'monthly' && expiry.date > expiries[1]!.date)!));
      }
      const cell = (list: number[]) => {
        const s = spread(list);
        return `${s.median} (${s.min}–${s.max})`;
      };
      spreadRows.push([label, cell(near), cell(next), cell(monthly)]);
    }
    console.log(`\nAt-the-money NIFTY call, bid-ask width in 0.05 ticks: median (min–max) over ${days} simulated days\n`);
    console.log(table(['time (IST)', 'nearest expiry', 'the one after', 'the next monthly after those'], spreadRows));
    console.log(`\nNIFTY weekly at 25,810 against NSE's published figures (docs/market-model.md), from the model's average session\n`);
    console.log(table(['figure', 'simulated', 'NSE'], nseFigures(params, facts.strikeStep)));
  } finally {
    await db.close();
  }
}

/** A session's volume, the open-interest profile and the call and put IVs of the nearest weekly, as NSE's chain would show them. */
function nseFigures(params: SimulationParams, strikeStep: number): string[][] {
  const market = { spot: 25_810, atmVolatility: params.atmVolatility, seed: 1 };
  const dayYears = 1 / 365;
  const contract = (strike: number, kind: 'CE' | 'PE', years: number) => ({ instrumentToken: strike, strike, kind, strikeStep, years });
  const session = (strike: number, kind: 'CE' | 'PE', daysLeft: number) => {
    let lots = 0;
    for (let minute = 0; minute < 375; minute += 1) lots += tradedLots(contract(strike, kind, (daysLeft + (375 - minute) / 1440) * dayYears), market, 1, 0.5);
    return lots;
  };
  let expiryDay = 0;
  for (let strike = 23_300; strike <= 28_300; strike += strikeStep) expiryDay += session(strike, 'CE', 0) + session(strike, 'PE', 0);
  const oi = (strike: number, kind: 'CE' | 'PE') => targetOiLots(contract(strike, kind, 6 * dayYears), market);
  const atmOi = Math.max(oi(25_800, 'CE'), oi(25_800, 'PE'));
  const band = (kind: 'CE' | 'PE', from: number, to: number) => {
    const held: number[] = [];
    for (let strike = 20_000; strike <= 32_000; strike += strikeStep) if (strike >= market.spot * from && strike <= market.spot * to) held.push(oi(strike, kind));
    return held.reduce((sum, lots) => sum + lots, 0) / held.length;
  };
  // NSE's IV of a call and a put the smile prices on the forward (at the theory, no spread).
  const exchangeIv = (kind: 'CE' | 'PE', strike: number, days: number) => {
    const years = days * dayYears;
    const forward = forwardFromSpot(market.spot, params.rate, years);
    const price = black76Price({ kind, forward, strike, years, rate: params.rate, volatility: smileVolatility(params, forward, strike, years) });
    return exchangeImpliedVolatility({ kind, spot: market.spot, strike, years, price });
  };
  const pair = (strike: number, days: number) => {
    const [call, put] = [exchangeIv('CE', strike, days), exchangeIv('PE', strike, days)];
    const pct = (iv: number | null) => (iv === null ? '-' : `${(iv * 100).toFixed(2)} %`);
    return `call ${pct(call)}, put ${pct(put)}`;
  };
  const lakh = (lots: number) => `${(lots / 100_000).toFixed(1)} lakh`;
  const share = (lots: number) => `${((lots / atmOi) * 100).toFixed(1)} %`;
  return [
    ['ATM call volume, session 6 days before expiry (lots)', lakh(session(25_800, 'CE', 6)), '26.35 lakh (2 Sep 2026)'],
    ['ATM call volume, 2 sessions before expiry', lakh(session(25_800, 'CE', 4)), '37.3 lakh, put 71.7 lakh (4 Sep 2026)'],
    ['ATM call volume, expiry day', lakh(session(25_800, 'CE', 0)), 'crores'],
    ['whole expiry, expiry day (calls and puts)', `${(expiryDay / 10_000_000).toFixed(1)} crore`, '30.4 crore (2 Sep 2025)'],
    ['ATM open interest, 6 days before expiry', lakh(atmOi), '0.96 lakh (2 Sep 2026)'],
    ['calls 7–9 % out of the money, mean OI / ATM', share(band('CE', 1.07, 1.09)), 'well over 5 %'],
    ['puts 7–9 % out of the money, mean OI / ATM', share(band('PE', 0.91, 0.93)), 'well over 5 %'],
    ['calls 4–6 % in the money, mean OI / ATM', share(band('CE', 0.94, 0.96)), 'real OI'],
    ['27,000 CE (a round thousand, 4.6 % out) / ATM', share(oi(27_000, 'CE')), '26,000 CE 5.5 % out: 0.85× ATM (14 Aug 2025)'],
    ['IV at 25,800, 6 days out (NSE: spot, 10 %)', pair(25_800, 6), 'put above call'],
    ['IV at 25,800, 25 days out', pair(25_800, 25), '8600 call 12.61 %, put 15.44 % (2016)'],
    ['IV at 24,500 (5 % below), 6 days out', pair(24_500, 6), 'ITM call "-" or low'],
    ['IV at 27,100 (5 % above), 6 days out', pair(27_100, 6), 'ITM put high'],
  ];
}

await main();
