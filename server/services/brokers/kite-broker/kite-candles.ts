// Minute candles of an index from a logged-in Kite account (the historical-data add-on). Kite answers at
// most 60 days of minutes a request and 3 historical requests a second per app, so a range is split into
// windows of at most 60 days, fetched one after the other, each request waiting for its slot (the clock and
// `wait` are injected: tests move their clock instead of sleeping). Slots are kept per api_key on this
// instance, so two fetches of one app share its 3 a second; another instance keeps its own (Kite's 429 is
// the backstop, answered as its rate limit). An app without the add-on (403 PermissionException) gets a
// refusal of its own that says so; TokenException logs the account out as every other Kite call does.
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { kiteHistoryTexts } from '../../texts/kite-history-texts.ts';
import { istOffsetMs } from '../../market/ist.ts';
import type { Wait } from '../../clock.ts';
import type { TradingAccount } from '../broker-trading.ts';
import { getHistoricalCandles, historicalRequestsPerSecond, maxMinuteRequestDays, type KiteCandle } from '../kite/kite-historical.ts';
import { KiteError, KiteOutcomeUnknownError } from '../kite/kite-errors.ts';
import type { KiteCalls } from './kite-calls.ts';
import { domainErrorOf } from './kite-failures.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';

/** The gap between two historical requests of one app: 3 a second, rounded up to a whole millisecond. */
export const historicalSpacingMs = Math.ceil(1000 / historicalRequestsPerSecond);

const dayMs = 24 * 60 * 60 * 1000;

export type CandleWindow = { from: string; to: string };

/** `from`..`to` (IST days, both included) as consecutive windows of at most `days` days. */
export function candleWindows(from: string, to: string, days = maxMinuteRequestDays): CandleWindow[] {
  const windows: CandleWindow[] = [];
  const last = Date.parse(`${to}T00:00:00Z`);
  for (let start = Date.parse(`${from}T00:00:00Z`); start <= last; start += days * dayMs) {
    const end = Math.min(start + (days - 1) * dayMs, last);
    windows.push({ from: new Date(start).toISOString().slice(0, 10), to: new Date(end).toISOString().slice(0, 10) });
  }
  return windows;
}

/** Midnight IST of a day, plus `ms`. */
const istDayStart = (day: string, ms = 0) => new Date(Date.parse(`${day}T00:00:00Z`) - istOffsetMs + ms);

export function historicalNotEnabled(detail: string): DomainError {
  return DomainError.said('historical_data_not_enabled', kiteHistoryTexts.notEnabled(detail), { field: 'broker_account_id' });
}

export type KiteCandleFetch = { candles: KiteCandle[]; windows: CandleWindow[] };

export function createKiteCandles({ clock, wait, calls }: { clock: Clock; wait: Wait; calls: Pick<KiteCalls, 'withSession'> }) {
  const nextSlot = new Map<string, number>();

  /** Waits for the app's next historical slot; the slot is taken before waiting, so concurrent fetches queue. */
  async function takeSlot(apiKey: string): Promise<void> {
    const now = clock().getTime();
    const slot = Math.max(now, nextSlot.get(apiKey) ?? 0);
    nextSlot.set(apiKey, slot + historicalSpacingMs);
    if (slot > now) await wait(slot - now);
  }

  /** The account's minute candles of `instrumentToken` from `from` to `to` (IST days, both included), oldest first. */
  async function minuteCandles(account: TradingAccount, instrumentToken: number, from: string, to: string): Promise<KiteCandleFetch> {
    const windows = candleWindows(from, to);
    const candles: KiteCandle[] = [];
    try {
      await calls.withSession(account, async (session) => {
        for (const window of windows) {
          const request = { instrumentToken, interval: 'minute' as const, from: istDayStart(window.from), to: istDayStart(window.to, dayMs - 1000) };
          await takeSlot(session.apiKey);
          try {
            candles.push(...(await getHistoricalCandles(session.http, request)));
          } catch (error) {
            // A read changes nothing at Kite: a connection reset under it (a kept-alive socket the other side
            // had closed) is sent once more, in a slot of its own, rather than failing a year's fetch.
            if (!(error instanceof KiteOutcomeUnknownError && error.reason === 'network')) throw error;
            await takeSlot(session.apiKey);
            candles.push(...(await getHistoricalCandles(session.http, request)));
          }
        }
      });
    } catch (error) {
      if (error instanceof KiteError && error.errorType === 'PermissionException') throw historicalNotEnabled(error.message);
      throw domainErrorOf(error, 'read', kiteCalls.candles) ?? error;
    }
    return { candles, windows };
  }

  return { minuteCandles };
}

export type KiteCandles = ReturnType<typeof createKiteCandles>;
