// The open-interest charts' answers (issue 40): an expiry's OI through one day (chosen strikes' OI and OI change,
// PCR, max pain, in N-minute buckets), its day-end profile against the previous trading day's, and the same
// figures across days. Every point carries its source and its time, and missing data is a gap (null), never
// carried across: a bucket in which nothing of the expiry was stored has no value, and a PCR or max pain is
// computed only at a moment when every contract of the day has an OI (a sum of some strikes is no PCR).
import type { Queryable } from '../../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { dayEndMinute, demoDaySpan } from '../history/demo-day.ts';

import { loadTradingCalendar } from '../market/calendar-data.ts';
import { requireListedUnderlying } from '../market/underlyings/underlying-rows.ts';
import { rolloverView } from './rollover.ts';
import { clockMinutes } from '../market/ist.ts';
import { addDays, isTradingDay, regularSessionOn, sessionOn, type TradingCalendar } from '../market/trading-calendar.ts';
import { kiteHistoryTexts } from '../texts/kite-history-texts.ts';
import { notFoundTexts } from '../texts/not-found-texts.ts';
import { openInterestTexts } from '../texts/open-interest-texts.ts';
import { intraday, type OiIntraday, type OiSeries } from './oi-intraday.ts';
import { maxPain, putCallRatio, type StrikeOi } from './oi-math.ts';
import {
  contractKey,
  dayMinuteSources,
  readDayEnds,
  readDayMinutes,
  readExpirySpan,
  readOiDays,
  readOiExpiries,
  type DayEnd,
  type OiSource,
} from './oi-store.ts';

export type { OiSource } from './oi-store.ts';

/** The most strikes one chart draws (each its call and its put): a 1-minute day of 8 stays well under 50 KB gzip. */
export const maxChartStrikes = 8;
/** The longest range across days: a year and a day. */
export const maxOiDays = 366;
export const oiIntervals = [1, 3, 5, 15, 30, 60] as const;
export type OiInterval = (typeof oiIntervals)[number];

type Value = number | null;
export type { OiSeries } from './oi-intraday.ts';
export type OiProfileSide = { day: string; source: OiSource; as_of: string; call_oi: Value[]; put_oi: Value[]; pcr: Value; max_pain: Value };
export type OiProfile = OiProfileSide & { strikes: number[]; previous: OiProfileSide | null };

export type OiDayAnswer = {
  index: string;
  day: string | null;
  expiry: string | null;
  interval: OiInterval;
  days: { day: string; sources: OiSource[] }[];
  expiries: string[];
  strikes: number[];
  /** The trading day before `day`, whose day-end OI the change is measured from; its source, null when nothing of it is stored. */
  previous_day: string | null;
  previous_source: OiSource | null;
  intraday: OiIntraday;
  profile: OiProfile | null;
};

export type OiDaysAnswer = {
  index: string;
  expiry: string;
  from: string | null;
  to: string | null;
  strikes: number[];
  dates: string[];
  sources: (OiSource | null)[];
  as_of: (string | null)[];
  pcr: Value[];
  max_pain: Value[];
  series: OiSeries[];
};

const rupees = (paise: number) => paise / 100;
const paiseOf = (rupee: number) => Math.round(rupee * 100);
const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
/** A minute's end as an instant (IST): OI is read at the end of its minute. */
const minuteEnd = (day: string, minute: number) => new Date(Date.parse(`${day}T${clock(minute)}:00+05:30`) + 60_000).toISOString();
/** When a day's end stands: the bhavcopy's at the close itself (its `minute`), a stored minute's at that minute's end. */
const dayEndTime = (end: DayEnd) => (end.source === 'bhavcopy' ? new Date(Date.parse(`${end.day}T${clock(end.minute)}:00+05:30`)).toISOString() : minuteEnd(end.day, end.minute));

/** The strikes asked for ("24000,24100.5"), in paise; a clear refusal for anything else. */
export function parseStrikes(text: string | undefined): number[] | null {
  if (text === undefined || text.trim() === '') return null;
  const parts = text.split(',').map((part) => part.trim());
  for (const part of parts) if (!/^\d{1,6}(\.\d{1,2})?$/.test(part) || Number(part) <= 0) throw DomainError.said('validation_failed', openInterestTexts.strikes(part), { field: 'strikes' });
  const strikes = [...new Set(parts.map((part) => paiseOf(Number(part))))].sort((a, b) => a - b);
  if (strikes.length > maxChartStrikes) throw DomainError.said('validation_failed', openInterestTexts.tooManyStrikes(maxChartStrikes, strikes.length), { field: 'strikes' });
  return strikes;
}

