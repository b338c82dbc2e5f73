// An index's candles fetched from the trader's own logged-in Dhan, Shoonya or Flattrade account into market
// history, stored exactly as an imported file is: one-minute candles as an index minute import
// (history_index_minutes), daily candles as an index close file (history_index_days), each (index, day)
// replaced whole in one transaction, so fetching a range again changes nothing, and the days another trader's
// import holds stay as they were. What is each broker's (its endpoints, its ids of the indices, its longest
// request, its refusals) is a CandleSource (broker-candle-sources.ts); this module never learns which broker
// it reads.
import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { findOwnedAccount } from '../broker-accounts/broker-accounts-repo.ts';
import type { TradingAccount } from '../brokers/broker-trading.ts';
import { toPaise } from '../brokers/paper/paise.ts';
import type { Clock } from '../clock.ts';
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

export type CandleSource = {
  /** The broker's name in texts and in the import's file name: "Dhan". */
  name: string;
  /** The indices whose candles the broker is known to serve (by the ids StrikeDesk knows for them). */
  indices: readonly HistoryIndex[];
  /** The most days one request to the broker may span, per interval. */
  windowDays: Readonly<Record<CandleInterval, number>>;
  /** One request's candles (`from` to `to`, IST days, both included), read with the account's session; failures in the trader's words. */
  read: (account: TradingAccount, interval: CandleInterval, index: HistoryIndex, from: string, to: string) => Promise<{ candles: SourceCandle[]; unreadable: number }>;
};

/** The longest range one fetch covers: a year, as Kite's. */
export const maxBrokerRangeDays = 366;

export type BrokerCandlesRequest = { brokerAccountId: number; index: HistoryIndex; interval: CandleInterval; from: string; to: string };
export type BrokerCandlesFetched = { files: ImportedFile[]; requests: number };

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

export function createBrokerCandlesImport({ db, clock, sources }: { db: Database; clock: Clock; sources: Readonly<Record<string, CandleSource>> }) {
  async function importBrokerCandles(userId: number, request: BrokerCandlesRequest): Promise<BrokerCandlesFetched> {
    const { brokerAccountId, index, interval, from, to } = request;
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

    const fetched: SourceCandle[] = [];
    let skipped = 0;
    const asked = windows(from, to, source.windowDays[interval]);
    for (const [start, end] of asked) {
      const answer = await source.read(trading, interval, index, start, end);
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
    return { files: [{ file_name: fileName, status: 'imported', kind, days, skipped_rows: skipped, ...keptPart(rows, kept) }], requests: asked.length };
  }

  return { importBrokerCandles };
}

export type BrokerCandlesImport = ReturnType<typeof createBrokerCandlesImport>;
