// The kill switch of a trader's broker accounts. Arming one account, in the transaction that also records
// the Idempotency-Key's answer: the block is written into the account's row (the row every order locks,
// so an order waiting on that lock sees the block), every working order is cancelled, and every open
// position is closed at market. Disarming needs the account number typed, waits out the cool-off chosen when
// it was armed, and re-enables new orders only. Every arm and disarm is audited.
import type { components } from '../../../openapi/main.d.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { BrokerRegistry } from '../brokers/broker-adapter.ts';
import { toPaise } from '../brokers/paper/paise.ts';
import type { BrokerOrder } from '../brokers/broker-trading.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { istOffsetMs } from '../market/ist.ts';
import { createIdempotency, requestHash, tagOfKey, type StoredAnswer } from './idempotency.ts';
import { toOrder } from './trading-service.ts';
import { stopBotsOfAccount } from '../bots/engine/stop-bots.ts';

type Schemas = components['schemas'];
type KillSwitch = Schemas['KillSwitch'];
type KillSwitchSource = Schemas['KillSwitchSource'];
type AccountResult = Schemas['KillSwitchAccountResult'];

/** Where an arm or disarm came from, for the audit trail. */
export type ClientFacts = { address: string | null; userAgent: string | null };

type AccountRow = {
  id: number;
  account_number: string;
  capital: string;
  broker: string;
  session_expires_at: Date | null;
  kill_switch_armed_at: Date | null;
  kill_switch_reason: string | null;
  kill_switch_cool_off_until: Date | null;
};
type EventRow = { broker_account_id: number; action: 'arm' | 'disarm'; at: Date; source: KillSwitchSource; reason: string | null; summary: string };

