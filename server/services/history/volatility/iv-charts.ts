// The implied volatility charts' reads (GET /api/market-history/iv/…, issue 40): an expiry's ATM IV minute by
// minute over a day, the near month's ATM IV at each day's close over a lookback with today's IV rank and IV
// percentile, and an expiry's smile at a minute or a day's close against an earlier one. Every point says its
// source and its time; a minute or a day without the prices an IV needs is a gap (null, or listed as missing),
// never filled. The measures are defined in iv-measures.ts.
import type { Queryable } from '../../../db/database.ts';
import { DomainError } from '../../domain-error.ts';
import { loadRegularSessions, loadTradingCalendar } from '../../market/calendar-data.ts';
import { addDays, contractExpiryMs, isTradingDay } from '../../market/trading-calendar.ts';
import { requireListedUnderlying } from '../../market/underlyings/underlying-rows.ts';
import { isHistoryIndex } from '../history-files.ts';
import { ivTexts } from '../../texts/iv-texts.ts';
import {
  lastOptionDay,
  readAtmSettlements,
  readBhavcopyDays,
  readContractsAt,
  readDayExpiries,
  readExpiryMinutes,
  readIndexMinutes,
  readLastOptionMinute,
  readMinuteDays,
  readSettlements,
  type ExpiryMinutes,
  type IndexMinute,
  type IvSource,
  type StrikeRange,
} from './day-prices.ts';
import {
  atmAtMinute,
  atmAtSettlement,
  atmPair,
  chainIv,
  dayMinutesOf,
  ivStanding,
  minuteAtOrBefore,
  minuteEndMs,
  nearMonthExpiry,
  sessionMinutesOn,
  type AtmPair,
  type AtmPoint,
  type IvSessions,
  type IvStanding,
} from './iv-measures.ts';

/** NSE's regular sessions (market history is NSE's indices'), read per chart request: a few rows. */
const ivSessions = async (db: Queryable): Promise<IvSessions> => ({ regular: await loadRegularSessions(db, 'NSE') });

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const instant = (day: string, minute: number) => new Date(minuteEndMs(day, minute)).toISOString();

export type IvDay = {
  index: string;
  day: string | null;
  expiry: string | null;
  /** The expiries history holds prices of that day (the expiry picker's choices). */
  expiries: string[];
  /** The end of the last minute with an ATM IV, or the day's close for a bhavcopy day; null without one. */
  as_of: string | null;
  /** Columns, element i of each being minutes[i] (IST HH:MM, the minute's start); null where the minute is a gap. */
  minutes: string[];
  iv: (number | null)[];
  call_iv: (number | null)[];
  put_iv: (number | null)[];
  strike: (number | null)[];
  spot: (number | null)[];
  source: (IvSource | null)[];
  /** The ATM IV at the day's close from its bhavcopy's settlement prices, when imported. */
  settlement: { at: string; iv: number; call_iv: number; put_iv: number; strike: number; spot: number; source: 'bhavcopy' } | null;
};

type BhavcopyLevel = { levelPaise: number | null; listed: boolean };

async function bhavcopyLevel(db: Queryable, index: string, day: string, expiry: string): Promise<BhavcopyLevel> {
  const [found] = await readBhavcopyDays(db, index, day, day);
  return { levelPaise: found?.underlyingPaise ?? null, listed: found?.expiries.includes(expiry) ?? false };
}

function checkExpiry(day: string, expiry: string) {
  if (expiry < day) throw DomainError.said('validation_failed', ivTexts.expiryBeforeDay(expiry, day), { field: 'expiry' });
}

/**
 * The strikes read first for a day's ATM IVs: those within this share of the index's lowest and highest level
 * that day. A whole chain has its ATM pair within half a strike step of the level; 1 % is five NIFTY strikes.
 */
const atmBand = 0.01;

/** The strikes within `share` below the lowest level and above the highest. */
const strikesAround = (lowestPaise: number, highestPaise: number, share: number): StrikeRange => ({
  lowPaise: Math.floor(lowestPaise * (1 - share)),
  highPaise: Math.ceil(highestPaise * (1 + share)),
});

