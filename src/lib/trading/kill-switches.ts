/**
 * The trader's kill switches, one copy for every place that shows them: the header's button, the kill switch
 * page's account cards and the desk's notice. Reads keep what the server said; the arm and disarm answers
 * update it the moment they come (issue 36: the card behind the arm's result dialog still said "Off", and the
 * header waited for the dialog to close and a read of its own). A read sent before an answer and received
 * after it is dropped: it would bring back the switch as it was before the answer.
 * The copy belongs to the session that read it: another sign-in on this device sees none of it.
 */
import { atom } from 'jotai';
import type { components } from '@openapi/main';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

type KillSwitch = components['schemas']['KillSwitch'];
type ArmResult = components['schemas']['KillSwitchResult'];

const keptAtom = atom<{ token: string | null; switches: KillSwitch[] } | null>(null);

/** The switches as last read or answered in this session; null before the first read. */
export const killSwitchesAtom = atom((get) => {
  const kept = get(keptAtom);
  return kept !== null && kept.token === get(tokenAtom) ? kept.switches : null;
});

/** Answers applied so far: a read started before the latest one is out of date when it arrives. */
let answers = 0;

function keep(switches: KillSwitch[]): void {
  store.set(keptAtom, { token: store.get(tokenAtom), switches });
}

/** Reads the switches with `read` (a feature's API call) and keeps them, unless an answer came meanwhile. */
export async function readKillSwitches(read: () => Promise<KillSwitch[]>): Promise<KillSwitch[]> {
  const before = answers;
  const switches = await read();
  if (answers === before) keep(switches);
  return switches;
}

/**
 * The switches after an arm answer: each account it names is on since the time it gives (the server keeps an
 * earlier arming's time). The reason, cool-off and history are not in the answer: the next read brings them.
 */
export function withArmAnswer(switches: readonly KillSwitch[] | null, result: ArmResult): KillSwitch[] {
  const list = [...(switches ?? [])];
  for (const { account_number: account, armed_at: armedAt } of result.accounts) {
    const index = list.findIndex((entry) => entry.account_number === account);
    const old = list[index];
    if (old === undefined) list.push({ account_number: account, armed: true, armed_at: armedAt, reason: null, reason_i18n: null, cool_off_until: null, events: [] });
    else list[index] = { ...old, armed: true, armed_at: armedAt };
  }
  return list;
}

/** The switches with one account's replaced by the server's word on it (a disarm's answer). */
export function withSwitch(switches: readonly KillSwitch[] | null, changed: KillSwitch): KillSwitch[] {
  const list = [...(switches ?? [])];
  const index = list.findIndex((entry) => entry.account_number === changed.account_number);
  if (index === -1) list.push(changed);
  else list[index] = changed;
  return list;
}

export function keepArmAnswer(result: ArmResult): void {
  answers += 1;
  keep(withArmAnswer(store.get(killSwitchesAtom), result));
}

export function keepSwitch(changed: KillSwitch): void {
  answers += 1;
  keep(withSwitch(store.get(killSwitchesAtom), changed));
}
