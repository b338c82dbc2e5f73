// An index's candles fetched from the trader's own logged-in Dhan, Shoonya or Flattrade account into market
// history, stored exactly as an imported file is: one-minute candles as an index minute import
// (history_index_minutes), daily candles as an index close file (history_index_days), each (index, day)
// replaced whole in one transaction, so fetching a range again changes nothing, and the days another trader's
// import holds stay as they were. What is each broker's (its endpoints, its ids of the indices, its longest
// request, its refusals) is a CandleSource (broker-candle-sources.ts); this module never learns which broker
// it reads. With `options` (minutes only), the listed option contracts of the chosen expiries and strikes are
// fetched too, calls and puts, each by the id today's scrip master gives it, into history_option_minutes under the
// broker's name (option-minutes-store.ts: each contract's days stored with the record that they were fetched, so
// asking again resumes and never asks twice), every request paced under the broker's published data limits.
import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { createUpstoxPacing, type RequestWindow } from '../brokers/upstox/upstox-pacing.ts';
import type { Clock, Wait } from '../clock.ts';
import { loadTradingCalendar } from '../market/calendar-data.ts';
import { isTradingDay } from '../market/trading-calendar.ts';
import { fetchedDays, storeOptionMinutes, type BrokerMinuteSource, type OptionContract } from './option-minutes-store.ts';
import { optionMinuteRows } from './upstox-candle-rows.ts';
import { findOwnedAccount } from '../broker-accounts/broker-accounts-repo.ts';
import type { TradingAccount } from '../brokers/broker-trading.ts';
import { toPaise } from '../brokers/paper/paise.ts';
import { DomainError, notFound } from '../domain-error.ts';
import { istDate } from '../market/ist.ts';
import { addDays } from '../market/trading-calendar.ts';
import { brokerHistoryTexts } from '../texts/broker-history-texts.ts';
import { kiteHistoryTexts } from '../texts/kite-history-texts.ts';
import type { Said } from '../texts/said.ts';
import { keptPart, type KeptDay } from './history-claims.ts';
import type { HistoryIndex, MinuteCandle } from './history-files.ts';
import type { ImportedFile } from './history-import-service.ts';
import { storeIndexDays, storeMinuteCandles } from './history-store.ts';
import type { IndexDay } from './index-close-parser.ts';
import { pricedCandle } from './minute-candles-parser.ts';

export type CandleInterval = 'minute' | 'day';

/** A broker's candle as a candle timestamp reads it (an instant, or IST without an offset) with its prices in rupees. */
export type SourceCandle = { timestamp: string; open: number; high: number; low: number; close: number };
/** A contract's candle, with the units traded in the minute and the open interest at its end. */
export type OptionSourceCandle = SourceCandle & { volume: number; oi: number };

export type CandleSource = {
  /** The broker's name in texts and in the import's file name: "Dhan". */
  name: string;
  /** The indices whose candles the broker is known to serve (by the ids StrikeDesk knows for them). */
  indices: readonly HistoryIndex[];
  /** The most days one request to the broker may span, per interval. */
  windowDays: Readonly<Record<CandleInterval, number>>;
  /** One request's candles (`from` to `to`, IST days, both included), read with the account's session; failures in the trader's words. */
  read: (account: TradingAccount, interval: CandleInterval, index: HistoryIndex, from: string, to: string) => Promise<{ candles: SourceCandle[]; unreadable: number }>;
  /** The name its option minutes are kept under (history_option_minutes.source). */
  source: BrokerMinuteSource;
  /** The broker's published limits on data requests, per account: every request waits for room in each. */
  dataLimits: readonly RequestWindow[];
  /** The id today's scrip master gives a listed option, which its candles are asked by; null when it lists no such contract (an expired one has none). */
  optionKey: (option: OptionContract) => Promise<string | null>;
  /** A listed option's one-minute candles (`from` to `to`, IST days) by its id. */
  readOption: (account: TradingAccount, key: string, from: string, to: string) => Promise<{ candles: OptionSourceCandle[]; unreadable: number }>;
};

/** The longest range one fetch covers: a year, as Kite's. */
export const maxBrokerRangeDays = 366;