/**
 * Whether a pair found among `band`'s strikes is the nearest of every strike: no farther from the level than the
 * band's nearer edge, beyond which every strike outside lies.
 */
const nearestOfAll = (pair: AtmPair | null, spotPaise: number, band: StrikeRange): boolean =>
  pair !== null && Math.abs(pair.strike - spotPaise) <= Math.min(spotPaise - band.lowPaise, band.highPaise - spotPaise);

/**
 * The contracts `ivDay` needs for each session minute's ATM pair (iv-measures.ts atmPair): a recorded day holds
 * every strike of the chain (250 of NIFTY, 375 minutes each), and reading them all took seconds, so first only the
 * strikes within `atmBand` of the day's range of index levels. A strike outside that band is farther from every
 * minute's level than the band's nearer edge, so where each minute's pair in the band is no farther from the
 * level than that edge, it is the pair all the strikes give too. Otherwise (a sparse day: no pair near the level,
 * or only a farther one) every strike is read, so the answer is always the one the whole expiry gives.
 */
async function atmContracts(db: Queryable, index: string, day: string, expiry: string, indexMinutes: Map<number, IndexMinute>, span: { first: number; last: number }): Promise<ExpiryMinutes> {
  const levels: { minute: number; spotPaise: number }[] = [];
  const { first, last } = span;
  for (let minute = first; minute <= last; minute += 1) {
    const level = indexMinutes.get(minute);
    if (level !== undefined) levels.push({ minute, spotPaise: level.closePaise });
  }
  // Without the index's level every minute is a gap, whatever the contracts.
  if (levels.length === 0) return new Map();
  const lowestPaise = Math.min(...levels.map((level) => level.spotPaise));
  const highestPaise = Math.max(...levels.map((level) => level.spotPaise));
  const band = strikesAround(lowestPaise, highestPaise, atmBand);
  const near = await readExpiryMinutes(db, index, day, expiry, band);
  const strikes = [...near.keys()].sort((a, b) => a - b);
  const bandHoldsEveryPair = levels.every(({ minute, spotPaise }) => nearestOfAll(atmPair(near, strikes, spotPaise, minute), spotPaise, band));
  return bandHoldsEveryPair ? near : readExpiryMinutes(db, index, day, expiry);
}

/** An expiry's ATM IV minute by minute on a day (the last day with option prices, and its nearest expiry, when not asked). */
export async function ivDay(db: Queryable, index: string, askedDay: string | null, askedExpiry: string | null): Promise<IvDay> {
  const day = askedDay ?? (await lastOptionDay(db, index, null));
  const empty: IvDay = { index, day, expiry: askedExpiry, expiries: [], as_of: null, minutes: [], iv: [], call_iv: [], put_iv: [], strike: [], spot: [], source: [], settlement: null };
  if (day === null) return empty;
  if (askedExpiry !== null) checkExpiry(day, askedExpiry);
  const expiries = await readDayExpiries(db, index, day);
  const expiry = askedExpiry ?? expiries.find((listed) => listed >= day) ?? null;
  if (expiry === null) return { ...empty, expiries };
  const answer: IvDay = { ...empty, expiry, expiries };
  const sessions = await ivSessions(db);
  const expiryMs = contractExpiryMs(sessions, expiry);
  const session = sessionMinutesOn(sessions, day);

  const indexMinutes = await readIndexMinutes(db, index, day);
  // NSE's session, or a demo day's every minute (its evening is charted as the header says the market is open).
  const span = dayMinutesOf(sessions, day, indexMinutes);
  const contracts = await atmContracts(db, index, day, expiry, indexMinutes, span);
  const strikes = [...contracts.keys()].sort((a, b) => a - b);
  const points: { minute: number; point: AtmPoint | null }[] = [];
  for (let minute = span.first; minute <= span.last; minute += 1) {
    points.push({ minute, point: strikes.length === 0 ? null : atmAtMinute(contracts, strikes, indexMinutes.get(minute), day, minute, expiryMs) });
  }
  // From the first minute with an ATM IV to the last: before and after the day's data is no gap to draw.
  const first = points.findIndex((entry) => entry.point !== null);
  const last = points.findLastIndex((entry) => entry.point !== null);
  if (first >= 0) {
    for (const { minute, point } of points.slice(first, last + 1)) {
      answer.minutes.push(clock(minute));
      answer.iv.push(point?.iv ?? null);
      answer.call_iv.push(point?.callIv ?? null);
      answer.put_iv.push(point?.putIv ?? null);
      answer.strike.push(point?.strike ?? null);
      answer.spot.push(point?.spot ?? null);
      answer.source.push(point?.source ?? null);
    }
    answer.as_of = instant(day, points[last]!.minute);
  }

  const level = await bhavcopyLevel(db, index, day, expiry);
  if (level.listed && level.levelPaise !== null) {
    const atm = (await readAtmSettlements(db, index, [{ day, expiry, levelPaise: level.levelPaise }])).get(day);
    const point = atm === undefined ? null : atmAtSettlement(minuteEndMs(day, session.last), expiryMs, level.levelPaise, atm);
    if (point !== null) {
      const at = instant(day, session.last);
      answer.settlement = { at, iv: point.iv, call_iv: point.callIv, put_iv: point.putIv, strike: point.strike, spot: point.spot, source: 'bhavcopy' };
      if (answer.as_of === null || answer.as_of < at) answer.as_of = at;
    }
  }
  return answer;
}

