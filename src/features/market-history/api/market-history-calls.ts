// Imported market history (issue 25): what it covers, uploading exchange files one a request (so each file
// has its own progress bar and its own answer), and deleting the days the trader imported.
import type { components } from '@openapi/main';
import { mainApi } from '@/lib/api/clients';
import { requireField } from '@/lib/api/require-field';
import { uploadFile } from '@/lib/api/upload-file';

type Schemas = components['schemas'];
export type HistoryCoverage = Schemas['HistoryCoverage'];
export type HistoryIndexCoverage = Schemas['HistoryIndexCoverage'];
export type HistoryIndex = Schemas['HistoryIndex'];
export type HistoryFileOutcome = Schemas['HistoryFileOutcome'];
export type HistoryDeleted = Schemas['HistoryDeleted'];
export type HistoryImportQueue = Schemas['HistoryImportQueue'];

export const historyIndices: readonly HistoryIndex[] = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY'];

export async function getHistoryCoverage(): Promise<HistoryCoverage> {
  return requireField(await mainApi().GET('/api/market-history/coverage/', {}), 'indices', 'years_without_holiday_list');
}

function isOutcome(value: unknown): value is HistoryFileOutcome {
  return typeof value === 'object' && value !== null && 'file_name' in value && 'status' in value && (value.status === 'imported' || value.status === 'refused');
}

/** The files' outcomes in an answer: `files` (200) or `details.files` (422 import_refused). */
function outcomesOf(body: unknown): HistoryFileOutcome[] | null {
  if (typeof body !== 'object' || body === null) return null;
  const holder = 'details' in body && typeof body.details === 'object' && body.details !== null ? body.details : body;
  const files = 'files' in holder ? holder.files : undefined;
  return Array.isArray(files) && files.every(isOutcome) ? files : null;
}

/**
 * Uploads one file (a CSV, or a ZIP whose CSVs are each an outcome). A refused file is an answer, not an
 * error: its outcome lists the lines the server refused.
 */
export async function importHistoryFile(file: File, index: HistoryIndex | null, onProgress: (sent: number) => void): Promise<HistoryFileOutcome[]> {
  const form = new FormData();
  form.append('files', file, file.name);
  if (index !== null) form.append('index', index);
  const answer = await uploadFile({ path: '/api/market-history/imports/', form, onProgress, readRefusal: (status) => status === 422 });
  const outcomes = outcomesOf(answer.body);
  if (outcomes === null) {
    const message = typeof answer.body === 'object' && answer.body !== null && 'message' in answer.body ? String(answer.body.message) : 'Error';
    // An answer without outcomes (a 413, an outage) carries the server's or the client's words only.
    return [{ file_name: file.name, status: 'refused', problems: [{ line: 0, reason: message, reason_i18n: { code: 'text', params: { text: message } } }] }];
  }
  return outcomes;
}

/** The imports under way and waiting, and the trader's own places in the line (0: under way). */
export async function getImportQueue(): Promise<HistoryImportQueue> {
  return requireField(await mainApi().GET('/api/market-history/imports/queue/'), 'running', 'places');
}

export async function deleteHistoryDays(from: string, to: string, index: HistoryIndex | null): Promise<HistoryDeleted> {
  const query = index === null ? { from, to } : { from, to, index };
  return requireField(await mainApi().DELETE('/api/market-history/days/', { params: { query } }), 'option_rows', 'minute_candles');
}

export type BrokerAccount = Schemas['BrokerAccount'];
export type KiteHistoryIndex = Schemas['KiteHistoryIndex'];
export type KiteCandlesFetched = Schemas['KiteCandlesFetched'];

export const kiteHistoryIndices: readonly KiteHistoryIndex[] = ['NIFTY', 'BANKNIFTY'];

/** The trader's broker accounts: the Kite ones can fetch minute candles. */
export async function getBrokerAccounts(): Promise<BrokerAccount[]> {
  return requireField(await mainApi().GET('/api/accounts/all-accounts/'), 'broker_accounts').broker_accounts;
}

/** Fetches an index's minute candles from a logged-in Kite account into history (one answer, after every request to Kite). */
export async function fetchKiteCandles(body: Schemas['KiteCandlesFetch']): Promise<KiteCandlesFetched> {
  return requireField(await mainApi().POST('/api/market-history/kite-candles/', { body }), 'files', 'requests');
}

export type UpstoxCandlesFetched = Schemas['UpstoxCandlesFetched'];

/** Fetches an index's minutes and one expired expiry's option minutes from a logged-in Upstox account (one answer, after every request to Upstox). */
export async function fetchUpstoxCandles(body: Schemas['UpstoxCandlesFetch']): Promise<UpstoxCandlesFetched> {
  return requireField(await mainApi().POST('/api/market-history/upstox-candles/', { body }), 'files', 'option_minutes', 'requests');
}

export type CandleInterval = Schemas['BrokerCandlesFetch']['interval'];
export type BrokerCandlesFetched = Schemas['BrokerCandlesFetched'];

/** The indices each broker's candles are fetched for (the server's CandleSources: Dhan's ids of the four, Noren's of two). */
export const brokerCandleIndices: Readonly<Record<'dhan' | 'shoonya' | 'flattrade', readonly HistoryIndex[]>> = {
  dhan: historyIndices,
  shoonya: ['NIFTY', 'BANKNIFTY'],
  flattrade: ['NIFTY', 'BANKNIFTY'],
};

/** Fetches an index's one-minute or daily candles, and with minutes a listed expiry's option minutes, from a logged-in Dhan, Shoonya or Flattrade account into history. */
export async function fetchBrokerCandles(body: Schemas['BrokerCandlesFetch']): Promise<BrokerCandlesFetched> {
  return requireField(await mainApi().POST('/api/market-history/broker-candles/', { body }), 'files', 'requests');
}
