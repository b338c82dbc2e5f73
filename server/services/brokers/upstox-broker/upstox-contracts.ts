// What a StrikeDesk tradingsymbol is on Upstox. The contract itself (index, expiry, strike, kind, lot and
// freeze quantity) is read as for Kite (../kite-broker/contracts.ts: StrikeDesk's symbols are Kite's naming),
// and Upstox's instrument key for it comes from Upstox's instrument file (UPSTOX_INSTRUMENTS_URL, gzipped JSON,
// https://upstox.com/developer/api-documentation/instruments), read once per IST day into memory: the entry
// of the same underlying, kind and strike whose expiry is the contract's (for a monthly contract read from its
// symbol, the month's last listed expiry: a holiday may move it a day earlier). The file's `freeze_quantity` is
// the one the contract is sliced at on Upstox (NSE's table may be a circular behind), and each day's load records
// it beside StrikeDesk's (upstox-instrument-facts.ts) for the Market facts screen. No key, no contract: an order
// for it is refused as not listed, never sent with a guessed key. A file that cannot be fetched or read is
// broker_unavailable (503, upstox.instruments_unavailable), and it is asked again by the next request. The
// file's own `lot_size` is the contract's lot where it gives one: the broker's word over StrikeDesk's revisions.
import { gunzipSync } from 'node:zlib';
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { upstoxTexts } from '../../texts/upstox-texts.ts';
import { createKiteContracts } from '../kite-broker/contracts.ts';
import type { LiveContract, LiveContracts } from '../live/live-wire.ts';
import { loadedOncePerDay } from '../live/daily-load.ts';
import { listedOn } from '../instrument-master.ts';
import { isObject } from '../upstox/upstox-json.ts';
import { recordFreezeQuantities } from './upstox-instrument-facts.ts';
import { upstoxEntry, type UpstoxEntry } from './upstox-instrument-master.ts';
import { tokenOfKey } from './upstox-wire.ts';

type Listed = UpstoxEntry;

const segments: Record<string, string> = { NFO: 'NSE_FO', BFO: 'BSE_FO' };

/** What went wrong, in a few words: fetch's own "fetch failed" hides the reason (ECONNREFUSED…) in its cause. */
function failureDetail(error: unknown): string {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  if (isObject(cause) && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}

/** The file's options (its futures are read by upstox-instrument-master.ts, not by this index-option path). */
function readListed(entry: unknown): Listed | null {
  const read = upstoxEntry(entry);
  return read === null || read.kind === 'FUT' ? null : read;
}

export function createUpstoxContracts({ db, clock, instrumentsUrl, fetch: fetchFile = fetch }: { db: Queryable; clock: Clock; instrumentsUrl: string; fetch?: typeof fetch }): LiveContracts {
  const facts = createKiteContracts(db);

  async function read(): Promise<Listed[]> {
    const response = await fetchFile(instrumentsUrl);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    // The published file is gzipped; a server may also send it plain.
    const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
    const entries: unknown = JSON.parse(text);
    return Array.isArray(entries) ? entries.flatMap((entry) => readListed(entry) ?? []) : [];
  }

  /** The file out of reach, refused or unreadable is Upstox unavailable (503), whichever request needed it. */
  async function load(day: string): Promise<Listed[]> {
    let listed: Listed[];
    try {
      listed = await read();
    } catch (error) {
      throw DomainError.said('broker_unavailable', upstoxTexts.instrumentsUnavailable(failureDetail(error)), { retryAfterSeconds: 5 });
    }
    // Recorded before the file is used, so the Market facts screen says what the day's orders are sliced at. The
    // record is for the trader to read, not the order's: a failure to write it leaves the order to go on.
    await recordFreezeQuantities(db, 'upstox', day, clock(), listed).catch(() => undefined);
    return listed;
  }

  const options = loadedOncePerDay(clock, load);

  async function contractOf(exchange: string, tradingsymbol: string, now: Date): Promise<LiveContract | null> {
    const contract = await facts.contractOf(exchange, tradingsymbol, now);
    if (contract === null) return null;
    const segment = segments[exchange] ?? exchange;
    const same = (await options()).filter((o) => o.segment === segment && o.name === contract.index && o.kind === contract.kind && o.strike === contract.strike);
    const listed = listedOn(same, contract.expiry);
    if (listed === undefined) return null;
    const freezeQuantity = listed.freeze > 0 ? listed.freeze : contract.freezeQuantity;
    return { ...contract, expiry: listed.expiry, instrumentToken: tokenOfKey(listed.key), lotSize: listed.lotSize ?? contract.lotSize, freezeQuantity };
  }

  return { contractOf };
}
