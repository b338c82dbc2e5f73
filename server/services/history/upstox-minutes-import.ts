// Minute candles fetched from the trader's logged-in Upstox account into market history: the index's minutes
// of a range of days (Upstox's historical candle API v3) and the option minutes of chosen expired expiries
// (its Expired Instruments APIs, an Upstox Plus feature), for the strikes the index traded through those days
// and `strikes_around` more on each side. Every request waits for its slot under Upstox's limits
// (upstox-pacing.ts); a 429 from elsewhere waits and asks again. Each contract's days are stored in one
// transaction with the record that they were fetched, so a fetch cut short (a closed tab, a restart, a lost
// session) is resumed by asking again, and a day once fetched is never asked for again (option-minutes-store.ts).
// Index days already in history (a CSV, Kite) are not fetched either.
import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { findOwnedAccount } from '../broker-accounts/broker-accounts-repo.ts';
import { toPaise } from '../brokers/paper/paise.ts';
import type { UpstoxPacing } from '../brokers/upstox/upstox-pacing.ts';
import { getExpiredMinuteCandles, getExpiredOptionContracts, upstoxIndexKeys } from '../brokers/upstox/upstox-expired.ts';
import { isRateLimited } from '../brokers/upstox/upstox-errors.ts';
import type { UpstoxHttp } from '../brokers/upstox/upstox-http.ts';
import { getMinuteCandles } from '../brokers/upstox/upstox-market.ts';
import type { LiveCalls } from '../brokers/live/live-calls.ts';
import type { Clock, Wait } from '../clock.ts';
import { DomainError, notFound } from '../domain-error.ts';
import { loadTradingCalendar } from '../market/calendar-data.ts';
import { istDate } from '../market/ist.ts';
import { addDays, isTradingDay } from '../market/trading-calendar.ts';
import type { Said } from '../texts/said.ts';
import { kiteHistoryTexts } from '../texts/kite-history-texts.ts';
import { upstoxHistoryTexts } from '../texts/upstox-history-texts.ts';
import type { HistoryIndex } from './history-files.ts';
import type { ImportedFile } from './history-import-service.ts';
import { storeMinuteCandles } from './history-store.ts';
import { fetchedDays, storeOptionMinutes } from './option-minutes-store.ts';
import { indexMinuteRows, optionMinuteRows, strikesAround } from './upstox-candle-rows.ts';
import { upstoxHistoryFailure } from './upstox-history-calls.ts';

/** Upstox gives at most a month of one-minute candles a request. */
export const maxUpstoxRangeDays = 31;
export const maxUpstoxExpiries = 8;
/** A 429 caused elsewhere (another instance, another tool on the same account): wait this long, at most this often. */
const rateLimitedWaitMs = 1000;
const rateLimitedRetries = 3;

export type UpstoxMinutesRequest = { brokerAccountId: number; index: HistoryIndex; from: string; to: string; expiries: string[]; strikesAround: number };

export type ExpiryFetched = { expiry: string; contracts: number; fetched: number; already_fetched: number; candles: number; skipped_candles: number };
export type UpstoxMinutesFetched = { files: ImportedFile[]; option_minutes: ExpiryFetched[]; requests: number };

const invalid = (field: string, text: Said) => DomainError.said('validation_failed', text, { field });