/**
 * A minute day's last ATM IV (the across-days series' point of that day): ivDay's last minute with one. The last
 * minute with the index's level is the last that can have one, and is nearly always it: there, only each contract's
 * price then, of the strikes within `atmBand` of the level, is read (a lookback holds up to a month of recorded
 * days, and ivDay on each read a thousand times the rows). Where that minute has no point, or its pair in the band
 * may not be the nearest (as in atmContracts), the day is read as ivDay reads it.
 */
async function dayCloseAtm(db: Queryable, index: string, day: string, expiry: string, sessions: IvSessions): Promise<{ minute: number; point: AtmPoint } | null> {
  const indexMinutes = await readIndexMinutes(db, index, day);
  const session = dayMinutesOf(sessions, day, indexMinutes);
  let minute = session.last;
  while (minute >= session.first && !indexMinutes.has(minute)) minute -= 1;
  const level = indexMinutes.get(minute);
  if (level === undefined) return null;
  const spotPaise = level.closePaise;
  const band = strikesAround(spotPaise, spotPaise, atmBand);
  const contracts = await readContractsAt(db, index, day, expiry, minute, band);
  const strikes = [...contracts.keys()].sort((a, b) => a - b);
  if (nearestOfAll(atmPair(contracts, strikes, spotPaise, minute), spotPaise, band)) {
    const point = atmAtMinute(contracts, strikes, level, day, minute, contractExpiryMs(sessions, expiry));
    if (point !== null) return { minute, point };
  }
  const series = await ivDay(db, index, day, expiry);
  const last = series.iv.findLastIndex((iv) => iv !== null);
  if (last < 0) return null;
  const point: AtmPoint = {
    iv: series.iv[last]!,
    callIv: series.call_iv[last]!,
    putIv: series.put_iv[last]!,
    strike: series.strike[last]!,
    spot: series.spot[last]!,
    source: series.source[last]!,
  };
  return { minute: clockMinutes(series.minutes[last]!), point };
}

export type IvHistory = {
  index: string;
  /** The expiry each day's point is of: the near month (iv-measures.ts nearMonthExpiry). */
  basis: 'near_month';
  lookback_days: number;
  from: string | null;
  to: string | null;
  /** The last day with a point. */
  as_of: string | null;
  /** Columns, element i of each being dates[i]: the ATM IV at the day's close (its settlement, or its last minute with one). */
  dates: string[];
  iv: number[];
  expiry: string[];
  strike: number[];
  at: string[];
  source: IvSource[];
  /** Trading days (NSE's calendar) between the first and the last of `dates` without a point: gaps. */
  missing_days: string[];
  /**
   * The last day's IV rank and IV percentile over the days of the lookback before it (see iv-measures.ts), counting
   * only days as real as it (a simulated day is never ranked against real ones, nor a real one against them); null
   * without an earlier day.
   */
  standing: IvStanding | null;
};

/** The days of a lookback one answer may span, and the ones the screen offers. */
export const maxLookbackDays = 730;

