// What a StrikeDesk tradingsymbol is at a broker that names contracts by its own key (Dhan's security id, Noren's
// token), and back. The contract itself (underlying, expiry, strike, kind, lot and freeze quantity) is read as for
// Kite (../kite-broker/contracts.ts: StrikeDesk's symbols are Kite's naming); the broker's key for it comes from
// its scrip master, read once per IST day into memory (`load`, ./daily-load.ts): the row of the same underlying,
// kind and strike whose expiry is the contract's (for a monthly contract read from its symbol, the month's last
// listed expiry: a holiday may move it a day earlier). The file's lot is the contract's where it gives one; the
// freeze quantity is StrikeDesk's dated table's. No key, no contract: an order for it is refused as not listed,
// never sent with a guessed key. A key in the broker's books is named back as StrikeDesk names it (`nameOf`:
// the shared master naming, so a position placed outside StrikeDesk shows under the desk's own symbol).
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import type { Said } from '../../texts/said.ts';
import { knownUnderlyings, listedOn, masterDerivatives, type MasterEntry } from '../instrument-master.ts';
import { createKiteContracts } from '../kite-broker/contracts.ts';
import { loadedOncePerDay } from './daily-load.ts';
import type { LiveContract, LiveContracts } from './live-wire.ts';

export type MasterContracts<Entry extends MasterEntry> = LiveContracts & {
  /** StrikeDesk's tradingsymbol of a broker key, or null when the scrip master has no such F&O contract. */
  nameOf: (brokerKey: string) => Promise<string | null>;
  /** The scrip master's row of a broker key. */
  entryOf: (brokerKey: string) => Promise<Entry | undefined>;
  /** The broker key of an NFO option today's scrip master lists with exactly this expiry (its candles are asked by it), or null. */
  optionKeyOf: (option: { underlying: string; expiry: string; strike: number; kind: 'CE' | 'PE' }) => Promise<string | null>;
};

function failureDetail(error: unknown): string {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  if (typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}

/** The file at `url` as bytes; a failure said in the broker's words (`unavailable`), asked again by the next caller. */
export async function fetchMaster(url: string, fetchFile: typeof fetch, unavailable: (detail: string) => Said): Promise<Uint8Array> {
  try {
    const response = await fetchFile(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw DomainError.said('broker_unavailable', unavailable(failureDetail(error)), { retryAfterSeconds: 5 });
  }
}

export function createMasterContracts<Entry extends MasterEntry>({ db, clock, load }: { db: Queryable; clock: Clock; load: () => Promise<Entry[]> }): MasterContracts<Entry> {
  const facts = createKiteContracts(db);
  // The symbols StrikeDesk sent orders for, by broker key: a book's order is named as it was sent.
  const sent = new Map<string, string>();

  const master = loadedOncePerDay(clock, async () => {
    const entries = await load();
    const names = new Map(masterDerivatives(entries, await knownUnderlyings(db)).map((row) => [row.brokerKey, row.tradingsymbol]));
    return { entries, byKey: new Map(entries.map((entry) => [entry.brokerKey, entry])), names };
  });

  async function contractOf(exchange: string, tradingsymbol: string, now: Date): Promise<LiveContract | null> {
    const contract = await facts.contractOf(exchange, tradingsymbol, now);
    if (contract === null) return null;
    const same = (await master()).entries.filter((e) => e.exchange === exchange && e.underlying === contract.index && e.kind === contract.kind && e.strike === (contract.strike ?? 0));
    const listed = listedOn(same, contract.expiry);
    const key = Number(listed?.brokerKey);
    if (listed === undefined || !Number.isSafeInteger(key)) return null;
    sent.set(listed.brokerKey, tradingsymbol);
    return { ...contract, expiry: listed.expiry, instrumentToken: key, lotSize: listed.lotSize ?? contract.lotSize };
  }

  return {
    contractOf,
    nameOf: async (brokerKey) => sent.get(brokerKey) ?? (await master()).names.get(brokerKey) ?? null,
    entryOf: async (brokerKey) => (await master()).byKey.get(brokerKey),
    optionKeyOf: async ({ underlying, expiry, strike, kind }) =>
      (await master()).entries.find((e) => e.exchange === 'NFO' && e.underlying === underlying && e.expiry === expiry && e.strike === strike && e.kind === kind)?.brokerKey ?? null,
  };
}
