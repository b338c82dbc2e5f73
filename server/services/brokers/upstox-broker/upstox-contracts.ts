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
// The day's load also keeps the listed stocks' options and futures and the indices' futures (issue 63, as Kite's
// daily load does): each entry named as the instrument masters name it (upstoxDerivatives), so such a contract is
// Upstox's own row, found by its name, whether or not a Kite dump or the simulator lists it. It keeps the listed
// stocks' own NSE_EQ keys too (equityKeyOf, session 82: a feed follows a stock's spot by it). Only a symbol of
// Upstox's F&O segments (NFO, BFO), or a listed stock's spot, reads the file: the market recorder asks of every key a feed follows, the
// indices' too, and a read at its first pass would hold the day's file as it was then (session 76: in the browser
// suite, before a later spec listed the desk's contracts at the Upstox test server, whose chain then had no prices).
import { gunzipSync } from 'node:zlib';
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { upstoxTexts } from '../../texts/upstox-texts.ts';
import { createKiteContracts } from '../kite-broker/contracts.ts';
import type { LiveContract, LiveContracts } from '../live/live-wire.ts';
import { loadedOncePerDay } from '../live/daily-load.ts';
import type { IndexName } from '../../market/index-config.ts';
import { contractTermsOf } from '../../market/underlying-facts.ts';
import { knownUnderlyings, listedOn, type MasterDerivative } from '../instrument-master.ts';
import { isObject } from '../upstox/upstox-json.ts';
import { recordFreezeQuantities } from './upstox-instrument-facts.ts';
import { derivativesOfEntries, upstoxEntry, type UpstoxEntry } from './upstox-instrument-master.ts';
import { tokenOfKey } from './upstox-wire.ts';

type Listed = UpstoxEntry;

/** A stock's option or future, or an index's future, as the file lists it: StrikeDesk's instrument and Upstox's entry. */
type Named = { derivative: MasterDerivative; entry: UpstoxEntry };

const segments: Record<string, string> = { NFO: 'NSE_FO', BFO: 'BSE_FO' };