/** The near month's ATM IV at each day's close from `to` (or the last day with prices) back over the lookback. */
export async function ivHistory(db: Queryable, index: string, askedTo: string | null, lookbackDays: number): Promise<IvHistory> {
  const to = await lastOptionDay(db, index, askedTo);
  const answer: IvHistory = {
    index,
    basis: 'near_month',
    lookback_days: lookbackDays,
    from: null,
    to,
    as_of: null,
    dates: [],
    iv: [],
    expiry: [],
    strike: [],
    at: [],
    source: [],
    missing_days: [],
    standing: null,
  };
  if (to === null) return answer;
  // The lookback's days end with `to`: a 365-day lookback is the year up to and including it.
  const from = addDays(to, 1 - lookbackDays);
  answer.from = from;

  const byDay = new Map<string, { point: AtmPoint; expiry: string; at: string }>();
  // A bhavcopy day's point is its settlement: the exchange's own closing prices, whatever else was recorded that day.
  const bhavcopies = await readBhavcopyDays(db, index, from, to);
  const asked = bhavcopies.flatMap(({ day, expiries, underlyingPaise }) => {
    const expiry = nearMonthExpiry(day, expiries);
    return expiry === null || underlyingPaise === null ? [] : [{ day, expiry, levelPaise: underlyingPaise }];
  });
  const settlements = await readAtmSettlements(db, index, asked);
  const sessions = await ivSessions(db);
  for (const { day, expiry, levelPaise } of asked) {
    const atm = settlements.get(day);
    const { last } = sessionMinutesOn(sessions, day);
    const point = atm === undefined ? null : atmAtSettlement(minuteEndMs(day, last), contractExpiryMs(sessions, expiry), levelPaise, atm);
    if (point !== null) byDay.set(day, { point, expiry, at: instant(day, last) });
  }
  const bhavcopyDays = new Set(bhavcopies.map((entry) => entry.day));
  // Other days: the last minute of the day with an ATM IV of the near month.
  for (const [day, expiries] of await readMinuteDays(db, index, from, to)) {
    if (bhavcopyDays.has(day)) continue;
    const expiry = nearMonthExpiry(day, expiries);
    if (expiry === null) continue;
    const close = await dayCloseAtm(db, index, day, expiry, sessions);
    if (close !== null) byDay.set(day, { point: close.point, expiry, at: instant(day, close.minute) });
  }

  const days = [...byDay.keys()].sort();
  for (const day of days) {
    const { point, expiry, at } = byDay.get(day)!;
    answer.dates.push(day);
    answer.iv.push(point.iv);
    answer.expiry.push(expiry);
    answer.strike.push(point.strike);
    answer.at.push(at);
    answer.source.push(point.source);
  }
  const lastDay = days.at(-1);
  if (lastDay === undefined) return answer;
  answer.as_of = lastDay;
  answer.missing_days = await missingTradingDays(db, new Set(days), days[0]!, lastDay);
  const now = byDay.get(lastDay)!.point;
  const simulated = now.source === 'simulated';
  const earlier = days
    .slice(0, -1)
    .filter((day) => (byDay.get(day)!.point.source === 'simulated') === simulated)
    .map((day) => byDay.get(day)!.point.iv);
  answer.standing = ivStanding(now.iv, earlier);
  return answer;
}

const clockMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Trading days from `from` to `to` without a point; days of a year the calendar has no holiday list for are left out. */
async function missingTradingDays(db: Queryable, days: ReadonlySet<string>, from: string, to: string): Promise<string[]> {
  const calendar = await loadTradingCalendar(db, 'NSE');
  const listedYears = new Set([...calendar.holidays.keys()].map((day) => day.slice(0, 4)));
  const missing: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (!days.has(day) && listedYears.has(day.slice(0, 4)) && isTradingDay(calendar, day)) missing.push(day);
  }
  return missing;
}

export type SmileAt = {
  /** What was asked: a day (its close) or a day and IST minute (YYYY-MM-DDTHH:MM). */
  asked: string;
  /** The end of the minute the smile is of, or the day's close; null when history holds no prices for it. */
  at: string | null;
  source: IvSource | null;
  /** The index's level then. */
  spot: number | null;
  /** Columns, element i of each being strikes[i]: each listed strike within 10 % of the level; null where no IV solves. */
  strikes: number[];
  call_iv: (number | null)[];
  put_iv: (number | null)[];
};

