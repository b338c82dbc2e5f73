// The broker account a trading call is for: found by its number among the user's, with its broker's
// trading interface and whether its broker session is open (a closed one makes the broker's data UNKNOWN,
// never presented as fresh, and refuses every order).
import type { Database } from '../../db/database.ts';
import type { BrokerRegistry } from '../brokers/broker-adapter.ts';
import type { BrokerTrading, TradingAccount } from '../brokers/broker-trading.ts';
import { entryGuardColumns, entryGuardsOf, type EntryGuardRow, type EntryGuards } from '../brokers/entry-guards.ts';
import { toPaise } from '../brokers/paper/paise.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { brokerAccountTexts } from '../texts/broker-account-texts.ts';
import { notFoundTexts } from '../texts/not-found-texts.ts';
import { refusalTexts } from '../texts/refusal-texts.ts';

type AccountRow = EntryGuardRow & { id: number; account_number: string; capital: string; broker: string; session_expires_at: Date | null; market_account_id: number | null };

/** `guards`: the kill switch and risk limits as read with the account (no lock), for an entry's plan (PlanOptions). */
export type FoundAccount = { account: TradingAccount; broker: BrokerTrading; sessionOpen: boolean; sessionEndedAt: Date | null; guards: EntryGuards };

export function createTradingAccounts({ db, clock, brokers }: { db: Database; clock: Clock; brokers: BrokerRegistry }) {
  async function findAccount(userId: number, accountNumber: string): Promise<FoundAccount> {
    const { rows } = await db.query<AccountRow>(
      `SELECT a.id, a.account_number, a.capital, b.slug AS broker, a.session_expires_at, a.market_account_id, ${entryGuardColumns}
       FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id LEFT JOIN risk_limits r ON r.broker_account_id = a.id
       WHERE a.user_id = $1 AND upper(a.account_number) = upper($2) ORDER BY a.id LIMIT 1`,
      [userId, accountNumber],
    );
    const row = rows[0];
    if (row === undefined) throw DomainError.said('not_found', notFoundTexts.account(accountNumber), { field: 'account_number' });
    const broker = brokers.get(row.broker)?.trading;
    if (broker === undefined) throw DomainError.said('live_trading_unavailable', brokerAccountTexts.tradingUnavailable(row.broker));
    const expiresAt = row.session_expires_at === null ? null : new Date(row.session_expires_at);
    const sessionOpen = expiresAt !== null && expiresAt.getTime() > clock().getTime();
    return {
      account: {
        id: row.id,
        accountNumber: row.account_number,
        capitalPaise: toPaise(Number(row.capital)),
        marketAccountId: row.market_account_id === null ? null : Number(row.market_account_id),
      },
      broker,
      sessionOpen,
      sessionEndedAt: sessionOpen ? null : expiresAt,
      guards: entryGuardsOf(row),
    };
  }

  async function tradingAccount(userId: number, accountNumber: string) {
    const found = await findAccount(userId, accountNumber);
    if (!found.sessionOpen) {
      throw DomainError.said('broker_session_expired', refusalTexts.brokerSessionExpired, { field: 'account_number' });
    }
    return found;
  }

  /** The broker's data is unknown while its session is over: said so, never presented as fresh. */
  function dataStatus(found: { sessionOpen: boolean; sessionEndedAt: Date | null }) {
    return found.sessionOpen
      ? { status: 'OK' as const, as_of: clock().toISOString() }
      : { status: 'UNKNOWN' as const, as_of: found.sessionEndedAt === null ? null : found.sessionEndedAt.toISOString() };
  }

  return { findAccount, tradingAccount, dataStatus };
}

export type TradingAccounts = ReturnType<typeof createTradingAccounts>;
