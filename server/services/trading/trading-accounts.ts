// The broker account a trading call is for: found by its number among the user's, with its broker's
// trading interface and whether its broker session is open (a closed one makes the broker's data UNKNOWN,
// never presented as fresh, and refuses every order).
import type { Database, Queryable } from '../../db/database.ts';
import type { BrokerRegistry } from '../brokers/broker-adapter.ts';
import type { BrokerTrading, TradingAccount } from '../brokers/broker-trading.ts';
import { entryGuardColumns, entryGuardsOf, type EntryGuardRow, type EntryGuards } from '../brokers/entry-guards.ts';
import { toPaise } from '../brokers/paper/paise.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { brokerAccountTexts } from '../texts/broker-account-texts.ts';
import { notFoundTexts } from '../texts/not-found-texts.ts';
import { refusalTexts } from '../texts/refusal-texts.ts';
import { createIdempotency, type ClaimOutcome } from './idempotency.ts';

type AccountRow = EntryGuardRow & { id: number; account_number: string; capital: string; broker: string; session_expires_at: Date | null; market_account_id: number | null; paper_rules_of: string | null };

/** `guards`: the kill switch and risk limits as read with the account (no lock), for an entry's plan (PlanOptions). */
export type FoundAccount = { account: TradingAccount; broker: BrokerTrading; brokerSlug: string; sessionOpen: boolean; sessionEndedAt: Date | null; guards: EntryGuards };

/** A new intent's Idempotency-Key (idempotency.ts), claimed as its account is read (claimingAccount). */
export type NewKey = { key: string; hash: string; tag: string };

/**
 * The user's account by its number, its broker and guards, parameters from $`first` (the user, the number);
 * with `claimable` (parameters the instant and the slugs of the brokers that trade): whether an intent may
 * claim a key for it, its session open and its broker one that trades, as tradingAccount refuses otherwise.
 * `lock`: the account's trading lock taken (intent-gate.ts armedAt), its row then read as it is once the
 * lock is held (the kill switch an arming that held it wrote), the risk limits as of the statement's start.
 */
const accountSql = (first: number, claimable: boolean, lock = false) =>
  `SELECT a.id, a.account_number, a.capital, b.slug AS broker, a.session_expires_at, a.market_account_id, a.paper_rules_of, ${entryGuardColumns}${
    claimable ? `, a.session_expires_at > $${first + 2} AND b.slug = ANY($${first + 3}::text[]) AS claimable` : ''
  }
   FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id LEFT JOIN risk_limits r ON r.broker_account_id = a.id
   WHERE a.user_id = $${first} AND upper(a.account_number) = upper($${first + 1}) ORDER BY a.id LIMIT 1${lock ? ' FOR NO KEY UPDATE OF a' : ''}`;

export function createTradingAccounts({ db, clock, brokers }: { db: Database; clock: Clock; brokers: BrokerRegistry }) {
  const idempotency = createIdempotency({ db, clock });

  function foundOf(row: AccountRow | undefined, accountNumber: string, now: Date): FoundAccount {
    if (row === undefined) throw DomainError.said('not_found', notFoundTexts.account(accountNumber), { field: 'account_number' });
    const broker = brokers.get(row.broker)?.trading;
    if (broker === undefined) throw DomainError.said('live_trading_unavailable', brokerAccountTexts.tradingUnavailable(row.broker));
    const expiresAt = row.session_expires_at === null ? null : new Date(row.session_expires_at);
    const sessionOpen = expiresAt !== null && expiresAt.getTime() > now.getTime();
    return {
      account: {
        id: row.id,
        accountNumber: row.account_number,
        capitalPaise: toPaise(Number(row.capital)),
        marketAccountId: row.market_account_id === null ? null : Number(row.market_account_id),
        paperRulesOf: row.paper_rules_of,
      },
      broker,
      brokerSlug: row.broker,
      sessionOpen,
      sessionEndedAt: sessionOpen ? null : expiresAt,
      guards: entryGuardsOf(row),
    };
  }

  async function findAccount(userId: number, accountNumber: string): Promise<FoundAccount> {
    const { rows } = await db.query<AccountRow>(accountSql(1, false), [userId, accountNumber]);
    return foundOf(rows[0], accountNumber, clock());
  }

  const sessionExpired = () => DomainError.said('broker_session_expired', refusalTexts.brokerSessionExpired, { field: 'account_number' });

  async function tradingAccount(userId: number, accountNumber: string) {
    const found = await findAccount(userId, accountNumber);
    if (!found.sessionOpen) throw sessionExpired();
    return found;
  }

  /**
   * tradingAccount with a new intent's key claimed in the same statement (issue 37: a round trip an order),
   * only when the account can trade: refused, it claimed nothing (the refusal is the statement's own
   * `claimable`, so the two cannot disagree). `claimed` null: the key has a row already (a replay, a retry:
   * the gate's transaction sorts it out, intent-gate.ts). `tx`: a transaction to claim in, whose first
   * statement this is: the account's lock is taken first, in the same statement (paced-intent.ts
   * runInOneTransaction), and `found.guards.killedAt` is the kill switch as read under it.
   */
  async function claimingAccount(userId: number, accountNumber: string, key: NewKey, tx?: Queryable): Promise<{ found: FoundAccount; claimed: ClaimOutcome | null }> {
    const now = clock();
    const trading = brokers.slugs().filter((slug) => brokers.get(slug)?.trading !== undefined);
    const read = { sql: accountSql(7, true, tx !== undefined), params: [userId, accountNumber, now, trading] };
    const { row, claimed } = await idempotency.claimNewWith<AccountRow & { claimable: boolean }>(now, read, { userId, ...key }, tx);
    const found = foundOf(row, accountNumber, now);
    if (row?.claimable !== true) throw sessionExpired();
    return { found, claimed };
  }

  /** The broker's data is unknown while its session is over: said so, never presented as fresh. */
  function dataStatus(found: { sessionOpen: boolean; sessionEndedAt: Date | null }) {
    return found.sessionOpen
      ? { status: 'OK' as const, as_of: clock().toISOString() }
      : { status: 'UNKNOWN' as const, as_of: found.sessionEndedAt === null ? null : found.sessionEndedAt.toISOString() };
  }

  return { findAccount, tradingAccount, claimingAccount, dataStatus };
}

export type TradingAccounts = ReturnType<typeof createTradingAccounts>;
