// What a broker's feed follows a contract as (its id and mode, `followed`), looked up once an IST day per
// StrikeDesk key ("NFO:NIFTY26JAN26000CE"): a chain's refollow asks for a hundred at a time. A contract the
// broker does not list is remembered as none (null); a failed lookup (its instrument file not read yet) is not,
// answers undefined (not known now: never named as unstreamed) and is asked again at the next refollow.
import type { Clock } from '../../clock.ts';
import { istDate } from '../../market/ist.ts';
import type { Chosen, FollowedInstrument } from './account-feed.ts';
import type { LiveContract, LiveContracts } from './live-wire.ts';

export function followedContracts<Id, Mode>({ clock, contracts, followed }: { clock: Clock; contracts: LiveContracts; followed: (key: string, contract: LiveContract) => FollowedInstrument<Id, Mode> }) {
  let known: { day: string; keys: Map<string, FollowedInstrument<Id, Mode> | null> } = { day: '', keys: new Map() };
  return async function followedOf(key: string): Promise<FollowedInstrument<Id, Mode> | null | undefined> {
    const day = istDate(clock());
    if (known.day !== day) known = { day, keys: new Map() };
    if (known.keys.has(key)) return known.keys.get(key) ?? null;
    const colon = key.indexOf(':');
    const contract = await contracts.contractOf(key.slice(0, colon), key.slice(colon + 1), clock()).catch(() => undefined);
    if (contract === undefined) return undefined;
    const found = contract === null ? null : followed(key, contract);
    known.keys.set(key, found);
    return found;
  };
}

/**
 * The instruments a broker's feed follows of `wanted`, in the order asked (the indices first), each id once, up to
 * `cap`; those whose lookup could not be made now are `undecided` (never named as unstreamed).
 */
export async function chooseUpTo<Id, Mode>(wanted: readonly string[], cap: number, followedOf: (key: string) => Promise<FollowedInstrument<Id, Mode> | null | undefined>): Promise<Chosen<Id, Mode>> {
  const chosen = new Map<Id, FollowedInstrument<Id, Mode>>();
  const undecided: string[] = [];
  for (const key of new Set(wanted)) {
    if (chosen.size >= cap) break;
    const followed = await followedOf(key);
    if (followed === undefined) undecided.push(key);
    else if (followed !== null && !chosen.has(followed.id)) chosen.set(followed.id, followed);
  }
  return { followed: [...chosen.values()], undecided };
}
