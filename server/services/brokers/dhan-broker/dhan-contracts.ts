// What a StrikeDesk tradingsymbol is on Dhan, and back. The contract itself (index, expiry, strike, kind, lot and
// freeze quantity) is read as for Kite (../kite-broker/contracts.ts: StrikeDesk's symbols are Kite's naming);
// Dhan's security id for it comes from Dhan's scrip master (dhan-scrip-master.ts), read once per IST day into
// memory: the row of the same underlying, kind and strike whose expiry is the contract's (for a monthly
// contract read from its symbol, the month's last listed expiry: a holiday may move it a day earlier). The
// file's lot is the contract's where it gives one; the freeze quantity is StrikeDesk's dated table's (the
// compact file has none). No security id, no contract: an order for it is refused as not listed, never sent
// with a guessed id. A security id in Dhan's books is named back as StrikeDesk names it (`nameOf`: the shared
// master naming, so a position placed outside StrikeDesk shows under the desk's own symbol).
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { dhanTexts } from '../../texts/dhan-texts.ts';
import { knownUnderlyings, listedOn, masterDerivatives, type MasterEntry } from '../instrument-master.ts';
import { loadedOncePerDay } from '../live/daily-load.ts';
import { createKiteContracts } from '../kite-broker/contracts.ts';
import type { LiveContract, LiveContracts } from '../live/live-wire.ts';
import { dhanMasterEntries } from './dhan-scrip-master.ts';

type Master = { entries: MasterEntry[]; names: Map<string, string> };

export type DhanContracts = LiveContracts & {
  /** StrikeDesk's tradingsymbol of a Dhan security id, or null when the scrip master has no such F&O contract. */
  nameOf: (securityId: string) => Promise<string | null>;
};

function failureDetail(error: unknown): string {
  const cause: unknown = error instanceof Error ? error.cause : undefined;
  if (typeof cause === 'object' && cause !== null && 'code' in cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}

export function createDhanContracts({ db, clock, scripMasterUrl, fetch: fetchFile = fetch }: { db: Queryable; clock: Clock; scripMasterUrl: string; fetch?: typeof fetch }): DhanContracts {
  const facts = createKiteContracts(db);
  // The symbols StrikeDesk sent orders for, by security id: a book's order is named as it was sent.
  const sent = new Map<string, string>();

  async function load(): Promise<Master> {
    let entries: MasterEntry[];
    try {
      const response = await fetchFile(scripMasterUrl);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      entries = dhanMasterEntries(await response.text());
    } catch (error) {
      throw DomainError.said('broker_unavailable', dhanTexts.instrumentsUnavailable(failureDetail(error)), { retryAfterSeconds: 5 });
    }
    const names = new Map(masterDerivatives(entries, await knownUnderlyings(db)).map((row) => [row.brokerKey, row.tradingsymbol]));
    return { entries, names };
  }

  const master = loadedOncePerDay(clock, load);

  async function contractOf(exchange: string, tradingsymbol: string, now: Date): Promise<LiveContract | null> {
    const contract = await facts.contractOf(exchange, tradingsymbol, now);
    if (contract === null) return null;
    const same = (await master()).entries.filter((e) => e.exchange === exchange && e.underlying === contract.index && e.kind === contract.kind && e.strike === (contract.strike ?? 0));
    const listed = listedOn(same, contract.expiry);
    const securityId = Number(listed?.brokerKey);
    if (listed === undefined || !Number.isSafeInteger(securityId)) return null;
    sent.set(listed.brokerKey, tradingsymbol);
    return { ...contract, expiry: listed.expiry, instrumentToken: securityId, lotSize: listed.lotSize ?? contract.lotSize };
  }

  return { contractOf, nameOf: async (securityId) => sent.get(securityId) ?? (await master()).names.get(securityId) ?? null };
}
