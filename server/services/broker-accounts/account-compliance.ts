// A live account's compliance state (issue 38): what SEBI's retail-algo framework asks of an API trader, as far
// as StrikeDesk can see it. Broker-neutral: the broker's part is only what its adapter supplies
// (BrokerCompliance: the order windows it counts, where its algo identification travels); the rest is the
// database's. The busiest second is read from the same counts the rate limits keep (live/rate-limits.ts,
// `kite_api_calls`, every order call of every instance), never from the broker, and the static IP is the
// trader's own word: the server cannot see the address its orders leave from.
import type { components } from '../../../openapi/main.d.ts';
import type { Queryable } from '../../db/database.ts';
import type { BrokerRegistry } from '../brokers/broker-adapter.ts';
import { DomainError } from '../domain-error.ts';
import { istOffsetMs } from '../market/ist.ts';
import { brokerAccountTexts } from '../texts/broker-account-texts.ts';
import type { AccountRow } from './broker-accounts-repo.ts';

export type AccountCompliance = components['schemas']['AccountCompliance'];

const dayMs = 24 * 60 * 60 * 1000;

/** The adapter's compliance facts, or 422 for an account whose broker has none (the paper broker). */
export function complianceOf(brokers: BrokerRegistry, row: AccountRow) {
  const facts = brokers.get(row.broker)?.compliance;
  if (facts === undefined) throw DomainError.said('not_live_account', brokerAccountTexts.complianceNotLive);
  return facts;
}

/** The most order calls inside any one second (a sliding window, as the limits count) since `since`. */
async function peakSecond(q: Queryable, accountId: number, since: Date): Promise<{ peak: number; at: Date | null }> {
  // Each call with the calls of the second that ends with it: (at − 1 s, at], the limit's own window.
  const { rows } = await q.query<{ n: string; at: Date }>(
    `SELECT n, at FROM (
       SELECT at, count(*) OVER (ORDER BY at RANGE BETWEEN interval '0.999999 seconds' PRECEDING AND CURRENT ROW) AS n
       FROM kite_api_calls WHERE broker_account_id = $1 AND kind = 'order' AND at >= $2
     ) calls ORDER BY n DESC, at LIMIT 1`,
    [accountId, since],
  );
  const row = rows[0];
  return row === undefined ? { peak: 0, at: null } : { peak: Number(row.n), at: new Date(row.at) };
}

/** The trader's own account `row` (the caller answered 404 for another's). */
export async function readCompliance(q: Queryable, brokers: BrokerRegistry, row: AccountRow, now: Date): Promise<AccountCompliance> {
  const facts = complianceOf(brokers, row);
  const { rows } = await q.query<{ static_ip: string | null; algo_id: string | null; has_token: boolean }>(
    'SELECT static_ip, algo_id, session_access_token_encrypted IS NOT NULL AS has_token FROM broker_accounts WHERE id = $1',
    [row.id],
  );
  const own = rows[0] ?? { static_ip: null, algo_id: null, has_token: false };
  const expiresAt = row.session_expires_at === null ? null : new Date(row.session_expires_at);
  // A token whose time passed is "expired"; none at all (logged out here or by the broker, or never in) "logged out".
  const state = expiresAt === null || !own.has_token ? 'logged_out' : expiresAt.getTime() > now.getTime() ? 'logged_in' : 'expired';
  const dayStart = new Date(Math.floor((now.getTime() + istOffsetMs) / dayMs) * dayMs - istOffsetMs);
  const { peak, at } = await peakSecond(q, row.id, dayStart);
  const sent = own.algo_id ?? facts.defaultAlgoName;
  return {
    account_id: Number(row.id),
    session: { state, until: state === 'logged_out' || expiresAt === null ? null : expiresAt.toISOString() },
    orders: {
      peak_per_second: peak,
      peak_at: at === null ? null : at.toISOString(),
      limits: facts.orderWindows.map((window) => ({ orders: window.count, window_seconds: window.windowMs === 'day' ? null : Math.round(window.windowMs / 1000) })),
    },
    algo: { algo_id: own.algo_id, sent: facts.algoField === null ? null : sent, field: facts.algoField },
    static_ip: own.static_ip,
  };
}
