// The kill switch of a trader's broker accounts. Arming one account is a short transaction that writes the
// block into the account's row (the row every entry's gate and the paper broker lock, so an entry waiting on
// that lock sees the block), stops the account's bots and records the arming; once it has committed, every
// working order is cancelled and every open position closed at market through the broker interface, outside
// any transaction (a live broker is slow), the exits paced at the account's rate limits on the broker's own
// timestamps (flatten.ts: twenty exits go as ten, then ten a second later; several accounts side by side),
// and the outcome is written onto the audit event. An entry claimed
// before the arming and acknowledged after it is closed by its own pipeline (late-kill.ts). Disarming
// needs the account number typed, waits out the cool-off chosen when it was armed, and re-enables new orders
// only. Every arm and disarm is audited.
import { doneTexts, told } from '../texts/done-texts.ts';
import type { components } from '../../../openapi/main.d.ts';
import type { Database, Queryable } from '../../db/database.ts';
import type { BrokerRegistry } from '../brokers/broker-adapter.ts';
import { toPaise } from '../brokers/paper/paise.ts';
import type { BrokerOrder, BrokerTrading } from '../brokers/broker-trading.ts';
import { timerWait, type Clock, type Wait } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { notFoundTexts } from '../texts/not-found-texts.ts';
import { istOffsetMs } from '../market/ist.ts';
import { createIdempotency, requestHash, tagOfKey, type StoredAnswer } from './idempotency.ts';
import { toOrder } from './order-answers.ts';
import { flattenPaced } from './flatten.ts';
import type { Execution } from '../execution/execution.ts';
import type { RateLimits } from './order-rate.ts';
import { stopBotsOfAccount } from '../bots/engine/stop-bots.ts';
import { localTextOf, said, words, type Said } from '../texts/said.ts';
import { armedSummary, botStopReason, brokerSwitchNotFlat, brokerSwitchOff, brokerSwitchOn, brokerSwitchRefused, closing, flattenGraceMs, notClosed, purposeOf, sessionOver, switchedOnMessage, unfinished } from './kill-switch-summaries.ts';
import { killSwitchRefusalTexts } from '../texts/kill-switch-refusal-texts.ts';

type Schemas = components['schemas'];
type KillSwitch = Schemas['KillSwitch'];
type KillSwitchSource = Schemas['KillSwitchSource'];
type AccountResult = Schemas['KillSwitchAccountResult'];
type BrokerSwitch = Schemas['BrokerKillSwitch'];

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
  kill_switch_reason_i18n: unknown;
  kill_switch_cool_off_until: Date | null;
  market_account_id: number | null;
};
type EventRow = {
  broker_account_id: number;
  action: 'arm' | 'disarm';
  at: Date;
  source: KillSwitchSource;
  reason: string | null;
  reason_i18n: unknown;
  summary: string;
  summary_i18n: unknown;
  settled_at: Date | null;
};
/** What an audit event records: its texts said in English and as codes (said.ts). */
type EventFacts = { action: 'arm' | 'disarm'; source: KillSwitchSource; reason: Said | null; summary: Said };

const eventsShown = 20;
/** The tag of the orders that close an account when a risk limit armed its switch (backtest reports read it). */
export const riskLimitTag = 'RISK-LIMIT';
const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/** The start of the next IST calendar day. */
function nextIstMidnight(now: Date): Date {
  const istDayStartMs = Math.floor((now.getTime() + istOffsetMs) / dayMs) * dayMs - istOffsetMs;
  return new Date(istDayStartMs + dayMs);
}

/** Tests only: a crash injected after the arming committed, before anything was closed. */
export type KillSwitchHooks = { afterArmed?: () => Promise<void> | void };

/** `limits` and `wait`: the exits' pace (tests pass a wait that moves their clock). */
/** `execution`: the accounts' execution policies, which price the flatten's exits (exits never give up). */
type KillSwitchOptions = { db: Database; clock: Clock; brokers: BrokerRegistry; limits: RateLimits; wait?: Wait | undefined; hooks?: KillSwitchHooks | undefined; execution?: Execution | undefined };

