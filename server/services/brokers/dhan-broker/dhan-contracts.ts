// What a StrikeDesk tradingsymbol is on Dhan, and back: the shared master mapping (../live/master-contracts.ts)
// over Dhan's scrip master (dhan-scrip-master.ts), whose SEM_SMST_SECURITY_ID is the security id every order
// names. The compact file has no freeze quantity: StrikeDesk's dated table's is used.
import type { Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { dhanTexts } from '../../texts/dhan-texts.ts';
import { createMasterContracts, fetchMaster, type MasterContracts } from '../live/master-contracts.ts';
import type { MasterEntry } from '../instrument-master.ts';
import { dhanMasterEntries } from './dhan-scrip-master.ts';

export type DhanContracts = MasterContracts<MasterEntry>;

export function createDhanContracts({ db, clock, scripMasterUrl, fetch: fetchFile = fetch }: { db: Queryable; clock: Clock; scripMasterUrl: string; fetch?: typeof fetch }): DhanContracts {
  const load = async () => dhanMasterEntries(new TextDecoder().decode(await fetchMaster(scripMasterUrl, fetchFile, dhanTexts.instrumentsUnavailable)));
  return createMasterContracts({ db, clock, load });
}
