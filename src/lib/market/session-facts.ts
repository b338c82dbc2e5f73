/**
 * The exchange's hours as the server last said them, never a constant of the app: NSE's F&O close moved from
 * 15:30 to 15:40 IST on 3 August 2026 (circular 74/2026), and the server reads each day's session from its dated
 * market facts. Two answers teach this module:
 * - every expiries answer (the market's, a replay's, their kept copies): each expiry's `closes_at`, the instant
 *   its contracts stop trading;
 * - the price stream's market status: today's session (`session`: open, close, MIS square-off, HH:MM IST).
 * React reads `sessionFactsAtom`; code outside React (the builder's maths, the chain's cache) calls the plain
 * functions, which read the app's one store.
 * jotai/vanilla: the price feed, in the first visit's entry, writes it.
 */
import { atom } from 'jotai/vanilla';
import type { components as AnalyticsComponents } from '@openapi/analytics';
import type { components } from '@openapi/main';
import { store as appStore } from '@/lib/store';

export type TodaySession = NonNullable<AnalyticsComponents['schemas']['MarketStatus']['session']>;
type Expiry = components['schemas']['Expiry'];

export type SessionFacts = {
  /** Each expiry date (YYYY-MM-DD) the server described, to the instant its contracts stop trading (ISO). */
  closes: Readonly<Record<string, string>>;
  /** Today's session by the price stream's word; null until it has spoken (or in a replay, where it does not say it). */
  today: TodaySession | null;
};

type Store = Pick<typeof appStore, 'get' | 'set'>;

export const sessionFactsAtom = atom<SessionFacts>({ closes: {}, today: null });

const dayMs = 24 * 60 * 60 * 1000;

/** The instant of `time` (HH:MM IST) on `date` (YYYY-MM-DD). IST is UTC+05:30 all year. */
export function istInstantMs(date: string, time: string): number {
  return Date.parse(`${date}T${time}:00+05:30`);
}

/** The minute before `time` (HH:MM): a session's last minute is the one before its close. */
export function minuteBefore(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const total = hours * 60 + minutes - 1;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The IST calendar day (YYYY-MM-DD) of an instant. */
export function istDay(ms: number): string {
  return new Date(ms + 330 * 60 * 1000).toISOString().slice(0, 10);
}

/** Remembers each expiry's close from an answer that describes it, and returns the answer unchanged. */
export function learnExpiryCloses<T extends readonly Pick<Expiry, 'date' | 'closes_at'>[]>(expiries: T, target: Store = appStore): T {
  const facts = target.get(sessionFactsAtom);
  const fresh = expiries.filter((expiry) => facts.closes[expiry.date] !== expiry.closes_at);
  if (fresh.length > 0) {
    const closes = { ...facts.closes, ...Object.fromEntries(fresh.map((expiry) => [expiry.date, expiry.closes_at])) };
    target.set(sessionFactsAtom, { ...facts, closes });
  }
  return expiries;
}

/** Remembers today's session from the price stream's market status. */
export function learnTodaySession(session: TodaySession, target: Store = appStore): void {
  const facts = target.get(sessionFactsAtom);
  const held = facts.today;
  if (held !== null && held.day === session.day && held.open === session.open && held.close === session.close && held.mis_square_off === session.mis_square_off) return;
  target.set(sessionFactsAtom, { ...facts, today: session });
}

/**
 * When the contracts expiring on `date` stop trading, epoch ms: the close the server gave for that expiry; else
 * that date at today's known close (expiries fall on regular sessions); else the end of that IST day, so an
 * expiry is never taken for over before its day has ended.
 */
export function closeOfExpiryMs(facts: SessionFacts, date: string): number {
  const learned = facts.closes[date];
  if (learned !== undefined) return Date.parse(learned);
  if (facts.today !== null) return istInstantMs(date, facts.today.close);
  return istInstantMs(date, '00:00') + dayMs;
}

/** `closeOfExpiryMs` from what the app has learnt so far. */
export function expiryCloseMs(date: string): number {
  return closeOfExpiryMs(appStore.get(sessionFactsAtom), date);
}

/**
 * The close of the session on the IST day of `nowMs`, epoch ms, or null when not known: today's session as the
 * stream said it, else the close the server gave an expiry falling today.
 */
export function todayCloseMs(nowMs: number, facts: SessionFacts = appStore.get(sessionFactsAtom)): number | null {
  const day = istDay(nowMs);
  if (facts.today !== null && facts.today.day === day) return istInstantMs(day, facts.today.close);
  const learned = facts.closes[day];
  return learned === undefined ? null : Date.parse(learned);
}
