// What a StrikeDesk tradingsymbol is on Dhan, and back: the shared master mapping (../live/master-contracts.ts)
// over Dhan's scrip master (dhan-scrip-master.ts), whose SEM_SMST_SECURITY_ID is the security id every order
// names. The compact file has no freeze quantity: StrikeDesk's dated table's is used.
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { dhanTexts } from '../../texts/dhan-texts.ts';
import { createMasterContracts, fetchMaster, type MasterContracts } from '../live/master-contracts.ts';
import type { MasterEntry } from '../instrument-master.ts';
import { dhanIndexRows, dhanMasterEntries } from './dhan-scrip-master.ts';

export type DhanContracts = MasterContracts<MasterEntry> & {
  /** The day's file's indices (segment I rows): trading symbol → security id. */
  indexIds: () => Promise<ReadonlyMap<string, string>>;
};

export function createDhanContracts({ db, clock, scripMasterUrl, fetch: fetchFile = fetch }: { db: Queryable; clock: Clock; scripMasterUrl: string; fetch?: typeof fetch }): DhanContracts {
  let indices: ReadonlyMap<string, string> = new Map();
  const load = async () => {
    const text = new TextDecoder().decode(await fetchMaster(scripMasterUrl, fetchFile, dhanTexts.instrumentsUnavailable));
    indices = dhanIndexRows(text);
    return dhanMasterEntries(text);
  };
  const master = createMasterContracts({ db, clock, load });
  return {
    ...master,
    // The index rows come with the day's one read of the file (the master's daily load, which a lookup starts).
    indexIds: async () => {
      await master.entryOf('');
      return indices;
    },
  };
}