function strikeOis(values: ReadonlyMap<string, { strikePaise: number; type: 'CE' | 'PE'; oi: number }>): StrikeOi[] {
  const strikes = new Map<number, StrikeOi>();
  for (const value of values.values()) {
    const strike = strikes.get(value.strikePaise) ?? { strikePaise: value.strikePaise, callOi: 0, putOi: 0 };
    if (value.type === 'CE') strike.callOi = value.oi;
    else strike.putOi = value.oi;
    strikes.set(value.strikePaise, strike);
  }
  return [...strikes.values()].sort((a, b) => a.strikePaise - b.strikePaise);
}

const pcrOf = (values: ReadonlyMap<string, { strikePaise: number; type: 'CE' | 'PE'; oi: number }>) => putCallRatio(strikeOis(values));
const maxPainOf = (values: ReadonlyMap<string, { strikePaise: number; type: 'CE' | 'PE'; oi: number }>) => {
  const pain = maxPain(strikeOis(values));
  return pain === null ? null : rupees(pain);
};

/** Without strikes asked: where the day's calls are most open (resistance), where its puts are (support), and max pain. */
function defaultStrikes(end: DayEnd | undefined): number[] {
  if (end === undefined || end.contracts.size === 0) return [];
  const values = [...end.contracts.values()];
  const most = (type: 'CE' | 'PE') => values.filter((value) => value.type === type).sort((a, b) => b.oi - a.oi || a.strikePaise - b.strikePaise)[0]?.strikePaise;
  const pain = maxPain(strikeOis(end.contracts));
  return [...new Set([most('CE'), most('PE'), pain].filter((strike): strike is number => strike != null))].sort((a, b) => a - b);
}

function previousTradingDay(calendar: TradingCalendar, day: string): string {
  let before = addDays(day, -1);
  // A year of closures in a row is a broken calendar; stop rather than loop.
  for (let i = 0; i < 366 && !isTradingDay(calendar, before); i += 1) before = addDays(before, -1);
  return before;
}

function profileSide(end: DayEnd, strikes: readonly number[]): OiProfileSide {
  const at = (strike: number, type: 'CE' | 'PE') => end.contracts.get(contractKey(strike, type))?.oi ?? null;
  return {
    day: end.day,
    source: end.source,
    as_of: dayEndTime(end),
    call_oi: strikes.map((strike) => at(strike, 'CE')),
    put_oi: strikes.map((strike) => at(strike, 'PE')),
    pcr: pcrOf(end.contracts),
    max_pain: maxPainOf(end.contracts),
  };
}

function refuseUnlisted(strikes: readonly number[], listed: ReadonlySet<number>, expiry: string) {
  const unlisted = strikes.find((strike) => !listed.has(strike));
  if (unlisted !== undefined) throw DomainError.said('validation_failed', openInterestTexts.unlistedStrike(rupees(unlisted), expiry), { field: 'strikes' });
}

