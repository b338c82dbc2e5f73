// Every Kite call of the trading adapter goes through here: the account's session opened (none: the
// session is over, said so), Kite's TokenException turned into a logout of the account (session-loss.ts)
// before anything else, and every other failure into the trader's words (kite-failures.ts). Reads of the
// book, trades, positions and funds are shared for a second per account, so a screen polling them, the risk
// watcher and a placement's own look do not each cost one of Kite's 10 requests a second; any write of the
// account drops them.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import type { TradingAccount } from '../broker-trading.ts';
import { getMargins, getPositions, type KiteMargins, type KitePositions } from '../kite/kite-account.ts';
import { isTokenExpired, KiteError } from '../kite/kite-errors.ts';
import { getOrders, getTrades } from '../kite/kite-orders.ts';
import type { KiteOrder, KiteTrade } from '../kite/kite-order-types.ts';
import { domainErrorOf, sessionEnded, type KiteCallKind } from './kite-failures.ts';
import type { KiteSession, KiteSessions } from './kite-sessions.ts';
import { endSessionAfterTokenError } from './session-loss.ts';
import { kiteCalls, type KiteCall } from '../../texts/kite-texts.ts';

const readTtlMs = 1000;

type Cached = { at: number; value: Promise<unknown> };

export function createKiteCalls({ db, clock, sessions }: { db: Database; clock: Clock; sessions: KiteSessions }) {
  const cache = new Map<string, Cached>();

  /** The account's session, or the refusal a trader reads when there is none. */
  async function sessionFor(account: TradingAccount): Promise<KiteSession> {
    const session = await sessions.sessionOf(account.id);
    if (session === null) throw sessionEnded();
    return session;
  }

  /** TokenException logs the account out at once and becomes "log in again"; anything else is answered as it is. */
  async function unlessTokenExpired(account: TradingAccount, error: unknown): Promise<unknown> {
    if (!isTokenExpired(error)) return error;
    const message = error instanceof KiteError ? error.message : 'TokenException';
    await endSessionAfterTokenError(db, clock, account.id, message);
    forget(account.id);
    return sessionEnded(message);
  }

  /**
   * Runs `call` with the account's session. Failures come back raw but for TokenException (the placement
   * decides per order what a refusal means).
   */
  async function withSession<T>(account: TradingAccount, call: (session: KiteSession) => Promise<T>): Promise<T> {
    const session = await sessionFor(account);
    try {
      return await call(session);
    } catch (error) {
      throw await unlessTokenExpired(account, error);
    }
  }

  /** Runs `call` with the account's session; its failures in the trader's words (`what` names the call). */
  async function withKite<T>(account: TradingAccount, kind: KiteCallKind, what: KiteCall, call: (session: KiteSession) => Promise<T>): Promise<T> {
    try {
      return await withSession(account, call);
    } catch (error) {
      throw domainErrorOf(error, kind, what) ?? error;
    }
  }

  function cachedRead<T>(account: TradingAccount, key: string, what: KiteCall, read: (session: KiteSession) => Promise<T>): Promise<T> {
    const now = clock().getTime();
    const id = `${account.id}:${key}`;
    const hit = cache.get(id);
    if (hit !== undefined && now - hit.at < readTtlMs && now >= hit.at) return hit.value as Promise<T>;
    const value = withKite(account, 'read', what, read);
    cache.set(id, { at: now, value });
    value.catch(() => cache.delete(id));
    return value;
  }

  function forget(accountId: number): void {
    for (const key of cache.keys()) if (key.startsWith(`${accountId}:`)) cache.delete(key);
  }

  return {
    sessionFor,
    withSession,
    withKite,
    forget,
    orders: (account: TradingAccount): Promise<KiteOrder[]> => cachedRead(account, 'orders', kiteCalls.orderBook, (s) => getOrders(s.http)),
    trades: (account: TradingAccount): Promise<KiteTrade[]> => cachedRead(account, 'trades', kiteCalls.trades, (s) => getTrades(s.http)),
    positions: (account: TradingAccount): Promise<KitePositions> => cachedRead(account, 'positions', kiteCalls.positions, (s) => getPositions(s.http)),
    margins: (account: TradingAccount): Promise<KiteMargins> => cachedRead(account, 'margins', kiteCalls.funds, (s) => getMargins(s.http)),
    /** Whether the account has a session to read Kite with (the books fall back to the mirror without one). */
    hasSession: async (account: TradingAccount) => (await sessions.sessionOf(account.id)) !== null,
  };
}

export type KiteCalls = ReturnType<typeof createKiteCalls>;

export function isSessionEnded(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'broker_session_expired';
}
