// The analytics backend's data: read through the PostgREST-style API, seeded at start when empty so a new
// user sees a full market at once, and kept alive by the market's leader after each tick (server/app.ts):
//   every 5 s   an index snapshot per index (data, indicator null), and commentary when the index crossed a
//               round level (twice its strike step) since the last snapshot;
//   every 60 s  the option-chain figures of each index's nearest expiry (put-call ratio, max pain, open
//               interest) from the simulator's quotes, screener signals (data, indicator 'screener'),
//               commentary on a big option mover or on realised volatility running well above what the
//               options imply, and a daily bar for every session that is over (the market closed, or in demo
//               mode a new IST day began) with its closing commentary, the house bots' record and new
//               recommendations;
//   every 10 min old rows are pruned, so the tables stay bounded.
// Time comes from the injected clock only; nothing sleeps.
import { forwardFromSpot } from '../../../quant/option-inputs.ts';
import { volatilityIndex } from '../../../quant/volatility-index.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { loadTradingCalendar } from '../market/calendar-data.ts';
import type { Expiry } from '../market/expiries.ts';
import { lotOf } from '../market/contract-lots.ts';
import { indexFacts, type IndexFacts, type IndexName } from '../market/index-config.ts';
import { clockMinutes, istClock, istDate, istInstant, istOffsetMs } from '../market/ist.ts';
import type { IndexSnapshot, LastPrice, MarketService } from '../market/market-service.ts';
import { normal, tickOptionVolume, uniform } from '../market/simulator.ts';
import { addDays, contractExpiryMs, expiriesTradingFrom, isTradingDay, regularSessionOn, type Exchange, type TradingCalendar } from '../market/trading-calendar.ts';
import { optionTradingsymbol } from '../market/tradingsymbol.ts';
import { runRead } from './analytics-reader.ts';
import { botRecord, houseBots, houseBotTexts, type DailyBar } from './house-bots.ts';
import type { ReadQuery } from './postgrest-query.ts';
import { premiumOf, recommend, type Pricing, type Recommendation } from './recommendations.ts';
import { said, type Said } from '../texts/said.ts';

/**
 * `recommendationsMs`: recommendations are made again this often while the market ticks, so "<index> is down
 * 0.84 % today" follows the day (made only when seeded or at the close, they kept the move of that moment:
 * 0.00 % on a market just started or just rolled to a new session).
 */
export const analyticsCadence = { snapshotMs: 5_000, chainMs: 60_000, pruneMs: 10 * 60_000, recommendationsMs: 15 * 60_000 } as const;
export const analyticsRetention = {
  snapshotsMs: 6 * 60 * 60_000,
  signalsMs: 24 * 60 * 60_000,
  commentaryMs: 7 * 24 * 60 * 60_000,
  commentaryRows: 2000,
  dailyDays: 400,
} as const;
/** Any fixed number: the advisory lock servers take to seed the analytics tables once. */
export const analyticsSeedLockKey = 8_842_027;
/** Sessions of daily bars seeded for each index. */
export const seededSessions = 30;

/** The indices the market simulates (market_simulation), in a stable order. */
const indicesOf = (states: ReadonlyMap<IndexName, IndexSnapshot>): IndexName[] => [...states.keys()].sort();
const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

export type AnalyticsServiceOptions = { db: Database; clock: Clock; market: MarketService; seed: number };

type ChainStats = { pcr: number | null; maxPain: number | null; callOi: number; putOi: number };
type Sentiment = 'bullish' | 'bearish' | 'neutral';
type Commentary = { title: Said; body: Said; index: IndexName | null; sentiment: Sentiment; at: Date };

const rupees = (paise: number) => paise / 100;

/** One INSERT of many rows (seeding writes hundreds; one statement each would slow every start). */
async function insertRows(q: Queryable, table: string, columns: readonly string[], rows: readonly unknown[][], suffix = ''): Promise<void> {
  if (rows.length === 0) return;
  const params: unknown[] = [];
  const tuples = rows.map((row) => `(${row.map((value) => { params.push(value); return `$${params.length}`; }).join(', ')})`);
  await q.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}${suffix}`, params);
}

const dailyColumns = ['created_at', 'date', '"index"', 'open', 'high', 'low', 'close', 'volume', 'change', 'change_pct', 'pcr', 'max_pain', 'iv', 'vix'];
const snapshotColumns = ['created_at', '"index"', 'symbol', 'spot', 'change', 'change_pct', 'pcr', 'max_pain', 'iv', 'vix', 'call_oi', 'put_oi'];
/** Seeded rows are made up (issue 36): each says so (`sample`, migration 038); rows recorded as the market runs do not. */
const asSample = (rows: readonly unknown[][]) => rows.map((row) => [...row, true]);
const round2 = (value: number) => Math.round(value * 100) / 100;
const level = (value: number) => value.toLocaleString('en-IN', { maximumFractionDigits: 2 });
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`;
/** A commentary's row values: created_at, title, body, index, sentiment, then the codes of title and body. */
const commentaryRow = (item: Commentary) => [item.at, item.title.text, item.body.text, item.index, item.sentiment, JSON.stringify(item.title.i18n), JSON.stringify(item.body.i18n)];

/** A session's closing commentary. */
function closeTexts(index: IndexName, day: string, close: number, points: number, changePct: number, low: number, high: number): Pick<Commentary, 'title' | 'body'> {
  const direction = changePct >= 0 ? 'higher' : 'lower';
  return {
    title: said('commentary.close_title', { index, direction, close }, `${index} closes ${direction} at ${level(close)}`),
    body: said(
      'commentary.close_body',
      { index, day, close, points: round2(points), change: round2(changePct), low, high },
      `${index} ended the ${day} session at ${level(close)}, ${signed(points)} points (${signed(changePct)} %), after trading between ${level(low)} and ${level(high)}.`,
    ),
  };
}

/** The instant an IST date starts. */
const istDayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - istOffsetMs);

