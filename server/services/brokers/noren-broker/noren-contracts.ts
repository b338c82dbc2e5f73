// What a StrikeDesk tradingsymbol is at a Noren broker, and back: the shared master mapping
// (../live/master-contracts.ts) over Noren's NFO scrip master (noren-scrip-master.ts): the exchange's token is the
// contract's instrument token, Noren's trading symbol (`tsym`) what its orders name. The file has no freeze
// quantity: StrikeDesk's dated table's is used.
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import type { Said } from '../../texts/said.ts';
import { createMasterContracts, fetchMaster, type MasterContracts } from '../live/master-contracts.ts';
import { norenMasterEntries, unzipFirst, type NorenMasterEntry } from './noren-scrip-master.ts';

export type NorenContracts = MasterContracts<NorenMasterEntry>;

export function createNorenContracts({ db, clock, scripMasterUrl, unavailable, fetch: fetchFile = fetch }: { db: Queryable; clock: Clock; scripMasterUrl: string; unavailable: (detail: string) => Said; fetch?: typeof fetch }): NorenContracts {
  const load = async () => {
    const bytes = await fetchMaster(scripMasterUrl, fetchFile, unavailable);
    try {
      return norenMasterEntries(new TextDecoder().decode(unzipFirst(bytes)));
    } catch (error) {
      throw new Error(`${scripMasterUrl}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  };
  return createMasterContracts({ db, clock, load });
}