export function createKillSwitchService({ db, clock, brokers, limits, wait = timerWait, hooks = {}, execution }: KillSwitchOptions) {
  const idempotency = createIdempotency({ db, clock });

  const accountColumns = `a.id, a.account_number, a.capital, b.slug AS broker, a.session_expires_at, a.kill_switch_armed_at, a.kill_switch_reason,
    a.kill_switch_reason_i18n, a.kill_switch_cool_off_until, a.market_account_id FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id`;

  async function accountsOf(q: Queryable, userId: number, accountNumber: string | undefined, lock = false): Promise<AccountRow[]> {
    const { rows } = await q.query<AccountRow>(
      `SELECT ${accountColumns} WHERE a.user_id = $1 AND ($2::text IS NULL OR upper(a.account_number) = upper($2)) ORDER BY a.id${lock ? ' FOR NO KEY UPDATE OF a' : ''}`,
      [userId, accountNumber ?? null],
    );
    if (accountNumber !== undefined && rows.length === 0) {
      throw DomainError.said('not_found', notFoundTexts.account(accountNumber), { field: 'account_number' });
    }
    return rows;
  }

  /** A kill switch event's columns, in the order of `eventValues`' parameters from $2 (the account's id is given apart). */
  const eventColumns = 'broker_account_id, user_id, action, source, at, reason, client_address, user_agent, summary, summary_i18n, reason_i18n, settled_at';
  // An arm is settled once its flatten reports (finishAudit); a disarm when written.
  const eventValues = `$2, $3, $4, $5, $6, $7, $8, $9, $10, $11, CASE WHEN $3 = 'arm' THEN NULL ELSE $5::timestamptz END`;
  const eventParams = (userId: number | null, event: EventFacts, client: ClientFacts, at: Date) => [
    userId,
    event.action,
    event.source,
    at,
    event.reason?.text ?? null,
    client.address,
    client.userAgent?.slice(0, 300) ?? null,
    event.summary.text,
    event.summary.i18n,
    event.reason?.i18n ?? null,
  ];

  async function audit(q: Queryable, accountId: number, userId: number | null, event: EventFacts, client: ClientFacts): Promise<string> {
    const { rows } = await q.query<{ id: string }>(
      // Also a notice on the trader's open streams (stream-notices.ts): their screens read the switch then.
      `WITH written AS (INSERT INTO kill_switch_events (${eventColumns}) VALUES ($1, ${eventValues}) RETURNING id, broker_account_id),
       noticed AS (INSERT INTO stream_notices (user_id, broker_account_id, topic, at)
         SELECT a.user_id, a.id, 'kill_switch', now() FROM written w JOIN broker_accounts a ON a.id = w.broker_account_id)
       SELECT id FROM written`,
      [accountId, ...eventParams(userId, event, client, clock())],
    );
    return rows[0]!.id;
  }

  /** `reason`: the trader's own words, or the risk limit's coded text. */
  type Arming = { source: KillSwitchSource; reason: Said | null; coolOffUntil: Date | null };
  type Armed = { row: AccountRow; armedAt: string; eventId: string };

  /** Blocks the account's entries and stops its bots, inside the arming transaction `tx` (which holds the account's lock). */
  async function armRow(tx: Queryable, row: AccountRow, userId: number | null, arming: Arming, client: ClientFacts): Promise<Armed> {
    const now = clock();
    const event = { action: 'arm', source: arming.source, reason: arming.reason, summary: unfinished } as const;
    // Writes the row every entry locks before placing (intent-gate.ts and pacing-step.ts, paper/order-rows.ts
    // lockAccount): entries already past the lock finish first and are closed by the flatten or their own
    // pipeline; entries waiting on it read the block; a paced entry's remaining orders are not sent. The arm's
    // audit event and the notice on the trader's streams go in the same statement: the arm is on the safety
    // path, and each statement is a turn on the database's thread (issue 61).
    const { rows } = await tx.query<{ kill_switch_armed_at: Date; event_id: string }>(
      `WITH armed AS (UPDATE broker_accounts SET kill_switch_armed_at = COALESCE(kill_switch_armed_at, $5),
         kill_switch_reason = COALESCE($6, kill_switch_reason),
         kill_switch_reason_i18n = CASE WHEN $6::text IS NULL THEN kill_switch_reason_i18n ELSE $11::jsonb END,
         kill_switch_cool_off_until = GREATEST(kill_switch_cool_off_until, $12)
       WHERE id = $1 RETURNING id, user_id, kill_switch_armed_at),
       written AS (INSERT INTO kill_switch_events (${eventColumns}) SELECT id, ${eventValues} FROM armed RETURNING id),
       noticed AS (INSERT INTO stream_notices (user_id, broker_account_id, topic, at) SELECT user_id, id, 'kill_switch', now() FROM armed)
       SELECT armed.kill_switch_armed_at, written.id AS event_id FROM armed, written`,
      [row.id, ...eventParams(userId, event, client, now), arming.coolOffUntil],
    );
    // The account's bots stop in this same transaction: none can place another order (and their entries are
    // refused anyway while the switch is armed).
    await stopBotsOfAccount(tx, row.id, botStopReason(arming), now);
    return { row, armedAt: new Date(rows[0]!.kill_switch_armed_at).toISOString(), eventId: rows[0]!.event_id };
  }

  /** The armed account's working orders cancelled and positions closed through its broker, outside any transaction. */
  async function flatten({ row, armedAt }: Armed, tag: string): Promise<AccountResult> {
    const broker = brokers.get(row.broker)?.trading;
    const sessionOpen = broker !== undefined && row.session_expires_at !== null && new Date(row.session_expires_at).getTime() > clock().getTime();
    let cancelled: BrokerOrder[] = [];
    let exits: BrokerOrder[] = [];
    let unreached: Said | null = sessionOver;
    if (sessionOpen) {
      try {
        // The account's market (a paper account on a live feed) as read with it: no read of its own on the way.
        const marketAccountId = row.market_account_id === null ? null : Number(row.market_account_id);
        const account = { id: row.id, accountNumber: row.account_number, capitalPaise: toPaise(Number(row.capital)), marketAccountId };
        ({ cancelled, exits } = await flattenPaced({ db, clock, limits, wait, execution }, broker, account, tag));
        unreached = null;
      } catch (error) {
        // A broker's refusal: the block holds, and the trader is told how to finish. Anything else is a fault,
        // and this key's retry arms again (harmless) and closes what is open.
        if (!(error instanceof DomainError)) throw error;
        unreached = notClosed(error.message);
      }
    }
    const result = {
      account_number: row.account_number,
      armed_at: armedAt,
      blocked: true,
      cancelled: cancelled.map((order) => ({ ...toOrder(order, row.account_number), purpose: purposeOf(order) })),
      exits: exits.map((order) => toOrder(order, row.account_number)),
      flat: unreached === null && exits.every((order) => order.status === 'COMPLETE'),
    };
    const summary = unreached ?? armedSummary(result);
    const brokerSwitch = sessionOpen && unreached === null ? await armBrokerSwitch(broker, row, result.flat && cancelled.every((order) => order.status !== 'OPEN')) : null;
    return { ...result, message: summary.text, message_i18n: summary.i18n, ...(brokerSwitch === null ? {} : { broker_switch: brokerSwitch }) };
  }

  /**
   * The broker's own kill switch (Dhan's), after StrikeDesk's closed everything: it blocks the account at the
   * broker, from any app, for the rest of the day. Tried only once the account is flat (the broker refuses it
   * otherwise); its refusal leaves StrikeDesk's block as it is and is told, never thrown.
   */
  async function armBrokerSwitch(broker: BrokerTrading, row: AccountRow, flat: boolean): Promise<BrokerSwitch | null> {
    const own = broker.brokerKillSwitch;
    if (own === undefined) return null;
    const told = (state: BrokerSwitch['state'], text: Said): BrokerSwitch => ({ broker: own.name, state, message: text.text, message_i18n: text.i18n });
    if (!flat) return told('off', brokerSwitchNotFlat(own.name));
    try {
      await own.arm({ id: row.id, accountNumber: row.account_number, capitalPaise: toPaise(Number(row.capital)) });
      return told('on', brokerSwitchOn(own.name, row.account_number));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return told('off', brokerSwitchRefused(own.name, error.message));
    }
  }

  /** The broker's own switch as the broker reads it now; null for a broker without one, a closed session or a failed read. */
  async function brokerSwitchOf(row: AccountRow): Promise<BrokerSwitch | null> {
    const own = brokers.get(row.broker)?.trading?.brokerKillSwitch;
    if (own === undefined || row.session_expires_at === null || new Date(row.session_expires_at).getTime() <= clock().getTime()) return null;
    const on = await own.isOn({ id: row.id, accountNumber: row.account_number, capitalPaise: toPaise(Number(row.capital)) }).catch(() => null);
    if (on === null) return null;
    const text = on ? brokerSwitchOn(own.name, row.account_number) : brokerSwitchOff(own.name);
    return { broker: own.name, state: on ? 'on' : 'off', message: text.text, message_i18n: text.i18n };
  }

  /** The arm's outcome onto its audit event, and a notice on the trader's streams: other devices read it now. */
  async function finishAudit(q: Queryable, { row, eventId }: Armed, result: AccountResult): Promise<void> {
    await q.query(
      `WITH settled AS (UPDATE kill_switch_events SET summary = $3, summary_i18n = $4, settled_at = $5 WHERE id = $1)
       INSERT INTO stream_notices (user_id, broker_account_id, topic, at) SELECT user_id, id, 'kill_switch', now() FROM broker_accounts WHERE id = $2`,
      [eventId, row.id, result.message, result.message_i18n ?? null, clock()],
    );
  }

  /**
   * Arms one account's kill switch, or every account's (locked in id order): the arming and the key's claim
   * commit first, then each account is flattened, then the outcome is recorded on the key and the audit.
   */
  async function arm(userId: number, key: string, body: Schemas['ArmKillSwitchRequest'], client: ClientFacts): Promise<StoredAnswer> {
    const coolOffUntil = body.cool_off_hours ? new Date(clock().getTime() + body.cool_off_hours * hourMs) : null;
    // The trader's own words, shown as typed in every language.
    const arming = { source: body.source, reason: body.reason === undefined ? null : words(body.reason), coolOffUntil };
    const gated = await db.transaction(async (tx) => {
      const accounts = await accountsOf(tx, userId, body.account_number, true);
      // A claim taken over after a crash arms again: arming keeps its first time, and flattening is harmless.
      // So the key names no account: only the order pipeline's retry looks its tag up in an account's book.
      const outcome = await idempotency.claim(tx, userId, key, requestHash('armKillSwitch', body), { accountId: null, tag: tagOfKey(key) });
      if ('stored' in outcome) return outcome;
      const armed: Armed[] = [];
      for (const row of accounts) armed.push(await armRow(tx, row, userId, arming, client));
      return { claim: outcome.claim, armed };
    });
    if ('stored' in gated) return gated.stored;
    await hooks.afterArmed?.();
    // Each account at its own pace, side by side: five accounts' exits take as long as the largest one's.
    // A fault (not a broker's refusal) fails the call once every account's flatten has ended, none left running.
    const settled = await Promise.allSettled(gated.armed.map((armed) => flatten(armed, gated.claim.tag)));
    const results = settled.map((outcome) => {
      if (outcome.status === 'rejected') throw outcome.reason;
      return outcome.value;
    });
    const message = switchedOnMessage(results);
    const answer: Schemas['KillSwitchResult'] = { message: message.text, message_i18n: message.i18n, accounts: results };
    return db.transaction(async (tx) => {
      for (const [index, armed] of gated.armed.entries()) await finishAudit(tx, armed, results[index]!);
      return idempotency.complete(tx, gated.claim, { status: 200, body: answer });
    });
  }

  /**
   * A breached risk limit turns the switch on (the risk-limit watcher, on the leader). Does nothing when it is
   * already on, so the watcher of a second instance, or of the next tick, cannot arm it twice.
   */
  async function armForRiskLimit(accountId: number, reason: Said): Promise<boolean> {
    const armed = await db.transaction(async (tx) => {
      const { rows } = await tx.query<AccountRow>(`SELECT ${accountColumns} WHERE a.id = $1 FOR NO KEY UPDATE OF a`, [accountId]);
      const row = rows[0];
      if (row === undefined || row.kill_switch_armed_at !== null) return null;
      // A breached limit holds for the rest of the trading day, as brokers' daily loss limits do.
      return armRow(tx, row, null, { source: 'risk_limit', reason, coolOffUntil: nextIstMidnight(clock()) }, { address: null, userAgent: null });
    });
    if (armed === null) return false;
    await hooks.afterArmed?.();
    await finishAudit(db, armed, await flatten(armed, riskLimitTag));
    return true;
  }

  async function switchesOf(q: Queryable, accounts: readonly AccountRow[]): Promise<KillSwitch[]> {
    const { rows: events } = await q.query<EventRow>(
      `SELECT broker_account_id, action, at, source, reason, reason_i18n, summary, summary_i18n, settled_at FROM (
         SELECT e.*, row_number() OVER (PARTITION BY broker_account_id ORDER BY at DESC, id DESC) AS rank FROM kill_switch_events e
         WHERE broker_account_id = ANY($1::int[])) ranked
       WHERE rank <= $2 ORDER BY at DESC, id DESC`,
      [accounts.map((account) => account.id), eventsShown],
    );
    const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());
    // An arm whose flatten is still at work says so, not its provisional "did not finish".
    const summaryOf = (event: EventRow) =>
      event.settled_at === null && new Date(event.at).getTime() > clock().getTime() - flattenGraceMs ? closing : { text: event.summary, i18n: localTextOf(event.summary_i18n) };
    return accounts.map((account) => ({
      account_number: account.account_number,
      armed: account.kill_switch_armed_at !== null,
      armed_at: iso(account.kill_switch_armed_at),
      reason: account.kill_switch_reason,
      reason_i18n: localTextOf(account.kill_switch_reason_i18n),
      cool_off_until: iso(account.kill_switch_cool_off_until),
      events: events
        .filter((event) => event.broker_account_id === account.id)
        .map((event) => {
          const summary = summaryOf(event);
          return {
            action: event.action,
            at: iso(event.at)!,
            source: event.source,
            reason: event.reason,
            reason_i18n: localTextOf(event.reason_i18n),
            summary: summary.text,
            summary_i18n: summary.i18n,
          };
        }),
    }));
  }

  async function list(userId: number): Promise<Schemas['KillSwitchesResponse']> {
    const accounts = await accountsOf(db, userId, undefined);
    const switches = await switchesOf(db, accounts);
    // A broker's own switch is read from the broker, outside any transaction.
    const brokerSwitches = await Promise.all(accounts.map(brokerSwitchOf));
    return { kill_switches: switches.map((entry, index) => (brokerSwitches[index] ? { ...entry, broker_switch: brokerSwitches[index] } : entry)) };
  }

  async function disarm(userId: number, body: Schemas['DisarmKillSwitchRequest'], client: ClientFacts): Promise<Schemas['DisarmKillSwitchResponse']> {
    return db.transaction(async (tx) => {
      const row = (await accountsOf(tx, userId, body.account_number, true))[0]!;
      if (body.confirmation.trim().toUpperCase() !== row.account_number.toUpperCase()) {
        throw DomainError.said('confirmation_mismatch', killSwitchRefusalTexts.confirmationMismatch(row.account_number), { field: 'confirmation' });
      }
      if (row.kill_switch_armed_at === null) {
        return { ...told(doneTexts.killSwitchAlreadyOff(row.account_number)), kill_switch: (await switchesOf(tx, [row]))[0]! };
      }
      const coolOff = row.kill_switch_cool_off_until;
      if (coolOff !== null && new Date(coolOff).getTime() > clock().getTime()) {
        throw DomainError.said('kill_switch_cooling_off', killSwitchRefusalTexts.coolingOff(row.account_number, new Date(coolOff)));
      }
      await tx.query('UPDATE broker_accounts SET kill_switch_armed_at = NULL, kill_switch_reason = NULL, kill_switch_cool_off_until = NULL WHERE id = $1', [row.id]);
      const summary = said(
        'kill_switch.disarmed',
        { account: row.account_number },
        `New orders allowed again on ${row.account_number}. Nothing else changed: no order was placed or restored, and bots stopped by the kill switch stay stopped until you resume them.`,
      );
      await audit(tx, row.id, userId, { action: 'disarm', source: body.source, reason: null, summary }, client);
      const disarmed = { ...row, kill_switch_armed_at: null, kill_switch_reason: null, kill_switch_reason_i18n: null, kill_switch_cool_off_until: null };
      return { ...told(summary), kill_switch: (await switchesOf(tx, [disarmed]))[0]! };
    });
  }

  return { arm, armForRiskLimit, disarm, list };
}

export type KillSwitchService = ReturnType<typeof createKillSwitchService>;