/** `expiry` and `now` null only when asked without an expiry and history holds no option prices of the index. */
export type IvSmile = { index: string; expiry: string | null; now: SmileAt | null; earlier: SmileAt | null };

/** The strikes a smile shows: within this share of the index level either side. */
const smileBand = 0.1;

const parseMoment = (moment: string) => ({ day: moment.slice(0, 10), minute: moment.length > 10 ? clockMinutes(moment.slice(11, 16)) : null });

/** An expiry's smile at a moment: a minute (the contracts' last prices then) or a day (its settlement, else its last minute with prices). */
async function smileAt(db: Queryable, index: string, expiry: string, asked: string, sessions: IvSessions): Promise<SmileAt> {
  const { day, minute } = parseMoment(asked);
  checkExpiry(day, expiry);
  const indexMinutes = await readIndexMinutes(db, index, day);
  const { first: firstMinute, last: lastMinute } = dayMinutesOf(sessions, day, indexMinutes);
  const expiryMs = contractExpiryMs(sessions, expiry);
  if (minute !== null && (minute < firstMinute || minute > lastMinute)) {
    throw DomainError.said('validation_failed', ivTexts.minuteOutsideSession(asked.slice(11, 16), { first: clock(firstMinute), last: clock(lastMinute) }), { field: 'at' });
  }
  const none: SmileAt = { asked, at: null, source: null, spot: null, strikes: [], call_iv: [], put_iv: [] };
  if (minute === null) {
    const level = await bhavcopyLevel(db, index, day, expiry);
    if (level.listed && level.levelPaise !== null) {
      const levelPaise = level.levelPaise;
      const rows = await readSettlements(db, index, day, expiry, levelPaise, smileBand);
      const at = minuteEndMs(day, sessionMinutesOn(sessions, day).last);
      const smile: SmileAt = { ...none, at: new Date(at).toISOString(), source: 'bhavcopy', spot: levelPaise / 100 };
      for (const row of rows) {
        if (smile.strikes.at(-1) !== row.strikePaise / 100) {
          smile.strikes.push(row.strikePaise / 100);
          smile.call_iv.push(null);
          smile.put_iv.push(null);
        }
        const iv = chainIv(row.optionType, levelPaise, row.strikePaise, row.settlePaise, at, expiryMs);
        (row.optionType === 'CE' ? smile.call_iv : smile.put_iv)[smile.strikes.length - 1] = iv;
      }
      return smile;
    }
  }
  // A day's close without a bhavcopy: its last minute with both the index's level and an option price.
  let at = minute;
  if (at === null) {
    const lastPriced = (await readLastOptionMinute(db, index, day, expiry)) ?? -1;
    for (let candidate = Math.min(lastPriced, lastMinute); candidate >= firstMinute && at === null; candidate -= 1) {
      if (indexMinutes.has(candidate)) at = candidate;
    }
  }
  const level = at === null ? undefined : indexMinutes.get(at);
  if (at === null || level === undefined) return none;
  const spotPaise = level.closePaise;
  // Only what the smile shows: each contract's last price at `at`, of the strikes in the band (read a paisa wider
  // either side than the band; the band itself is checked below), not every strike's day (seconds on a recorded chain).
  const strikesRead = { lowPaise: Math.floor(spotPaise * (1 - smileBand)) - 1, highPaise: Math.ceil(spotPaise * (1 + smileBand)) + 1 };
  const contracts = await readContractsAt(db, index, day, expiry, at, strikesRead);
  const smile: SmileAt = { ...none, at: instant(day, at), spot: spotPaise / 100 };
  const sources: (IvSource | null)[] = [level.simulated ? 'simulated' : null];
  for (const strike of [...contracts.keys()].sort((a, b) => a - b)) {
    if (Math.abs(strike - spotPaise) > spotPaise * smileBand) continue;
    const sides = contracts.get(strike)!;
    const ivs = (['CE', 'PE'] as const).map((kind) => {
      const candle = minuteAtOrBefore(sides[kind], at);
      if (candle === null) return null;
      sources.push(candle.source);
      return candle.ivBp !== null ? candle.ivBp / 100 : chainIv(kind, spotPaise, strike, candle.closePaise, minuteEndMs(day, at), expiryMs);
    });
    if (ivs[0] === null && ivs[1] === null) continue;
    smile.strikes.push(strike / 100);
    smile.call_iv.push(ivs[0] ?? null);
    smile.put_iv.push(ivs[1] ?? null);
  }
  if (smile.strikes.length === 0) return none;
  smile.source = sources.includes('simulated') ? 'simulated' : (sources.find((source) => source !== null) ?? null);
  return smile;
}

