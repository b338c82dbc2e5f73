// Which device decided a proposal, in words a trader recognises: the browser and system its session signed in
// from ("Chrome on Android") and the session's number, so two phones of one trader are told apart; a
// notification's decision names the push device as the trader labelled it.
import type { Queryable } from '../../../db/database.ts';

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

export function describeAgent(userAgent: string | null): string {
  const agent = userAgent ?? '';
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1] ?? 'Browser';
  const system = systems.find(([pattern]) => pattern.test(agent))?.[1];
  return system === undefined ? browser : `${browser} on ${system}`;
}

export async function sessionDevice(q: Queryable, sessionId: string): Promise<string> {
  const { rows } = await q.query<{ user_agent: string | null }>('SELECT user_agent FROM sessions WHERE id = $1', [sessionId]);
  return `${describeAgent(rows[0]?.user_agent ?? null)} (session ${sessionId})`.slice(0, 200);
}
