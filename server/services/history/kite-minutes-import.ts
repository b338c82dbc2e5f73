// Index minute candles fetched from the trader's own logged-in Kite account (Kite's historical API, the
// paid add-on) and stored exactly as an imported minute CSV is: the same table, the same import record,
// each (index, day) replaced whole in one transaction, so fetching a range again changes nothing. Only
// NIFTY and BANKNIFTY: the indices whose instrument tokens StrikeDesk knows (from the day's instruments
// dump, else Kite's long-standing tokens below).
import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { findOwnedAccount } from '../broker-accounts/broker-accounts-repo.ts';
import type { KiteCandles } from '../brokers/kite-broker/kite-candles.ts';
import { kiteTokensOf } from '../brokers/kite-broker/instrument-store.ts';
import type { KiteCandle } from '../brokers/kite/kite-historical.ts';
import type { Clock } from '../clock.ts';
import { DomainError, notFound } from '../domain-error.ts';
import { kiteHistoryTexts } from '../texts/kite-history-texts.ts';
import type { Said } from '../texts/said.ts';
import { istDate } from '../market/ist.ts';
import { toPaise } from '../brokers/paper/paise.ts';
import type { MinuteCandle } from './history-files.ts';
import type { ImportedFile } from './history-import-service.ts';
import { keptPart, type KeptDay } from './history-claims.ts';
import { storeMinuteCandles } from './history-store.ts';
import { pricedCandle } from './minute-candles-parser.ts';

export const kiteHistoryIndices = ['NIFTY', 'BANKNIFTY'] as const;
export type KiteHistoryIndex = (typeof kiteHistoryIndices)[number];

/**
 * The indices' rows in Kite's instruments dump ("NSE:NIFTY 50" and "NSE:NIFTY BANK") and their tokens as
 * the dump has listed them for years (checked against the dump of 2026-01; they are exchange-independent
 * index ids, unlike option tokens, which change every expiry). The day's dump wins when it is loaded.
 */
export const kiteIndexInstruments: Record<KiteHistoryIndex, { key: string; token: number }> = {
  NIFTY: { key: 'NSE:NIFTY 50', token: 256265 },
  BANKNIFTY: { key: 'NSE:NIFTY BANK', token: 260105 },
};

/** The longest range one request fetches (about 7 of Kite's 60-day requests, two and a half seconds of pacing). */
export const maxKiteRangeDays = 366;

export type KiteMinutesRequest = { brokerAccountId: number; index: KiteHistoryIndex; from: string; to: string };

export type KiteMinutesImported = { files: ImportedFile[]; requests: number };

const dayMs = 24 * 60 * 60 * 1000;

function invalid(field: string, text: Said): DomainError {
  return DomainError.said('validation_failed', text, { field });
}

/** The stored form of a Kite candle, or null for one that cannot be a minute candle (kept out, counted). */
function minuteCandle(index: KiteHistoryIndex, candle: KiteCandle): MinuteCandle | null {
  const priced = pricedCandle(candle);
  return priced === null ? null : { index, ...priced };
}

export function createKiteMinutesImport({ db, clock, candles }: { db: Database; clock: Clock; candles: KiteCandles }) {
  async function instrumentToken(index: KiteHistoryIndex): Promise<number> {
    const { key, token } = kiteIndexInstruments[index];
    return (await kiteTokensOf(db, [key])).get(key) ?? token;
  }

  async function importKiteMinutes(userId: number, request: KiteMinutesRequest): Promise<KiteMinutesImported> {
    const { brokerAccountId, index, from, to } = request;
    if (from > to) throw invalid('from', kiteHistoryTexts.fromAfterTo);
    if (to > istDate(clock())) throw invalid('to', kiteHistoryTexts.toInFuture);
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs + 1;
    if (days > maxKiteRangeDays) throw invalid('to', kiteHistoryTexts.rangeTooLong(maxKiteRangeDays, days));

    const account = await findOwnedAccount(db, userId, brokerAccountId);
    if (account === null) throw notFound('broker_account');
    if (account.broker !== 'kite') {
      throw invalid('broker_account_id', kiteHistoryTexts.notKiteAccount(account.name, account.broker));
    }
    const fetched = await candles.minuteCandles(
      { id: Number(account.id), accountNumber: account.account_number, capitalPaise: toPaise(Number(account.capital)) },
      await instrumentToken(index),
      from,
      to,
    );

    const byMinute = new Map<number, MinuteCandle>();
    let skipped = 0;
    for (const candle of fetched.candles) {
      const stored = minuteCandle(index, candle);
      if (stored === null || stored.tradeDate < from || stored.tradeDate > to) {
        skipped += 1;
        continue;
      }
      // Windows never overlap; should Kite answer one minute twice, its later answer wins.
      byMinute.set(stored.minute.getTime(), stored);
    }
    const rows = [...byMinute.values()].sort((a, b) => a.minute.getTime() - b.minute.getTime());
    if (rows.length === 0) {
      throw DomainError.said('no_candles', kiteHistoryTexts.noCandles(index, from, to), { field: 'from' });
    }
    const stored = [...new Set(rows.map((row) => row.tradeDate))];
    const fileName = `Kite ${kiteIndexInstruments[index].key} minutes ${from} to ${to}`;
    const sha256 = createHash('sha256').update(JSON.stringify(fetched.candles)).digest('hex');
    const record = { kind: 'index_minutes' as const, fileName, sha256, days: stored, rowCount: rows.length, uploadedBy: userId, importedAt: clock() };
    const kept: KeptDay[] = [];
    await db.transaction((tx) => storeMinuteCandles(tx, record, rows, kept));
    return {
      files: [{ file_name: fileName, status: 'imported', kind: 'index_minutes', days: stored, skipped_rows: skipped, ...keptPart(rows, kept) }],
      requests: fetched.windows.length,
    };
  }

  return { importKiteMinutes };
}

export type KiteMinutesImport = ReturnType<typeof createKiteMinutesImport>;