/** Option contracts to fetch beside the index: each expiry's calls and puts at each strike (rupees). */
export type BrokerOptionsRequest = { expiries: string[]; strikes: number[] };
export type BrokerCandlesRequest = { brokerAccountId: number; index: HistoryIndex; interval: CandleInterval; from: string; to: string; options?: BrokerOptionsRequest | undefined };
export type OptionExpiryFetched = { expiry: string; contracts: number; fetched: number; already_fetched: number; candles: number; skipped_candles: number };
export type BrokerCandlesFetched = { files: ImportedFile[]; requests: number; option_minutes?: OptionExpiryFetched[] };

const invalid = (field: string, text: Said) => DomainError.said('validation_failed', text, { field });

/** `from` to `to` in windows of at most `days` days. */
function windows(from: string, to: string, days: number): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let start = from; start <= to; start = addDays(start, days)) {
    const end = addDays(start, days - 1);
    out.push([start, end < to ? end : to]);
  }
  return out;
}

export function createBrokerCandlesImport({ db, clock, wait, sources }: { db: Database; clock: Clock; wait: Wait; sources: Readonly<Record<string, CandleSource>> }) {
  const pacings = new Map(Object.entries(sources).map(([slug, source]) => [slug, createUpstoxPacing({ clock, wait, windows: source.dataLimits })]));

  async function importBrokerCandles(userId: number, request: BrokerCandlesRequest): Promise<BrokerCandlesFetched> {
    const { brokerAccountId, index, interval, from, to, options } = request;
    if (options !== undefined && interval !== 'minute') throw invalid('options', brokerHistoryTexts.optionsNeedMinutes);
    for (const expiry of options?.expiries ?? []) if (expiry < from) throw invalid('options.expiries', brokerHistoryTexts.expiryBeforeFrom(expiry));
    if (from > to) throw invalid('from', kiteHistoryTexts.fromAfterTo);
    if (to > istDate(clock())) throw invalid('to', brokerHistoryTexts.toInFuture);
    const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
    if (span > maxBrokerRangeDays) throw invalid('to', kiteHistoryTexts.rangeTooLong(maxBrokerRangeDays, span));

    const account = await findOwnedAccount(db, userId, brokerAccountId);
    if (account === null) throw notFound('broker_account');
    const source = sources[account.broker];
    if (source === undefined) throw invalid('broker_account_id', brokerHistoryTexts.brokerWithoutCandles(account.name, account.broker));
    if (!source.indices.includes(index)) throw invalid('index', brokerHistoryTexts.indexNotServed(source.name, index, source.indices));
    const trading: TradingAccount = { id: Number(account.id), accountNumber: account.account_number, capitalPaise: toPaise(Number(account.capital)) };
    const pacing = pacings.get(account.broker)!;
    let requests = 0;
    /** Every request to the broker waits for room under its data limits. */
    const paced = async <T>(read: () => Promise<T>): Promise<T> => {
      await pacing.take(String(trading.id));
      requests += 1;
      return read();
    };

    const fetched: SourceCandle[] = [];
    let skipped = 0;
    const asked = windows(from, to, source.windowDays[interval]);
    for (const [start, end] of asked) {
      const answer = await paced(() => source.read(trading, interval, index, start, end));
      fetched.push(...answer.candles);
      skipped += answer.unreadable;
    }

    const byStart = new Map<number, MinuteCandle>();
    for (const candle of fetched) {
      const priced = pricedCandle(candle);
      if (priced === null || priced.tradeDate < from || priced.tradeDate > to) skipped += 1;
      // Windows never overlap; should a broker answer one candle twice, its later answer wins.
      else byStart.set(interval === 'minute' ? priced.minute.getTime() : Date.parse(priced.tradeDate), { index, ...priced });
    }
    const rows = [...byStart.values()].sort((a, b) => a.minute.getTime() - b.minute.getTime());
    if (rows.length === 0) throw DomainError.said('no_candles', brokerHistoryTexts.noCandles(source.name, index, from, to), { field: 'from' });

    const days = [...new Set(rows.map((row) => row.tradeDate))];
    const fileName = `${source.name} ${index} ${interval === 'minute' ? 'minutes' : 'days'} ${from} to ${to}`;
    const sha256 = createHash('sha256').update(JSON.stringify(fetched)).digest('hex');
    const kind = interval === 'minute' ? ('index_minutes' as const) : ('index_closes' as const);
    const record = { kind, fileName, sha256, days, rowCount: rows.length, uploadedBy: userId, importedAt: clock() };
    const kept: KeptDay[] = [];
    if (interval === 'minute') {
      await db.transaction((tx) => storeMinuteCandles(tx, record, rows, kept));
    } else {
      const indexDays: IndexDay[] = rows.map(({ index: name, tradeDate, openPaise, highPaise, lowPaise, closePaise }) => ({ index: name, tradeDate, openPaise, highPaise, lowPaise, closePaise }));
      await db.transaction((tx) => storeIndexDays(tx, record, indexDays, kept));
    }
    const files: ImportedFile[] = [{ file_name: fileName, status: 'imported', kind, days, skipped_rows: skipped, ...keptPart(rows, kept) }];
    if (options === undefined) return { files, requests };
    const calendar = await loadTradingCalendar(db, 'NSE');
    const optionMinutes: OptionExpiryFetched[] = [];
    for (const expiry of [...new Set(options.expiries)].sort()) {
      const expiryDays = [];
      for (let day = from; day <= to && day <= expiry; day = addDays(day, 1)) if (isTradingDay(calendar, day)) expiryDays.push(day);
      optionMinutes.push(await fetchExpiry({ userId, trading, source, paced, index, expiry, strikes: [...new Set(options.strikes)].sort((a, b) => a - b), days: expiryDays }));
    }
    return { files, requests, option_minutes: optionMinutes };
  }

  type ExpiryFetch = {
    userId: number;
    trading: TradingAccount;
    source: CandleSource;
    paced: <T>(read: () => Promise<T>) => Promise<T>;
    index: HistoryIndex;
    expiry: string;
    strikes: readonly number[];
    days: readonly string[];
  };

  /** One expiry's listed calls and puts at the strikes: the days not yet fetched from this broker, a contract at a time. */
  async function fetchExpiry({ userId, trading, source, paced, index, expiry, strikes, days }: ExpiryFetch): Promise<OptionExpiryFetched> {
    const outcome: OptionExpiryFetched = { expiry, contracts: 0, fetched: 0, already_fetched: 0, candles: 0, skipped_candles: 0 };
    // No trading day of the range before the expiry: nothing to ask.
    if (days.length === 0) return outcome;
    for (const strike of strikes) {
      for (const optionType of ['CE', 'PE'] as const) {
        const option: OptionContract = { index, expiry, strikePaise: toPaise(strike), optionType };
        const done = await fetchedDays(db, source.source, option, days);
        const missing = days.filter((day) => !done.has(day));
        // Fetched before: it was listed then, and nothing is asked.
        const key = missing.length === 0 ? '' : await source.optionKey(option);
        if (key === null) continue;
        outcome.contracts += 1;
        if (missing.length === 0) {
          outcome.already_fetched += 1;
          continue;
        }
        const answer = await paced(() => source.readOption(trading, key, missing[0]!, missing.at(-1)!));
        const { rows, skipped } = optionMinuteRows(answer.candles, new Set(missing));
        const fileName = `${source.name} ${index} ${expiry} ${strike} ${optionType} minutes ${missing[0]} to ${missing.at(-1)}`;
        const sha256 = createHash('sha256').update(JSON.stringify(answer.candles)).digest('hex');
        const record = { fileName, sha256, days: missing, rowCount: rows.length, uploadedBy: userId, importedAt: clock() };
        await db.transaction((tx) => storeOptionMinutes(tx, record, source.source, option, missing, rows));
        outcome.fetched += 1;
        outcome.candles += rows.length;
        outcome.skipped_candles += skipped + answer.unreadable;
      }
    }
    if (outcome.contracts === 0) throw invalid('options.expiries', brokerHistoryTexts.expiryNotListed(source.name, index, expiry));
    return outcome;
  }

  return { importBrokerCandles };
}

export type BrokerCandlesImport = ReturnType<typeof createBrokerCandlesImport>;