export function createUpstoxMinutesImport({ db, clock, wait, pacing, calls }: { db: Database; clock: Clock; wait: Wait; pacing: UpstoxPacing; calls: LiveCalls<UpstoxHttp> }) {
  function check(request: UpstoxMinutesRequest): string[] {
    const { from, to, expiries } = request;
    if (from > to) throw invalid('from', kiteHistoryTexts.fromAfterTo);
    if (to >= istDate(clock())) throw invalid('to', upstoxHistoryTexts.toNotPast);
    const days = [from];
    while (days.at(-1)! < to) days.push(addDays(days.at(-1)!, 1));
    if (days.length > maxUpstoxRangeDays) throw invalid('to', upstoxHistoryTexts.rangeTooLong(maxUpstoxRangeDays, days.length));
    for (const expiry of expiries) if (expiry < from) throw invalid('expiries', upstoxHistoryTexts.expiryNotListed(expiry));
    return days;
  }

  async function importUpstoxMinutes(userId: number, request: UpstoxMinutesRequest): Promise<UpstoxMinutesFetched> {
    const calendarDays = check(request);
    const account = await findOwnedAccount(db, userId, request.brokerAccountId);
    if (account === null) throw notFound('broker_account');
    if (account.broker !== 'upstox') throw invalid('broker_account_id', upstoxHistoryTexts.notUpstoxAccount(account.name, account.broker));
    const calendar = await loadTradingCalendar(db, 'NSE');
    const tradingDays = calendarDays.filter((day) => isTradingDay(calendar, day));
    const trading = { id: Number(account.id), accountNumber: account.account_number, capitalPaise: toPaise(Number(account.capital)) };
    let requests = 0;

    /** One paced read; a 429 (someone else's requests on this account) waits and asks again. */
    async function paced<T>(api: string, read: () => Promise<T>): Promise<T> {
      for (let attempt = 0; ; attempt += 1) {
        await pacing.take(`${trading.id}|${api}`);
        requests += 1;
        try {
          return await read();
        } catch (error) {
          if (!isRateLimited(error) || attempt >= rateLimitedRetries) throw error;
          await wait(rateLimitedWaitMs);
        }
      }
    }

    try {
      return await calls.withSession(trading, async ({ http }) => {
        const files = await fetchIndexMinutes(http, userId, request, tradingDays, paced);
        const ranges = await dayRanges(request.index, tradingDays);
        if (ranges.size === 0) throw DomainError.said('no_candles', upstoxHistoryTexts.noIndexMinutes(request.index, request.from, request.to), { field: 'from' });
        const optionMinutes: ExpiryFetched[] = [];
        for (const expiry of [...new Set(request.expiries)].sort()) optionMinutes.push(await fetchExpiry(http, userId, request, expiry, ranges, paced));
        return { files, option_minutes: optionMinutes, requests };
      });
    } catch (error) {
      throw upstoxHistoryFailure(error) ?? error;
    }
  }

  type Paced = <T>(api: string, read: () => Promise<T>) => Promise<T>;

  /** The index's minutes of the trading days history lacks them for (a simulated recording is no real minute: it is replaced); stored as a minute import is. */
  async function fetchIndexMinutes(http: UpstoxHttp, userId: number, request: UpstoxMinutesRequest, tradingDays: readonly string[], paced: Paced): Promise<ImportedFile[]> {
    const { rows } = await db.query<{ day: string }>(
      `SELECT DISTINCT to_char(trade_date, 'YYYY-MM-DD') AS day FROM history_index_minutes
       WHERE index_name = $1 AND trade_date = ANY($2::date[]) AND source <> 'simulated'`,
      [request.index, tradingDays],
    );
    const stored = new Set(rows.map((row) => row.day));
    const missing = tradingDays.filter((day) => !stored.has(day));
    if (missing.length === 0) return [];
    const key = upstoxIndexKeys[request.index];
    const candles = await paced('historical', () => getMinuteCandles(http, key, { from: missing[0]!, to: missing.at(-1)! }));
    const { rows: minutes, skipped } = indexMinuteRows(request.index, candles, new Set(missing));
    if (minutes.length === 0) return [];
    const days = [...new Set(minutes.map((row) => row.tradeDate))];
    const fileName = `Upstox ${key} minutes ${days[0]} to ${days.at(-1)}`;
    const sha256 = createHash('sha256').update(JSON.stringify(candles)).digest('hex');
    await db.transaction((tx) => storeMinuteCandles(tx, { kind: 'index_minutes', fileName, sha256, days, rowCount: minutes.length, uploadedBy: userId, importedAt: clock() }, minutes));
    return [{ file_name: fileName, status: 'imported', kind: 'index_minutes', days, rows: minutes.length, skipped_rows: skipped }];
  }

  /** Each trading day's lowest low and highest high of the index (paise), from its stored minutes. */
  async function dayRanges(index: HistoryIndex, tradingDays: readonly string[]): Promise<Map<string, { low: number; high: number }>> {
    const { rows } = await db.query<{ day: string; low: string; high: string }>(
      `SELECT to_char(trade_date, 'YYYY-MM-DD') AS day, min(low_paise)::text AS low, max(high_paise)::text AS high FROM history_index_minutes
       WHERE index_name = $1 AND trade_date = ANY($2::date[]) AND source <> 'simulated' GROUP BY trade_date`,
      [index, tradingDays],
    );
    return new Map(rows.map((row) => [row.day, { low: Number(row.low), high: Number(row.high) }]));
  }

  async function fetchExpiry(http: UpstoxHttp, userId: number, request: UpstoxMinutesRequest, expiry: string, ranges: Map<string, { low: number; high: number }>, paced: Paced): Promise<ExpiryFetched> {
    const key = upstoxIndexKeys[request.index];
    const contracts = await paced('expired-contracts', () => getExpiredOptionContracts(http, key, expiry));
    if (contracts.length === 0) throw invalid('expiries', upstoxHistoryTexts.expiryNotListed(expiry));
    const days = [...ranges.keys()].filter((day) => day <= expiry).sort();
    const outcome: ExpiryFetched = { expiry, contracts: 0, fetched: 0, already_fetched: 0, candles: 0, skipped_candles: 0 };
    if (days.length === 0) return outcome;
    const low = Math.min(...days.map((day) => ranges.get(day)!.low));
    const high = Math.max(...days.map((day) => ranges.get(day)!.high));
    const wanted = new Set(strikesAround(contracts.map((contract) => toPaise(contract.strike_price)), low, high, request.strikesAround));
    for (const contract of contracts) {
      const strikePaise = toPaise(contract.strike_price);
      if (!wanted.has(strikePaise)) continue;
      outcome.contracts += 1;
      const option = { index: request.index, expiry, strikePaise, optionType: contract.instrument_type };
      const done = await fetchedDays(db, 'upstox', option, days);
      const missing = days.filter((day) => !done.has(day));
      if (missing.length === 0) {
        outcome.already_fetched += 1;
        continue;
      }
      const candles = await paced('expired-candles', () => getExpiredMinuteCandles(http, contract.instrument_key, { from: missing[0]!, to: missing.at(-1)! }));
      const { rows, skipped } = optionMinuteRows(candles, new Set(missing));
      const fileName = `Upstox ${contract.trading_symbol} minutes ${missing[0]} to ${missing.at(-1)}`;
      const sha256 = createHash('sha256').update(JSON.stringify(candles)).digest('hex');
      const record = { fileName, sha256, days: missing, rowCount: rows.length, uploadedBy: userId, importedAt: clock() };
      await db.transaction((tx) => storeOptionMinutes(tx, record, 'upstox', option, missing, rows));
      outcome.fetched += 1;
      outcome.candles += rows.length;
      outcome.skipped_candles += skipped;
    }
    return outcome;
  }

  return { importUpstoxMinutes };
}

export type UpstoxMinutesImport = ReturnType<typeof createUpstoxMinutesImport>;
