// Which device decided a proposal, in words a trader recognises: the browser and system its session signed in
// from ("Chrome on Android") and the session's number, so two phones of one trader are told apart; a
// notification's decision names the push device by its label (the app labels a device the same way,
// src/features/settings/model/push-support.ts).
//
// The English label is what is kept (bot_proposals.decided_device); deviceText reads it back into its parts
// (the browser, the system, the session), which the app words in the trader's language ("Chrome sur
// Android"): product names stay as they are, the words around them are the catalogue's (approval.device).
import type { Queryable } from '../../../db/database.ts';
import type { LocalText } from '../../texts/said.ts';
import { said, words } from '../../texts/said.ts';

const browsers: Array<[RegExp, string]> = [
  [/Edg\//, 'Edge'],
  [/Firefox\//, 'Firefox'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iOS/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A browser no pattern knows is "Browser" in the kept label, and "a browser" in the trader's words. */
const unknownBrowser = 'Browser';

export function describeAgent(userAgent: string | null): string {
  const agent = userAgent ?? '';
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1] ?? unknownBrowser;
  const system = systems.find(([pattern]) => pattern.test(agent))?.[1];
  return system === undefined ? browser : `${browser} on ${system}`;
}

export async function sessionDevice(q: Queryable, sessionId: string): Promise<string> {
  const { rows } = await q.query<{ user_agent: string | null }>('SELECT user_agent FROM sessions WHERE id = $1', [sessionId]);
  return `${describeAgent(rows[0]?.user_agent ?? null)} (session ${sessionId})`.slice(0, 200);
}

// Every label describeAgent and sessionDevice write, and every label the app gives a push device (its systems
// are finer: iPhone, iPad, Mac, ChromeOS).
const browserNames = [...browsers.map(([, name]) => name), unknownBrowser];
const systemNames = [...systems.map(([, name]) => name), 'iPhone', 'iPad', 'Mac', 'ChromeOS'];
const escape = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelPattern = new RegExp(`^(${browserNames.map(escape).join('|')})(?: on (${systemNames.map(escape).join('|')}))?(?: \\(session (\\d+)\\))?$`);

/**
 * A kept device label as the app says it in the trader's language: its browser, system and session as the
 * parameters of approval.device; a label in other words (one a trader typed) as it is.
 */
export function deviceText(label: string): LocalText {
  const parts = labelPattern.exec(label);
  if (parts === null) return words(label).i18n;
  const [, browser = unknownBrowser, system, session] = parts;
  return said('approval.device', { browser: browser === unknownBrowser ? 'unknown' : browser, system: system ?? 'none', session: session ?? 'none' }, label).i18n;
}