/** What went wrong, in a few words: fetch's own "fetch failed" hides the reason (ECONNREFUSED…) in its cause. */
function failureDetail(error: unknown): string {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  if (isObject(cause) && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}

export function createUpstoxContracts({ db, clock, instrumentsUrl, fetch: fetchFile = fetch }: { db: Queryable; clock: Clock; instrumentsUrl: string; fetch?: typeof fetch }): LiveContracts & {
  equityKeyOf: (symbol: string) => Promise<string | null>;
} {
  const facts = createKiteContracts(db);

  async function read(): Promise<unknown[]> {
    const response = await fetchFile(instrumentsUrl);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    // The published file is gzipped; a server may also send it plain.
    const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
    const entries: unknown = JSON.parse(text);
    return Array.isArray(entries) ? entries : [];
  }

  /** The file out of reach, refused or unreadable is Upstox unavailable (503), whichever request needed it. */
  async function load(day: string): Promise<{ listed: Listed[]; named: Map<string, Named>; equities: Map<string, string> }> {
    let entries: unknown[];
    try {
      entries = await read();
    } catch (error) {
      throw DomainError.said('broker_unavailable', upstoxTexts.instrumentsUnavailable(failureDetail(error)), { retryAfterSeconds: 5 });
    }
    // Each entry read once; only F&O entries are kept (the file's equities and indices are most of it).
    const derivatives = entries.flatMap((entry) => upstoxEntry(entry) ?? []);
    // The options: what the index-option path below finds a contract's key among.
    const listed = derivatives.filter((entry) => entry.kind !== 'FUT');
    const known = await knownUnderlyings(db);
    const byKey = new Map(derivatives.map((entry) => [entry.key, entry]));
    const named = new Map<string, Named>();
    for (const derivative of derivativesOfEntries(derivatives, known)) {
      const entry = byKey.get(derivative.brokerKey)!;
      const stock = known.get(derivative.underlying)?.kind === 'stock';
      // A contract that expired is no longer listed, whatever the file still says.
      if (derivative.expiry >= day && (stock || derivative.kind === 'FUT')) named.set(`${derivative.exchange}:${derivative.tradingsymbol}`, { derivative, entry });
    }
    // Recorded before the file is used, so the Market facts screen says what the day's orders are sliced at. The
    // record is for the trader to read, not the order's: a failure to write it leaves the order to go on.
    await recordFreezeQuantities(db, 'upstox', day, clock(), listed).catch(() => undefined);
    // The listed stocks' own NSE entries ("NSE_EQ|INE002A01018"): a feed follows a stock's spot by that key.
    const equities = new Map<string, string>();
    for (const entry of entries) {
      if (!isObject(entry) || entry.segment !== 'NSE_EQ' || entry.instrument_type !== 'EQ') continue;
      const { trading_symbol: symbol, instrument_key: key } = entry;
      if (typeof symbol === 'string' && typeof key === 'string' && known.get(symbol)?.kind === 'stock') equities.set(symbol, key);
    }
    return { listed, named, equities };
  }

  const file = loadedOncePerDay(clock, load);

  /** A stock's option or future, or an index's future, from Upstox's own row of it. */
  async function namedContract(exchange: string, tradingsymbol: string, now: Date): Promise<LiveContract | undefined> {
    const named = (await file()).named.get(`${exchange}:${tradingsymbol}`);
    if (named === undefined) return undefined;
    const { derivative, entry } = named;
    // Instrument names its underlying `index`; a stock's symbol travels there as Kite's rows of stocks do.
    const underlying = derivative.underlying as IndexName;
    // Where the file gives no freeze quantity: NSE's dated table's, an index's or a stock's (contractTermsOf).
    const freezeQuantity = entry.freeze > 0 ? entry.freeze : (await contractTermsOf(db, underlying, now)).freezeQuantity;
    return {
      instrumentToken: tokenOfKey(entry.key),
      exchange: derivative.exchange,
      tradingsymbol,
      index: underlying,
      expiry: derivative.expiry,
      strike: derivative.strike ?? 0,
      kind: derivative.kind,
      lotSize: derivative.lotSize,
      freezeQuantity,
    };
  }

  async function contractOf(exchange: string, tradingsymbol: string, now: Date): Promise<LiveContract | null> {
    const segment = segments[exchange];
    // Upstox's file lists its F&O segments' contracts only. A key of another exchange (an index or an equity a feed
    // follows: the market recorder asks of each, "BSE:SENSEX") is none, and is answered without reading the file:
    // the day's read is kept for the whole IST day, so a read that early would miss what is listed after it.
    if (segment === undefined) return null;
    const named = await namedContract(exchange, tradingsymbol, now);
    if (named !== undefined) return named;
    const contract = await facts.contractOf(exchange, tradingsymbol, now);
    if (contract === null) return null;
    const same = (await file()).listed.filter((o) => o.segment === segment && o.name === contract.index && o.kind === contract.kind && o.strike === contract.strike);
    const listed = listedOn(same, contract.expiry);
    if (listed === undefined) return null;
    const freezeQuantity = listed.freeze > 0 ? listed.freeze : contract.freezeQuantity;
    return { ...contract, expiry: listed.expiry, instrumentToken: tokenOfKey(listed.key), lotSize: listed.lotSize ?? contract.lotSize, freezeQuantity };
  }

  /**
   * Upstox's key of a listed F&O stock's own NSE entry (issue 63, session 82), or null. Asked only of a stock the
   * underlyings table lists, so a watchlist's other equities never make the day's file be read early.
   */
  async function equityKeyOf(symbol: string): Promise<string | null> {
    const { rows } = await db.query<{ kind: string }>('SELECT kind FROM underlyings WHERE symbol = $1', [symbol]);
    if (rows[0]?.kind !== 'stock') return null;
    return (await file()).equities.get(symbol) ?? null;
  }

  return { contractOf, equityKeyOf };
}