export function createOpenInterestCharts(db: Queryable) {
  const requireListed = (index: string) => requireListedUnderlying(db, index);

  async function dayAnswer(index: string, askedDay: string | null, askedExpiry: string | null, askedStrikes: string | undefined, interval: OiInterval): Promise<OiDayAnswer> {
    const asked = parseStrikes(askedStrikes);
    await requireListed(index);
    const days = await readOiDays(db, index, askedDay);
    const nothing: OiDayAnswer = {
      index,
      day: askedDay,
      expiry: askedExpiry,
      interval,
      days,
      expiries: [],
      strikes: [],
      previous_day: null,
      previous_source: null,
      intraday: { minutes: [], sources: [], pcr: [], max_pain: [], series: [] },
      profile: null,
    };
    if (askedDay === null && days.length === 0) return nothing;
    // Without a day: the latest, or the latest of the expiry asked for (the chain links to today's expiries).
    const day = askedDay ?? (askedExpiry === null ? null : (await readExpirySpan(db, index, askedExpiry))?.last) ?? (days[0] as { day: string }).day;
    if (!days.some((listed) => listed.day === day)) throw DomainError.said('not_found', openInterestTexts.noDay(index, day));
    const expiries = await readOiExpiries(db, index, day);
    const expiry = askedExpiry ?? expiries[0] ?? null;
    if (expiry === null || !expiries.includes(expiry)) throw DomainError.said('not_found', notFoundTexts.expiry(index, askedExpiry ?? day));

    const calendar = await loadTradingCalendar(db, 'NSE');
    const previousDay = previousTradingDay(calendar, day);
    const [contracts, ends] = await Promise.all([readDayMinutes(db, index, day, expiry), readDayEnds(db, index, expiry, previousDay, day)]);
    const end = ends.get(day);
    const previous = ends.get(previousDay);
    const listed = new Set([...contracts.map((contract) => contract.strikePaise), ...[...(end?.contracts.values() ?? [])].map((value) => value.strikePaise)]);
    if (asked !== null) refuseUnlisted(asked, listed, expiry);
    const strikes = asked ?? defaultStrikes(end);
    // A day the calendar has closed but history holds (a holiday declared after it) is read at its regular hours;
    // a day of the demo market's minutes alone, from its first minute to midnight (history/demo-day.ts).
    const session = sessionOn(calendar, day) ?? regularSessionOn(calendar, day);
    const simulated = dayMinuteSources.indexOf('simulated');
    const demoDay = contracts.length > 0 && contracts.every((contract) => contract.sources.every((source) => source === simulated));
    const firstMinute = Math.min(...contracts.map((contract) => contract.minutes[0] ?? dayEndMinute));
    const span = demoDay ? demoDaySpan(firstMinute, interval) : { open: clockMinutes(session.open), close: clockMinutes(session.close) };
    const profileStrikes = [...listed].sort((a, b) => a - b);
    return {
      ...nothing,
      day,
      expiry,
      expiries,
      strikes: strikes.map(rupees),
      previous_day: previousDay,
      previous_source: previous?.source ?? null,
      intraday: intraday(contracts, span, interval, strikes, previous),
      profile:
        end === undefined
          ? null
          : { ...profileSide(end, profileStrikes), strikes: profileStrikes.map(rupees), previous: previous === undefined ? null : profileSide(previous, profileStrikes) },
    };
  }

  async function daysAnswer(index: string, expiry: string, askedFrom: string | null, askedTo: string | null, askedStrikes: string | undefined): Promise<OiDaysAnswer> {
    const asked = parseStrikes(askedStrikes);
    if (askedFrom !== null && askedTo !== null && askedFrom > askedTo) throw DomainError.said('validation_failed', kiteHistoryTexts.fromAfterTo, { field: 'from' });
    await requireListed(index);
    const span = await readExpirySpan(db, index, expiry);
    if (span === null) throw DomainError.said('not_found', notFoundTexts.expiry(index, expiry));
    const to = askedTo ?? span.last;
    const from = askedFrom ?? (addDays(to, -(maxOiDays - 1)) > span.first ? addDays(to, -(maxOiDays - 1)) : span.first);
    const length = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
    if (length > maxOiDays) throw DomainError.said('validation_failed', openInterestTexts.rangeTooLong(maxOiDays, length), { field: 'to' });
    const ends = await readDayEnds(db, index, expiry, from, to);
    const stored = [...ends.keys()].sort();
    const listed = new Set([...ends.values()].flatMap((end) => [...end.contracts.values()].map((value) => value.strikePaise)));
    if (asked !== null) refuseUnlisted(asked, listed, expiry);
    const strikes = asked ?? defaultStrikes(ends.get(stored.at(-1) ?? ''));
    const answer: OiDaysAnswer = { index, expiry, from, to, strikes: strikes.map(rupees), dates: [], sources: [], as_of: [], pcr: [], max_pain: [], series: [] };
    const first = stored[0];
    const last = stored.at(-1);
    if (first === undefined || last === undefined) return { ...answer, series: strikes.flatMap((strike) => (['CE', 'PE'] as const).map((type) => ({ strike: rupees(strike), type, oi: [], change: [] }))) };
    // Every trading day from the first stored to the last: one without anything stored is a gap.
    const calendar = await loadTradingCalendar(db, 'NSE');
    for (let day = first; day <= last; day = addDays(day, 1)) if (ends.has(day) || isTradingDay(calendar, day)) answer.dates.push(day);
    for (const day of answer.dates) {
      const end = ends.get(day);
      answer.sources.push(end?.source ?? null);
      answer.as_of.push(end === undefined ? null : dayEndTime(end));
      answer.pcr.push(end === undefined ? null : pcrOf(end.contracts));
      answer.max_pain.push(end === undefined ? null : maxPainOf(end.contracts));
    }
    answer.series = strikes.flatMap((strike) =>
      (['CE', 'PE'] as const).map((type) => {
        const key = contractKey(strike, type);
        const oi: Value[] = [];
        const change: Value[] = [];
        answer.dates.forEach((day, i) => {
          const value = ends.get(day)?.contracts.get(key);
          oi.push(value?.oi ?? null);
          // The bhavcopy's own change where it gives one; else the change from the trading day before, when both are stored.
          const before = i > 0 ? ends.get(answer.dates[i - 1] as string)?.contracts.get(key) : undefined;
          change.push(value === undefined ? null : (value.change ?? (before === undefined ? null : value.oi - before.oi)));
        });
        return { strike: rupees(strike), type, oi, change };
      }),
    );
    return answer;
  }

  /** Issue 63: the futures' rollover before a month's expiry (rollover.ts). */
  const rollover = (index: string, expiry: string | null, days: number) => rolloverView(db, index, expiry, days);

  return { dayAnswer, daysAnswer, rollover };
}

export type OpenInterestCharts = ReturnType<typeof createOpenInterestCharts>;