const eventsShown = 20;
const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/** The start of the next IST calendar day. */
function nextIstMidnight(now: Date): Date {
  const istDayStartMs = Math.floor((now.getTime() + istOffsetMs) / dayMs) * dayMs - istOffsetMs;
  return new Date(istDayStartMs + dayMs);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function armedSummary(result: Omit<AccountResult, 'message'>, sessionOpen: boolean): string {
  if (!sessionOpen) {
    return 'New orders blocked. Working orders and positions could not be reached because the broker session is over: log in to the broker, then turn the kill switch on again to cancel and close them.';
  }
  const closed = result.exits.filter((order) => order.status === 'COMPLETE').length;
  const failed = result.exits.filter((order) => order.status !== 'COMPLETE');
  const parts = ['New orders blocked', `${plural(result.cancelled.length, 'working order', 'working orders')} cancelled`, `${plural(closed, 'exit', 'exits')} filled`];
  if (failed.length > 0) {
    const reason = failed[0]!.status_message ?? failed[0]!.status;
    parts.push(`${plural(failed.length, 'exit', 'exits')} not filled (${reason}): close ${failed.length === 1 ? 'it' : 'them'} yourself`);
  }
  return parts.join('; ');
}

export function createKillSwitchService({ db, clock, brokers }: { db: Database; clock: Clock; brokers: BrokerRegistry }) {
  const idempotency = createIdempotency({ db, clock });

  const accountColumns = `a.id, a.account_number, a.capital, b.slug AS broker, a.session_expires_at, a.kill_switch_armed_at, a.kill_switch_reason,
    a.kill_switch_cool_off_until FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id`;

  async function accountsOf(q: Queryable, userId: number, accountNumber: string | undefined, lock = false): Promise<AccountRow[]> {
    const { rows } = await q.query<AccountRow>(
      `SELECT ${accountColumns} WHERE a.user_id = $1 AND ($2::text IS NULL OR upper(a.account_number) = upper($2)) ORDER BY a.id${lock ? ' FOR UPDATE OF a' : ''}`,
      [userId, accountNumber ?? null],
    );
    if (accountNumber !== undefined && rows.length === 0) {
      throw new DomainError('not_found', `Broker account ${accountNumber} not found`, { field: 'account_number' });
    }
    return rows;
  }

  async function audit(q: Queryable, accountId: number, userId: number | null, event: Omit<EventRow, 'broker_account_id' | 'at'>, client: ClientFacts) {
    await q.query(
      `INSERT INTO kill_switch_events (broker_account_id, user_id, action, source, at, reason, client_address, user_agent, summary)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [accountId, userId, event.action, event.source, clock(), event.reason, client.address, client.userAgent?.slice(0, 300) ?? null, event.summary],
    );
  }

  type Arming = { source: KillSwitchSource; reason: string | null; coolOffUntil: Date | null };

  async function armOne(tx: Queryable, row: AccountRow, userId: number | null, arming: Arming, tag: string, client: ClientFacts): Promise<AccountResult> {
    const now = clock();
    // Writes the row every order locks before placing (paper/order-rows.ts lockAccount): orders already past
    // the lock finish first and are flattened below; orders waiting on it read the block.
    const { rows } = await tx.query<{ kill_switch_armed_at: Date }>(
      `UPDATE broker_accounts SET kill_switch_armed_at = COALESCE(kill_switch_armed_at, $2),
         kill_switch_reason = COALESCE($3, kill_switch_reason),
         kill_switch_cool_off_until = GREATEST(kill_switch_cool_off_until, $4)
       WHERE id = $1 RETURNING kill_switch_armed_at`,
      [row.id, now, arming.reason, arming.coolOffUntil],
    );
    const armedAt = new Date(rows[0]!.kill_switch_armed_at).toISOString();
    // The account's bots stop in this same transaction: none can place another order (and placeOrders refuses
    // their entries anyway while the switch is armed).
    await stopBotsOfAccount(tx, row.id, `Kill switch: ${arming.reason ?? (arming.source === 'risk_limit' ? 'a risk limit was breached' : 'turned on by you')}`, now);
    const broker = brokers.get(row.broker)?.trading;
    const sessionOpen = broker !== undefined && row.session_expires_at !== null && new Date(row.session_expires_at).getTime() > now.getTime();
    let cancelled: BrokerOrder[] = [];
    let exits: BrokerOrder[] = [];
    if (sessionOpen) {
      ({ cancelled, exits } = await broker.flattenAccount(tx, { id: row.id, accountNumber: row.account_number, capitalPaise: toPaise(Number(row.capital)) }, tag));
    }
    const result = {
      account_number: row.account_number,
      armed_at: armedAt,
      blocked: true,
      cancelled: cancelled.map((order) => toOrder(order, row.account_number)),
      exits: exits.map((order) => toOrder(order, row.account_number)),
      flat: sessionOpen && exits.every((order) => order.status === 'COMPLETE'),
    };
    const message = armedSummary(result, sessionOpen);
    await audit(tx, row.id, userId, { action: 'arm', source: arming.source, reason: arming.reason, summary: message }, client);
    return { ...result, message };
  }

  /** Arms one account's kill switch, or every account's (each under its own lock, in id order). */
  async function arm(userId: number, key: string, body: Schemas['ArmKillSwitchRequest'], client: ClientFacts): Promise<StoredAnswer> {
    return idempotency.run(userId, key, requestHash('armKillSwitch', body), async (tx) => {
      const accounts = await accountsOf(tx, userId, body.account_number);
      const results: AccountResult[] = [];
      const coolOffUntil = body.cool_off_hours ? new Date(clock().getTime() + body.cool_off_hours * hourMs) : null;
      const arming = { source: body.source, reason: body.reason ?? null, coolOffUntil };
      for (const row of accounts) results.push(await armOne(tx, row, userId, arming, tagOfKey(key), client));
      const answer: Schemas['KillSwitchResult'] = {
        message:
          results.length === 0
            ? 'You have no broker account to stop.'
            : results.every((result) => result.flat)
              ? `Kill switch on for ${plural(results.length, 'account', 'accounts')}: new orders blocked, everything closed.`
              : `Kill switch on for ${plural(results.length, 'account', 'accounts')}: new orders blocked, but not everything is closed. Read each account's outcome.`,
        accounts: results,
      };
      return { status: 200, body: answer };
    });
  }

  /**
   * A breached risk limit turns the switch on (the risk-limit watcher, on the leader). Does nothing when it is
   * already on, so the watcher of a second instance, or of the next tick, cannot arm it twice.
   */
  async function armForRiskLimit(accountId: number, reason: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<AccountRow>(`SELECT ${accountColumns} WHERE a.id = $1 FOR UPDATE OF a`, [accountId]);
      const row = rows[0];
      if (row === undefined || row.kill_switch_armed_at !== null) return false;
      // A breached limit holds for the rest of the trading day, as brokers' daily loss limits do.
      await armOne(tx, row, null, { source: 'risk_limit', reason, coolOffUntil: nextIstMidnight(clock()) }, 'RISK-LIMIT', { address: null, userAgent: null });
      return true;
    });
  }

  async function switchesOf(q: Queryable, accounts: readonly AccountRow[]): Promise<KillSwitch[]> {
    const { rows: events } = await q.query<EventRow>(
      `SELECT broker_account_id, action, at, source, reason, summary FROM (
         SELECT e.*, row_number() OVER (PARTITION BY broker_account_id ORDER BY at DESC, id DESC) AS rank FROM kill_switch_events e
         WHERE broker_account_id = ANY($1::int[])) ranked
       WHERE rank <= $2 ORDER BY at DESC, id DESC`,
      [accounts.map((account) => account.id), eventsShown],
    );
    const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
    return accounts.map((account) => ({
      account_number: account.account_number,
      armed: account.kill_switch_armed_at !== null,
      armed_at: iso(account.kill_switch_armed_at),
      reason: account.kill_switch_reason,
      cool_off_until: iso(account.kill_switch_cool_off_until),
      events: events
        .filter((event) => event.broker_account_id === account.id)
        .map((event) => ({ action: event.action, at: iso(event.at)!, source: event.source, reason: event.reason, summary: event.summary })),
    }));
  }

  async function list(userId: number): Promise<Schemas['KillSwitchesResponse']> {
    return { kill_switches: await switchesOf(db, await accountsOf(db, userId, undefined)) };
  }

  async function disarm(userId: number, body: Schemas['DisarmKillSwitchRequest'], client: ClientFacts): Promise<Schemas['DisarmKillSwitchResponse']> {
    return db.transaction(async (tx) => {
      const row = (await accountsOf(tx, userId, body.account_number, true))[0]!;
      if (body.confirmation.trim().toUpperCase() !== row.account_number.toUpperCase()) {
        throw new DomainError('confirmation_mismatch', `Type the account number, ${row.account_number}, to turn its kill switch off.`, { field: 'confirmation' });
      }
      if (row.kill_switch_armed_at === null) {
        return { message: `The kill switch of ${row.account_number} is already off.`, kill_switch: (await switchesOf(tx, [row]))[0]! };
      }
      const coolOff = row.kill_switch_cool_off_until;
      if (coolOff !== null && new Date(coolOff).getTime() > clock().getTime()) {
        throw new DomainError(
          'kill_switch_cooling_off',
          `The kill switch of ${row.account_number} can be turned off from ${new Date(coolOff).toISOString()}, the cool-off chosen when it was turned on.`,
        );
      }
      await tx.query('UPDATE broker_accounts SET kill_switch_armed_at = NULL, kill_switch_reason = NULL, kill_switch_cool_off_until = NULL WHERE id = $1', [row.id]);
      const summary = `New orders allowed again on ${row.account_number}. Nothing else changed: no order was placed or restored, and bots stopped by the kill switch stay stopped until you resume them.`;
      await audit(tx, row.id, userId, { action: 'disarm', source: body.source, reason: null, summary }, client);
      const disarmed = { ...row, kill_switch_armed_at: null, kill_switch_reason: null, kill_switch_cool_off_until: null };
      return { message: summary, kill_switch: (await switchesOf(tx, [disarmed]))[0]! };
    });
  }

  return { arm, armForRiskLimit, disarm, list };
}

export type KillSwitchService = ReturnType<typeof createKillSwitchService>;