/** The day before `day` with prices of the expiry, for the smile's default comparison. */
async function previousPricedDay(db: Queryable, index: string, expiry: string, day: string): Promise<string | null> {
  const { rows } = await db.query<{ d: string | null }>(
    `SELECT to_char(greatest(
       (SELECT max(trade_date) FROM history_option_minutes WHERE index_name = $1 AND expiry = $2::date AND trade_date < $3::date),
       (SELECT max(trade_date) FROM history_recorded_option_days WHERE index_name = $1 AND expiry = $2::date AND trade_date < $3::date),
       (SELECT max(trade_date) FROM history_option_days WHERE index_name = $1 AND expiry = $2::date AND trade_date < $3::date)), 'YYYY-MM-DD') AS d`,
    [index, expiry, day],
  );
  return rows[0]?.d ?? null;
}

/**
 * An expiry's smile `at` a moment (default: the last day with its prices, at the close) against an earlier one
 * (`against`; default: the day before with its prices, at the close). Without an expiry, the one `ivDay` charts
 * for the same question: the nearest expiry of `at`'s day, or of the last day with option prices (then at its
 * close), so the volatility screen asks its day and its smile at once rather than one after the other.
 */
export async function ivSmile(db: Queryable, index: string, askedExpiry: string | null, askedAt: string | null, against: string | null): Promise<IvSmile> {
  if (askedExpiry === null) {
    const day = askedAt === null ? await lastOptionDay(db, index, null) : askedAt.slice(0, 10);
    const expiry = day === null ? undefined : (await readDayExpiries(db, index, day)).find((listed) => listed >= day);
    if (day === null || expiry === undefined) return { index, expiry: null, now: null, earlier: null };
    return ivSmile(db, index, expiry, askedAt ?? day, against);
  }
  const expiry = askedExpiry;
  const at = askedAt ?? (await lastExpiryDay(db, index, expiry)) ?? expiry;
  const sessions = await ivSessions(db);
  const now = await smileAt(db, index, expiry, at, sessions);
  const earlierAsked = against ?? (await previousPricedDay(db, index, expiry, at.slice(0, 10)));
  return { index, expiry, now, earlier: earlierAsked === null ? null : await smileAt(db, index, expiry, earlierAsked, sessions) };
}

async function lastExpiryDay(db: Queryable, index: string, expiry: string): Promise<string | null> {
  return previousPricedDay(db, index, expiry, addDays(expiry, 1));
}

/**
 * The implied volatility charts' reads, over the server's database: of an index or (issue 63) a listed stock, whose
 * IVs come from its imported bhavcopies (its settlement prices and UDiFF's underlying value); an unlisted symbol is 404.
 */
export function createIvCharts(db: Queryable) {
  const listed = async <T>(index: string, read: () => Promise<T>) => {
    const kind = await requireListedUnderlying(db, index);
    if (kind === 'index' && !isHistoryIndex(index)) throw DomainError.said('validation_failed', ivTexts.noOptionsHistory(index), { field: 'index' });
    return read();
  };
  return {
    day: (index: string, day: string | null, expiry: string | null) => listed(index, () => ivDay(db, index, day, expiry)),
    history: (index: string, to: string | null, lookbackDays: number) => listed(index, () => ivHistory(db, index, to, lookbackDays)),
    smile: (index: string, expiry: string | null, at: string | null, against: string | null) => listed(index, () => ivSmile(db, index, expiry, at, against)),
  };
}

export type IvCharts = ReturnType<typeof createIvCharts>;