export function createAnalyticsService({ db, clock, market, seed }: AnalyticsServiceOptions) {
  let lastSnapshotMs = Number.NEGATIVE_INFINITY;
  let lastChainMs = Number.NEGATIVE_INFINITY;
  let lastPruneMs = Number.NEGATIVE_INFINITY;
  let lastRecommendationsMs = Number.NEGATIVE_INFINITY;
  const chains = new Map<IndexName, ChainStats>();
  /** Each index's spot at the last snapshot this instance wrote: a level crossed in between is news. */
  const lastSpots = new Map<IndexName, number>();
  /** When each piece of news was last told, so a level crossed back and forth is told once in a while. */
  const told = new Map<string, number>();

  async function exchangeOpen(facts: IndexFacts, now: Date): Promise<boolean> {
    return (await market.sessionState(facts.exchange === 'BFO' ? 'BSE' : 'NSE', now)).open;
  }

  // Index facts change only from one IST date to the next, and the nearest expiry also at the day's close: the
  // writer asks for both many times a pass, so they are kept per day (and per side of the close).
  const factsByDay = new Map<string, IndexFacts>();
  const expiryByDay = new Map<string, Expiry | null>();
  // The exchanges' calendars change only with a migration: read once each.
  const calendars = new Map<Exchange, TradingCalendar>();
  async function calendarOf(exchange: Exchange): Promise<TradingCalendar> {
    const known = calendars.get(exchange);
    if (known !== undefined) return known;
    const loaded = await loadTradingCalendar(db, exchange);
    calendars.set(exchange, loaded);
    return loaded;
  }

  /** An index's regular session on an IST day (its exchange's), with its length in minutes. */
  async function regularOf(index: IndexName, day: string): Promise<{ open: string; close: string; minutes: number }> {
    const facts = await factsOf(index, istInstant(day, '12:00'));
    const { open, close } = regularSessionOn(await calendarOf(facts.exchange === 'BFO' ? 'BSE' : 'NSE'), day);
    return { open, close, minutes: clockMinutes(close) - clockMinutes(open) };
  }

  async function factsOf(index: IndexName, now: Date): Promise<IndexFacts> {
    const key = `${index}:${istDate(now)}`;
    let facts = factsByDay.get(key);
    if (facts === undefined) {
      if (factsByDay.size > 50) factsByDay.clear();
      facts = await indexFacts(db, index, now);
      factsByDay.set(key, facts);
    }
    return facts;
  }

  async function nearestExpiry(index: IndexName, now: Date): Promise<Expiry | null> {
    const facts = await factsOf(index, now);
    const key = `${index}:${expiriesTradingFrom(await calendarOf(facts.exchange === 'BFO' ? 'BSE' : 'NSE'), now)}`;
    if (!expiryByDay.has(key)) {
      if (expiryByDay.size > 50) expiryByDay.clear();
      expiryByDay.set(key, (await market.expiries(index, now)).expiries[0] ?? null);
    }
    return expiryByDay.get(key) ?? null;
  }

  /**
   * The at-the-money implied volatility (percent) the simulator prices the nearest expiry at, and India VIX.
   * NSE computes India VIX from NIFTY's options alone, so it is NIFTY's and no other index has one (null):
   * each shows its own at-the-money IV. The figure is NSE's method on the simulated smile 30 days out.
   */
  async function volatilities(index: IndexName, states: Map<IndexName, IndexSnapshot>, now: Date): Promise<{ iv: number | null; vix: number | null; pricing: Pricing }> {
    const pricing = await market.pricing(index, undefined, states);
    const expiry = await nearestExpiry(index, now);
    const iv = expiry === null ? null : round2(pricing.volatility(pricing.spot, expiry.date) * 100);
    return { iv, vix: index === 'NIFTY' ? await indiaVix(pricing, now) : null, pricing };
  }

  async function indiaVix(pricing: Pricing, now: Date): Promise<number> {
    const horizon = addDays(istDate(now), 30);
    const years = (contractExpiryMs(await calendarOf('NSE'), horizon) - pricing.nowMs) / (365 * dayMs);
    const { strikeStep } = await factsOf('NIFTY', now);
    const forward = forwardFromSpot(pricing.spot, pricing.rate, years);
    return round2(volatilityIndex({ forward, years, rate: pricing.rate, strikeStep, smile: (strike) => pricing.volatility(strike, horizon) }) * 100);
  }

  async function say(q: Queryable, item: Commentary): Promise<void> {
    await q.query('INSERT INTO commentary (created_at, title, body, "index", sentiment, title_i18n, body_i18n) VALUES ($1, $2, $3, $4, $5, $6, $7)', commentaryRow(item));
  }

  /** Tells a piece of news unless the same key was told less than `quietMs` ago. */
  async function sayOnce(key: string, quietMs: number, item: Commentary): Promise<void> {
    const last = told.get(key);
    if (last !== undefined && item.at.getTime() - last < quietMs) return;
    told.set(key, item.at.getTime());
    await say(db, item);
  }

  async function writeSnapshots(states: Map<IndexName, IndexSnapshot>, now: Date): Promise<void> {
    for (const index of indicesOf(states)) {
      const state = states.get(index);
      if (state === undefined) continue;
      const facts = await factsOf(index, now);
      const { iv, vix } = await volatilities(index, states, now);
      const chain = chains.get(index);
      const spot = rupees(state.spotPaise);
      const change = rupees(state.spotPaise - state.previousClosePaise);
      const changePct = round2((change / rupees(state.previousClosePaise)) * 100);
      await db.query(
        `INSERT INTO data (created_at, "index", symbol, spot, change, change_pct, pcr, max_pain, iv, vix, call_oi, put_oi, indicator, signal)
         VALUES ($1, $2, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, NULL, NULL)`,
        [now, index, spot, change, changePct, chain?.pcr ?? null, chain?.maxPain ?? null, iv, vix, chain?.callOi ?? null, chain?.putOi ?? null],
      );
      const previous = lastSpots.get(index) ?? (await lastSnapshotSpot(index, now));
      lastSpots.set(index, spot);
      if (previous !== null) await tellLevelBreak(index, facts, previous, state, chain, now);
    }
  }

  async function lastSnapshotSpot(index: IndexName, now: Date): Promise<number | null> {
    const { rows } = await db.query<{ spot: string }>(
      `SELECT spot FROM data WHERE "index" = $1 AND indicator IS NULL AND created_at < $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [index, now],
    );
    return rows[0] === undefined ? null : Number(rows[0].spot);
  }

  /** Round levels are twice the strike step apart (NIFTY 100, BANKNIFTY 200): the ones traders watch. */
  async function tellLevelBreak(index: IndexName, facts: IndexFacts, previous: number, state: IndexSnapshot, chain: ChainStats | undefined, now: Date) {
    const spot = rupees(state.spotPaise);
    const step = facts.strikeStep * 2;
    if (Math.floor(previous / step) === Math.floor(spot / step)) return;
    const up = spot > previous;
    const crossed = up ? Math.floor(spot / step) * step : Math.ceil(spot / step) * step;
    const dayChange = ((state.spotPaise - state.previousClosePaise) / state.previousClosePaise) * 100;
    const figures = chain?.pcr == null ? '' : `\n\nPut-call ratio ${chain.pcr.toFixed(2)}${chain.maxPain === null ? '' : `, max pain ${level(chain.maxPain)}`}.`;
    const figuresCode =
      chain?.pcr == null ? '' : said('commentary.chain_figures', { pcr: chain.pcr, max_pain_known: chain.maxPain === null ? 'no' : 'yes', max_pain: chain.maxPain ?? 0 }, figures).i18n;
    const direction = up ? 'up' : 'down';
    await sayOnce(`level:${index}:${crossed}:${up}`, 15 * minuteMs, {
      at: now,
      index,
      sentiment: up ? 'bullish' : 'bearish',
      title: said('commentary.level_break_title', { index, direction, level: crossed }, up ? `${index} breaks above ${level(crossed)}` : `${index} slips below ${level(crossed)}`),
      body: said(
        'commentary.level_break_body',
        { index, level: crossed, time: istClock(now), spot, change: round2(dayChange), low: rupees(state.dayLowPaise), high: rupees(state.dayHighPaise), figures: figuresCode },
        `${index} crossed ${level(crossed)} at ${istClock(now)} IST and trades at ${level(spot)}, ${signed(dayChange)} % on the day ` +
          `(range ${level(rupees(state.dayLowPaise))}–${level(rupees(state.dayHighPaise))}).${figures}`,
      ),
    });
  }

  /** The listed contracts of the nearest expiry within ten strikes of the money, listing them first if needed. */
  async function nearChain(index: IndexName, facts: IndexFacts, expiry: Expiry, spot: number, now: Date) {
    const band = [Math.floor(spot - 10 * facts.strikeStep), Math.ceil(spot + 10 * facts.strikeStep)];
    const select = () =>
      db.query<{ key: string; tradingsymbol: string; strike: number; instrument_type: 'CE' | 'PE' }>(
        `SELECT exchange || ':' || tradingsymbol AS key, tradingsymbol, strike, instrument_type FROM instruments
         WHERE name = $1 AND expiry = $2 AND strike BETWEEN $3 AND $4 ORDER BY strike, instrument_type`,
        [index, expiry.date, band[0], band[1]],
      );
    let { rows } = await select();
    if (rows.length === 0) {
      await market.instruments(index, expiry.date, now);
      ({ rows } = await select());
    }
    return rows;
  }

  async function writeChainFigures(states: Map<IndexName, IndexSnapshot>, now: Date): Promise<void> {
    for (const index of indicesOf(states)) {
      const state = states.get(index);
      const expiry = await nearestExpiry(index, now);
      if (state === undefined || expiry === null) continue;
      const facts = await factsOf(index, now);
      const contracts = await nearChain(index, facts, expiry, rupees(state.spotPaise), now);
      const quotes = await market.quotes(contracts.map((contract) => contract.key), states);
      const quoted = contracts.flatMap((contract) => {
        const quote = quotes[contract.key];
        return quote === undefined ? [] : [{ ...contract, quote }];
      });
      const oi = (type: 'CE' | 'PE') => quoted.filter((item) => item.instrument_type === type).reduce((sum, item) => sum + (item.quote.oi ?? 0), 0);
      const callOi = oi('CE');
      const putOi = oi('PE');
      // Max pain: the expiry level at which the options' holders are paid least.
      let maxPain: number | null = null;
      let least = Number.POSITIVE_INFINITY;
      for (const strike of new Set(quoted.map((item) => item.strike))) {
        const paid = quoted.reduce((sum, item) => {
          const intrinsic = item.instrument_type === 'CE' ? Math.max(0, strike - item.strike) : Math.max(0, item.strike - strike);
          return sum + intrinsic * (item.quote.oi ?? 0);
        }, 0);
        if (paid < least) {
          least = paid;
          maxPain = strike;
        }
      }
      const chain: ChainStats = { pcr: callOi === 0 ? null : round2(putOi / callOi), maxPain, callOi, putOi };
      chains.set(index, chain);
      await writeSignals(index, quoted, chain, now);
    }
  }

  type Quoted = { tradingsymbol: string; strike: number; instrument_type: 'CE' | 'PE'; quote: LastPrice };

  async function writeSignals(index: IndexName, quoted: readonly Quoted[], chain: ChainStats, now: Date): Promise<void> {
    const byOi = (type: 'CE' | 'PE') =>
      quoted.filter((item) => item.instrument_type === type).reduce<Quoted | null>((best, item) => ((item.quote.oi ?? 0) > (best?.quote.oi ?? -1) ? item : best), null);
    const mover = quoted
      .filter((item) => item.quote.last_price >= 1)
      .reduce<Quoted | null>((best, item) => (Math.abs(item.quote.change_percent ?? 0) > Math.abs(best?.quote.change_percent ?? -1) ? item : best), null);
    const lakh = (units: number) => `${(units / 100_000).toFixed(2)} lakh`;
    const lakhs = (units: number) => round2(units / 100_000);
    const signals: [Quoted | null, (item: Quoted) => Said][] = [
      [byOi('CE'), (item) => said('signal.call_oi', { strike: item.strike, lakh: lakhs(item.quote.oi ?? 0) }, `Highest call open interest at ${item.strike} (${lakh(item.quote.oi ?? 0)} units): resistance`)],
      [byOi('PE'), (item) => said('signal.put_oi', { strike: item.strike, lakh: lakhs(item.quote.oi ?? 0) }, `Highest put open interest at ${item.strike} (${lakh(item.quote.oi ?? 0)} units): support`)],
      [mover, (item) => said('signal.mover', { change: round2(item.quote.change_percent ?? 0) }, `Biggest mover of the chain: ${signed(item.quote.change_percent ?? 0)} % today`)],
    ];
    for (const [item, reason] of signals) {
      if (item === null) continue;
      const { quote } = item;
      await db.query(
        `INSERT INTO data (created_at, "index", symbol, spot, change, change_pct, pcr, max_pain, iv, vix, call_oi, put_oi, indicator, signal, signal_i18n)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, $10, $11, 'screener', $12, $13)`,
        [
          now,
          index,
          item.tradingsymbol,
          quote.last_price,
          quote.change ?? 0,
          quote.change_percent ?? 0,
          chain.pcr,
          chain.maxPain,
          quote.iv ?? null,
          item.instrument_type === 'CE' ? (quote.oi ?? null) : null,
          item.instrument_type === 'PE' ? (quote.oi ?? null) : null,
          reason(item).text,
          JSON.stringify(reason(item).i18n),
        ],
      );
    }
    const moved = mover?.quote.change_percent ?? 0;
    if (mover !== null && (moved >= 60 || moved <= -50)) {
      const up = moved > 0;
      await sayOnce(`mover:${mover.tradingsymbol}:${istDate(now)}:${up}`, dayMs, {
        at: now,
        index,
        sentiment: (mover.instrument_type === 'CE') === up ? 'bullish' : 'bearish',
        title: said(
          'commentary.mover_title',
          { symbol: mover.tradingsymbol, direction: up ? 'up' : 'down', move: Math.round(Math.abs(moved)) },
          `${mover.tradingsymbol} ${up ? 'jumps' : 'drops'} ${Math.abs(moved).toFixed(0)} % today`,
        ),
        body: said(
          'commentary.mover_body',
          { symbol: mover.tradingsymbol, price: mover.quote.last_price, change: round2(moved), index },
          `${mover.tradingsymbol} trades at ₹${level(mover.quote.last_price)}, ${signed(moved)} % on the day, the biggest move among ${index}'s options near the money.`,
        ),
      });
    }
  }

  /** Realised volatility of the last 15 minute bars against what the options imply: a jump is news. */
  async function tellVolatilitySpikes(states: Map<IndexName, IndexSnapshot>, now: Date): Promise<void> {
    for (const index of indicesOf(states)) {
      const { rows } = await db.query<{ close: string }>(
        `SELECT close FROM market_candles WHERE index_name = $1 AND minute >= $2 AND minute < $3 ORDER BY minute`,
        [index, new Date(now.getTime() - 16 * minuteMs), new Date(now.getTime() - (now.getTime() % minuteMs))],
      );
      if (rows.length < 11) continue;
      const closes = rows.map((row) => Number(row.close));
      const returns = closes.slice(1).map((close, i) => Math.log(close / closes[i]!));
      const { minutes: sessionMinutes } = await regularOf(index, istDate(now));
      const realised = Math.sqrt((returns.reduce((sum, r) => sum + r * r, 0) / returns.length) * 252 * sessionMinutes) * 100;
      const { iv } = await volatilities(index, states, now);
      if (iv === null || realised < 1.25 * iv) continue;
      const move = ((closes[closes.length - 1]! - closes[0]!) / closes[0]!) * 100;
      await sayOnce(`volatility:${index}`, 30 * minuteMs, {
        at: now,
        index,
        sentiment: move < 0 ? 'bearish' : move > 0 ? 'bullish' : 'neutral',
        title: said('commentary.volatility_title', { index, realised: Math.round(realised * 10) / 10 }, `${index} volatility spikes: ${realised.toFixed(1)} % realised`),
        body: said(
          'commentary.volatility_body',
          { minutes: returns.length, index, realised: Math.round(realised * 10) / 10, iv: Math.round(iv * 10) / 10, move: round2(move) },
          `Over the last ${returns.length} minutes ${index} has moved at an annualised ${realised.toFixed(1)} %, well above the ` +
            `${iv.toFixed(1)} % its at-the-money options imply (${signed(move)} % over the stretch). Option sellers may widen their quotes.`,
        ),
      });
    }
  }

  type CandleRow = { day: string; minute: Date; open: string; high: string; low: string; close: string; volume: string };

  /** Writes the daily bar of every session that is over and has none yet; returns the indices that got one. */
  async function writeDailyBars(states: Map<IndexName, IndexSnapshot>, now: Date): Promise<IndexName[]> {
    const written: IndexName[] = [];
    const today = istDate(now);
    for (const index of indicesOf(states)) {
      const state = states.get(index);
      if (state === undefined) continue;
      const facts = await factsOf(index, now);
      const { rows: last } = await db.query<{ date: string; close: string }>(
        `SELECT to_char(date, 'YYYY-MM-DD') AS date, close FROM daily_data WHERE "index" = $1 ORDER BY date DESC LIMIT 1`,
        [index],
      );
      const from = last[0] === undefined ? addDays(today, -3) : addDays(last[0].date, 1);
      const { rows } = await db.query<CandleRow>(
        `SELECT to_char((minute AT TIME ZONE 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM-DD') AS day, minute, open, high, low, close, volume
         FROM market_candles WHERE index_name = $1 AND minute >= $2 ORDER BY minute`,
        [index, istDayStart(from < addDays(today, -3) ? addDays(today, -3) : from)],
      );
      const days = new Map<string, CandleRow[]>();
      for (const row of rows) days.set(row.day, [...(days.get(row.day) ?? []), row]);
      let previousClose = last[0] === undefined ? null : Number(last[0].close);
      for (const [day, candles] of days) {
        const over = day < today || (day === today && !(await exchangeOpen(facts, now)));
        if (!over) break;
        const open = Number(candles[0]!.open);
        const close = Number(candles[candles.length - 1]!.close);
        const before = previousClose ?? (day === state.sessionDate ? rupees(state.previousClosePaise) : open);
        const { rows: snapshot } = await db.query<{ pcr: string | null; max_pain: string | null; iv: string | null; vix: string | null }>(
          `SELECT pcr, max_pain, iv, vix FROM data WHERE "index" = $1 AND indicator IS NULL AND created_at >= $2 AND created_at < $3
           ORDER BY created_at DESC, id DESC LIMIT 1`,
          [index, istDayStart(day), istDayStart(addDays(day, 1))],
        );
        const figures = snapshot[0];
        const inserted = await db.query(
          `INSERT INTO daily_data (created_at, date, "index", open, high, low, close, volume, change, change_pct, pcr, max_pain, iv, vix)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT ("index", date) DO NOTHING RETURNING id`,
          [
            now,
            day,
            index,
            open,
            Math.max(...candles.map((candle) => Number(candle.high))),
            Math.min(...candles.map((candle) => Number(candle.low))),
            close,
            candles.reduce((sum, candle) => sum + Number(candle.volume), 0),
            round2(close - before),
            round2(((close - before) / before) * 100),
            figures?.pcr ?? null,
            figures?.max_pain ?? null,
            figures?.iv ?? null,
            figures?.vix ?? null,
          ],
        );
        previousClose = close;
        if (inserted.rows.length === 0) continue;
        written.push(index);
        const changePct = ((close - before) / before) * 100;
        await say(db, {
          at: now,
          index,
          sentiment: changePct >= 0.3 ? 'bullish' : changePct <= -0.3 ? 'bearish' : 'neutral',
          ...closeTexts(index, day, close, close - before, changePct, Math.min(...candles.map((c) => Number(c.low))), Math.max(...candles.map((c) => Number(c.high)))),
        });
      }
    }
    return written;
  }

  /** Recomputes the record of the house bots trading these indices, from their daily bars since `since`. */
  async function updateBots(q: Queryable, now: Date, underlyings: readonly IndexName[]): Promise<void> {
    const bots = houseBots.filter((candidate) => underlyings.includes(candidate.underlying));
    const { rows: found } = await q.query<{ name: string; since: string }>(`SELECT name, to_char(since, 'YYYY-MM-DD') AS since FROM bots WHERE name = ANY($1::text[])`, [bots.map((bot) => bot.name)]);
    if (found.length === 0) return;
    const since = new Map(found.map((row) => [row.name, row.since]));
    const { rows } = await q.query<{ index: IndexName; date: string; open: string; high: string; low: string; close: string; iv: string | null }>(
      `SELECT "index", to_char(date, 'YYYY-MM-DD') AS date, open, high, low, close, iv FROM daily_data
       WHERE "index" = ANY($1::text[]) AND date >= $2::date ORDER BY date`,
      [underlyings, [...since.values()].sort()[0]],
    );
    const records = bots.flatMap((bot) => {
      const from = since.get(bot.name);
      if (from === undefined) return [];
      const bars: DailyBar[] = rows
        .filter((row) => row.index === bot.underlying && row.date >= from)
        .map((row) => ({ date: row.date, open: Number(row.open), high: Number(row.high), low: Number(row.low), close: Number(row.close), iv: row.iv === null ? null : Number(row.iv) }));
      return [{ name: bot.name, bot, ...botRecord(bot, bars) }];
    });
    await q.query(
      `UPDATE bots SET pnl = u.pnl, pnl_pct = u.pnl_pct, win_rate = u.win_rate, trades = u.trades, max_drawdown_pct = u.drawdown,
         equity_curve = u.curve::jsonb, updated_at = $8, name_i18n = u.name_i18n::jsonb, description_i18n = u.description_i18n::jsonb
       FROM unnest($1::text[], $2::numeric[], $3::numeric[], $4::numeric[], $5::int[], $6::numeric[], $7::text[], $9::text[], $10::text[])
         AS u (name, pnl, pnl_pct, win_rate, trades, drawdown, curve, name_i18n, description_i18n)
       WHERE bots.name = u.name`,
      [
        records.map((record) => record.name),
        records.map((record) => record.pnl),
        records.map((record) => record.pnlPct),
        records.map((record) => record.winRate),
        records.map((record) => record.trades),
        records.map((record) => record.maxDrawdownPct),
        records.map((record) => JSON.stringify(record.equityCurve)),
        now,
        // Rows seeded before the codes existed get them here (the bots' record is updated every session).
        records.map((record) => houseBotTexts(record.bot).name),
        records.map((record) => houseBotTexts(record.bot).description),
      ],
    );
  }

  /** Fresh recommendations, strongest first. */
  async function makeRecommendations(states: Map<IndexName, IndexSnapshot>, now: Date): Promise<Recommendation[]> {
    const made: Recommendation[] = [];
    for (const index of indicesOf(states)) {
      const state = states.get(index);
      const expiry = await nearestExpiry(index, now);
      if (state === undefined || expiry === null) continue;
      const facts = await factsOf(index, now);
      const pricing = await market.pricing(index, undefined, states);
      const changePct = ((state.spotPaise - state.previousClosePaise) / state.previousClosePaise) * 100;
      made.push(recommend(index, facts, expiry, pricing, changePct, await lotOf(db, index, expiry.date, istDate(now))));
    }
    return made.sort((a, b) => b.strength - a.strength);
  }

  async function writeRecommendations(tx: Queryable, made: readonly Recommendation[], now: Date): Promise<void> {
    await tx.query('DELETE FROM screener');
    await insertRows(
      tx,
      'screener',
      ['display_order', 'created_at', '"index"', 'title', 'strategy', 'view', 'rationale', 'legs', 'max_profit', 'max_loss', 'breakevens', 'valid_until', 'title_i18n', 'rationale_i18n'],
      made.map((item, order) => [
        order, now, item.index, item.title.text, item.strategy, item.view, item.rationale.text, JSON.stringify(item.legs), item.payoff.maxProfit, item.payoff.maxLoss,
        JSON.stringify(item.payoff.breakevens), item.validUntil, JSON.stringify(item.title.i18n), JSON.stringify(item.rationale.i18n),
      ]),
    );
  }

  /** Replaces the recommendations with fresh ones, strongest first. */
  async function refreshRecommendations(states: Map<IndexName, IndexSnapshot>, now: Date): Promise<void> {
    const made = await makeRecommendations(states, now);
    await db.transaction((tx) => writeRecommendations(tx, made, now));
    lastRecommendationsMs = now.getTime();
  }

  async function prune(now: Date): Promise<void> {
    const at = (ms: number) => new Date(now.getTime() - ms);
    await db.query('DELETE FROM data WHERE indicator IS NULL AND created_at < $1', [at(analyticsRetention.snapshotsMs)]);
    await db.query('DELETE FROM data WHERE indicator IS NOT NULL AND created_at < $1', [at(analyticsRetention.signalsMs)]);
    await db.query('DELETE FROM commentary WHERE created_at < $1', [at(analyticsRetention.commentaryMs)]);
    await db.query(`DELETE FROM commentary WHERE id < (SELECT id FROM commentary ORDER BY id DESC OFFSET $1 LIMIT 1)`, [analyticsRetention.commentaryRows - 1]);
    await db.query('DELETE FROM daily_data WHERE date < $1', [addDays(istDate(now), -analyticsRetention.dailyDays)]);
  }

  /**
   * What is due after a pass of the market loop (see the cadences above). `ticked`: this instance led a tick,
   * so it writes everything. Otherwise (another instance leads, or the market is closed and nobody ticks) it
   * only writes the daily bars of sessions that are over: a bar is inserted once whoever tries (ON CONFLICT),
   * and only the instance that inserted it tells the close, updates the bots and makes new recommendations.
   * Tests call it with their own clock's time.
   */
  async function afterTick(now = clock(), ticked = true): Promise<void> {
    const nowMs = now.getTime();
    const due = nowMs - lastChainMs >= analyticsCadence.chainMs || (ticked && nowMs - lastSnapshotMs >= analyticsCadence.snapshotMs);
    if (!due) return;
    const states = await market.states();
    if (nowMs - lastChainMs >= analyticsCadence.chainMs) {
      lastChainMs = nowMs;
      if (ticked) {
        await writeChainFigures(states, now);
        await tellVolatilitySpikes(states, now);
      }
      const closed = await writeDailyBars(states, now);
      if (closed.length > 0) {
        await updateBots(db, now, closed);
        await refreshRecommendations(states, now);
      } else if (ticked) {
        const { rows } = await db.query<{ live: string }>('SELECT count(*) AS live FROM screener WHERE valid_until IS NULL OR valid_until > $1', [now]);
        const stale = nowMs - lastRecommendationsMs >= analyticsCadence.recommendationsMs;
        if (stale || Number(rows[0]?.live ?? 0) === 0) await refreshRecommendations(states, now);
      }
    }
    if (!ticked) return;
    if (nowMs - lastSnapshotMs >= analyticsCadence.snapshotMs) {
      lastSnapshotMs = nowMs;
      await writeSnapshots(states, now);
    }
    if (nowMs - lastPruneMs >= analyticsCadence.pruneMs) {
      lastPruneMs = nowMs;
      await prune(now);
    }
  }

  // ---- Seeding: a full market at once, made from the same models, before the first tick. ----

  type SeededTable = 'commentary' | 'data' | 'daily_data' | 'screener' | 'bots';
  const seededTables: readonly SeededTable[] = ['daily_data', 'data', 'commentary', 'screener', 'bots'];

  async function isEmpty(q: Queryable, table: SeededTable): Promise<boolean> {
    const { rows } = await q.query<{ any: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${table}) AS any`);
    return rows[0]?.any !== true;
  }

  /** The trading days before today, oldest first. */
  async function pastSessions(exchange: Exchange, today: string, count: number): Promise<string[]> {
    const calendar = await calendarOf(exchange);
    const days: string[] = [];
    for (let day = addDays(today, -1); days.length < count; day = addDays(day, -1)) {
      if (isTradingDay(calendar, day)) days.unshift(day);
    }
    return days;
  }

  /**
   * Daily bars for the last sessions, walked back from the previous close with the index's own volatility
   * (seeded draws: the same seed gives the same history). Volumes are a session of ticks at the model's rate.
   */
  async function buildDailyBars(states: Map<IndexName, IndexSnapshot>, now: Date): Promise<unknown[][]> {
    const today = istDate(now);
    const { rows: params } = await db.query<{ index_name: IndexName; volatility: string; atm_volatility: string }>('SELECT index_name, volatility, atm_volatility FROM market_simulation');
    const ticksPerSession = ((await regularOf('NIFTY', today)).minutes * minuteMs) / Math.max(100, market.tickMs || 1000);
    const bars: unknown[][] = [];
    for (const [stream, row] of params.entries()) {
      const state = states.get(row.index_name);
      if (state === undefined) continue;
      const facts = await factsOf(row.index_name, now);
      const days = await pastSessions(facts.exchange === 'BFO' ? 'BSE' : 'NSE', today, seededSessions);
      const daily = Number(row.volatility) / Math.sqrt(252);
      const closes: number[] = new Array<number>(days.length);
      closes[days.length - 1] = rupees(state.previousClosePaise);
      for (let i = days.length - 1; i > 0; i -= 1) closes[i - 1] = closes[i]! / Math.exp(daily * normal(seed, 1_000_000 + i, 100 + stream));
      for (const [i, day] of days.entries()) {
        const close = round2(closes[i]!);
        const before = i === 0 ? close / Math.exp(daily * normal(seed, 1_000_000, 100 + stream)) : closes[i - 1]!;
        const open = round2(before * Math.exp(0.3 * daily * normal(seed, 2_000_000 + i, 100 + stream)));
        const high = round2(Math.max(open, close) * (1 + 0.4 * daily * Math.abs(normal(seed, 3_000_000 + i, 100 + stream))));
        const low = round2(Math.min(open, close) * (1 - 0.4 * daily * Math.abs(normal(seed, 4_000_000 + i, 100 + stream))));
        const volume = Math.round(tickOptionVolume(close * 100, facts.strikeStep, 0.5) * ticksPerSession * (0.8 + 0.4 * uniform(seed, 5_000_000 + i, stream)));
        const iv = round2(Number(row.atm_volatility) * 100 * (1 + 0.08 * normal(seed, 6_000_000 + i, stream)));
        bars.push(
          [
            new Date(istDayStart(day).getTime() + (15 * 60 + 30) * minuteMs),
            day,
            row.index_name,
            open,
            high,
            low,
            close,
            volume,
            round2(close - before),
            round2(((close - before) / before) * 100),
            round2(0.7 + 0.6 * uniform(seed, 7_000_000 + i, stream)),
            Math.round(close / facts.strikeStep) * facts.strikeStep,
            iv,
            round2(13 * (1 + 0.1 * normal(seed, 8_000_000 + i, 0))),
          ],
        );
      }
    }
    return bars;
  }

  /**
   * Minute bars for the last seeded session of each index, so a new trader's intraday chart is not empty:
   * a Brownian bridge from the session's open to its close (seeded draws), its swings scaled to stay within
   * the day's high and low, with the simulator's option volume. Written only where the index has no bars yet.
   */
  async function buildMinuteBars(dailyBars: readonly unknown[][], now: Date): Promise<unknown[][]> {
    const lastOf = new Map<string, unknown[]>();
    for (const bar of dailyBars) lastOf.set(String(bar[2]), bar);
    const rows: unknown[][] = [];
    for (const [stream, [index, bar]] of [...lastOf].entries()) {
      const [, day, , open, high, low, close] = bar as [Date, string, IndexName, number, number, number, number];
      const { strikeStep } = await factsOf(index as IndexName, now);
      const regular = await regularOf(index as IndexName, day);
      const start = istDayStart(day).getTime() + clockMinutes(regular.open) * minuteMs;
      const steps = regular.minutes;
      const sessionMinutes = regular.minutes;
      const walk = [0];
      for (let i = 1; i <= steps; i += 1) walk.push(walk[i - 1]! + normal(seed, 9_000_000 + i, 200 + stream));
      // Bridge: the walk with its end pulled to zero, on the straight line from open to close.
      const noise = walk.map((value, i) => value - (walk[steps]! * i) / steps);
      const line = (i: number) => open + ((close - open) * i) / steps;
      const room = Math.min(...noise.map((n, i) => (n > 0 ? (high - line(i)) / n : n < 0 ? (low - line(i)) / n : Infinity)));
      // A minute's move at about 12 % a year, less where the day's range has no room for it.
      const scale = Math.max(0, Math.min(room, open * (0.12 / Math.sqrt(252 * sessionMinutes))));
      const price = (i: number) => round2(line(i) + noise[i]! * scale);
      for (let minute = 0; minute < steps; minute += 1) {
        const first = price(minute);
        const last = price(minute + 1);
        const wiggle = Math.abs(normal(seed, 9_500_000 + minute, 200 + stream)) * scale * 0.5;
        const volume = Math.round(tickOptionVolume(last * 100, strikeStep, 0.5) * 60 * (0.8 + 0.4 * uniform(seed, 9_800_000 + minute, stream)));
        rows.push([index, new Date(start + minute * minuteMs), first, round2(Math.min(high, Math.max(first, last) + wiggle)), round2(Math.max(low, Math.min(first, last) - wiggle)), last, 60, volume]);
      }
    }
    return rows;
  }

  /** Snapshots every 5 minutes over the last two hours, walked back from the current spot. */
  async function buildSnapshots(states: Map<IndexName, IndexSnapshot>, now: Date): Promise<{ snapshots: unknown[][]; signals: unknown[][] }> {
    const snapshots: unknown[][] = [];
    const signals: unknown[][] = [];
    for (const [stream, index] of indicesOf(states).entries()) {
      const state = states.get(index);
      if (state === undefined) continue;
      const facts = await factsOf(index, now);
      // Volume and OI in units are lots × the nearest expiry's own lot (contract-lots.ts).
      const nearest = await nearestExpiry(index, now);
      const lotSize = nearest === null ? 1 : await lotOf(db, index, nearest.date, istDate(now));
      const { iv, vix } = await volatilities(index, states, now);
      const fiveMinutes = 0.12 / Math.sqrt(252 * ((await regularOf(index, istDate(now))).minutes / 5));
      let spot = rupees(state.spotPaise);
      for (let k = 0; k < 24; k += 1) {
        const close = rupees(state.previousClosePaise);
        snapshots.push(
          [
            new Date(now.getTime() - k * 5 * minuteMs),
            index,
            index,
            round2(spot),
            round2(spot - close),
            round2(((spot - close) / close) * 100),
            round2(0.8 + 0.4 * uniform(seed, 9_000_000 + k, stream)),
            Math.round(spot / facts.strikeStep) * facts.strikeStep,
            iv,
            vix,
            Math.round(1_000_000 * (0.9 + 0.2 * uniform(seed, 9_100_000 + k, stream))) * lotSize,
            Math.round(1_000_000 * (0.9 + 0.2 * uniform(seed, 9_200_000 + k, stream))) * lotSize,
          ],
        );
        spot = spot / Math.exp(fiveMinutes * normal(seed, 9_300_000 + k, stream));
      }
      signals.push(...(await buildSignals(index, facts, states, now)));
    }
    return { snapshots, signals };
  }

  /**
   * Screener signals for the at-the-money call and put of the nearest expiry, priced by the simulator's model
   * (the live ones, from quotes of listed contracts, follow within a minute of the first tick).
   */
  async function buildSignals(index: IndexName, facts: IndexFacts, states: Map<IndexName, IndexSnapshot>, now: Date): Promise<unknown[][]> {
    const expiry = await nearestExpiry(index, now);
    if (expiry === null) return [];
    const pricing = await market.pricing(index, undefined, states);
    const atm = Math.round(pricing.spot / facts.strikeStep) * facts.strikeStep;
    const lotSize = await lotOf(db, index, expiry.date, istDate(now));
    return (['CE', 'PE'] as const).map((type) => {
      const oi = Math.round(40_000 * (0.8 + 0.4 * uniform(seed, atm, type === 'CE' ? 1 : 2))) * lotSize;
      return [
        now,
        index,
        optionTradingsymbol(index, expiry, atm, type),
        premiumOf(pricing, type, atm, expiry),
        0,
        0,
        null,
        null,
        round2(pricing.volatility(atm, expiry.date) * 100),
        null,
        type === 'CE' ? oi : null,
        type === 'PE' ? oi : null,
        'screener',
        `At-the-money ${type === 'CE' ? 'call' : 'put'} of the ${expiry.date} expiry: ${(oi / 100_000).toFixed(2)} lakh units open`,
        JSON.stringify({ code: 'signal.atm_open_interest', params: { type, expiry: expiry.date, lakh: round2(oi / 100_000) } } satisfies Said['i18n']),
      ];
    });
  }

  async function seedCommentary(q: Queryable, now: Date): Promise<void> {
    const { rows } = await q.query<{ date: string; index: IndexName; close: string; change: string; change_pct: string; high: string; low: string }>(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date, "index", close, change, change_pct, high, low FROM daily_data
       WHERE date >= (SELECT max(date) - 7 FROM daily_data) ORDER BY date, "index"`,
    );
    const closes = rows.map((row): Commentary => {
      const changePct = Number(row.change_pct);
      return {
        at: new Date(istDayStart(row.date).getTime() + (15 * 60 + 35) * minuteMs),
        index: row.index,
        sentiment: changePct >= 0.3 ? 'bullish' : changePct <= -0.3 ? 'bearish' : 'neutral',
        ...closeTexts(row.index, row.date, Number(row.close), Number(row.change), changePct, Number(row.low), Number(row.high)),
      };
    });
    await insertRows(q, 'commentary', ['created_at', 'title', 'body', '"index"', 'sentiment', 'title_i18n', 'body_i18n', 'sample'], asSample(closes.map(commentaryRow)));
    const hours = await regularOf('NIFTY', istDate(now));
    await say(q, {
      at: now,
      index: null,
      sentiment: 'neutral',
      title: said('commentary.simulated_market_title', {}, 'Simulated market live'),
      body: said(
        'commentary.simulated_market_body',
        { open: hours.open, close: hours.close },
        `Prices on StrikeDesk come from its market simulator: indices move tick by tick from ${hours.open} to ${hours.close} IST (or all day in demo mode), and this feed reports what they do.`,
      ),
    });
  }

  async function seedBots(q: Queryable, now: Date): Promise<void> {
    const { rows } = await q.query<{ since: string | null }>(`SELECT to_char(min(date), 'YYYY-MM-DD') AS since FROM daily_data`);
    const since = rows[0]?.since ?? istDate(now);
    await insertRows(
      q,
      'bots',
      // A house bot's record is a model applied to the bars, never trades: a sample for as long as it runs.
      ['name', 'strategy', 'underlying', 'description', 'capital', 'pnl', 'pnl_pct', 'win_rate', 'trades', 'max_drawdown_pct', 'equity_curve', 'since', 'updated_at', 'name_i18n', 'description_i18n', 'sample'],
      houseBots.map((bot) => [bot.name, bot.strategy, bot.underlying, bot.description, bot.capital, 0, 0, 0, 0, 0, '[]', since, now, houseBotTexts(bot).name, houseBotTexts(bot).description, true]),
      ' ON CONFLICT (name) DO NOTHING',
    );
    await updateBots(q, now, [...new Set(houseBots.map((bot) => bot.underlying))]);
  }

  /**
   * Fills every empty analytics table (a new database, or one a test emptied); tables with rows are left
   * alone. Servers starting together on one PostgreSQL seed once: the writes run in one transaction behind
   * an advisory lock, each table checked again inside it. What the rows need from the market (its state,
   * facts, expiries, calendar) is read before: inside the transaction only `tx` may be used.
   */
  async function seedIfEmpty(now = clock()): Promise<void> {
    const empty = new Set<SeededTable>();
    for (const table of seededTables) if (await isEmpty(db, table)) empty.add(table);
    if (empty.size === 0) return;
    const states = await market.states();
    const bars = empty.has('daily_data') ? await buildDailyBars(states, now) : [];
    const data = empty.has('data') ? await buildSnapshots(states, now) : { snapshots: [], signals: [] };
    const recommendations = empty.has('screener') ? await makeRecommendations(states, now) : [];
    const minuteBars = empty.has('daily_data') ? await buildMinuteBars(bars, now) : [];
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [analyticsSeedLockKey]);
      if (empty.has('daily_data') && (await isEmpty(tx, 'daily_data'))) {
        await insertRows(tx, 'daily_data', [...dailyColumns, 'sample'], asSample(bars), ' ON CONFLICT ("index", date) DO NOTHING');
        const { rows: charted } = await tx.query<{ index_name: string }>('SELECT DISTINCT index_name FROM market_candles');
        const uncharted = minuteBars.filter((bar) => !charted.some((row) => row.index_name === bar[0]));
        await insertRows(tx, 'market_candles', ['index_name', 'minute', 'open', 'high', 'low', 'close', 'ticks', 'volume', 'sample'], asSample(uncharted), ' ON CONFLICT DO NOTHING');
      }
      if (empty.has('data') && (await isEmpty(tx, 'data'))) {
        // The snapshots walked back from now are made up; the signals are priced from the market as it is.
        await insertRows(tx, 'data', [...snapshotColumns, 'sample'], asSample(data.snapshots));
        await insertRows(tx, 'data', [...snapshotColumns, 'indicator', 'signal', 'signal_i18n'], data.signals);
      }
      if (empty.has('commentary') && (await isEmpty(tx, 'commentary'))) await seedCommentary(tx, now);
      if (empty.has('screener') && (await isEmpty(tx, 'screener'))) await writeRecommendations(tx, recommendations, now);
      if (empty.has('bots') && (await isEmpty(tx, 'bots'))) await seedBots(tx, now);
    });
  }

  return { read: (query: ReadQuery) => runRead(db, query), afterTick, seedIfEmpty };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
