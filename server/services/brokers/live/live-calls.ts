// Every call of a live broker's trading adapter goes through here: the account's session opened (none: the
// session is over, said so), the broker's "this token is dead" turned into a logout of the account
// (session-loss.ts) before anything else, and every other failure into the trader's words (the broker's
// `failureOf`). Reads (book, trades, positions, funds) are shared for a second per account, so a screen
// polling them, the risk watcher and a placement's own look do not each cost one of the broker's requests a
// second; any write of the account drops them. What is the broker's own (its error types, its reads) is
// given by the adapter; this module never learns which broker it talks to.
import type { Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { liveTexts } from '../../texts/live-texts.ts';
import type { Said } from '../../texts/said.ts';
import type { TradingAccount } from '../broker-trading.ts';
import type { LiveSession } from './live-sessions.ts';
import { endSessionAfterTokenError } from './session-loss.ts';

/** `order`: a place, modify or cancel; `read`: anything that changes nothing at the broker. */
export type CallKind = 'order' | 'read';

export type LiveBroker = {
  /** The broker's short name in the trader's texts: "Kite", "Upstox". */
  name: string;
  /** The broker's own words when `error` says the access token is dead (expired, revoked), else null. */
  tokenEnded: (error: unknown) => string | null;
  /** A failure (other than a dead token) in the trader's words, or null when it is none of the broker's. */
  failureOf: (error: unknown, kind: CallKind, what: Said) => DomainError | null;
};

const readTtlMs = 1000;

type Cached = { at: number; value: Promise<unknown> };

export function sessionEnded(broker: string, detail: string | null = null): DomainError {
  return DomainError.said('broker_session_expired', liveTexts.sessionEnded(broker, detail), { field: 'account_number' });
}

export function createLiveCalls<Http>({ db, clock, sessions, broker }: {
  db: Database;
  clock: Clock;
  sessions: { sessionOf: (accountId: number) => Promise<LiveSession<Http> | null> };
  broker: LiveBroker;
}) {
  const cache = new Map<string, Cached>();

  /** The account's session, or the refusal a trader reads when there is none. */
  async function sessionFor(account: TradingAccount): Promise<LiveSession<Http>> {
    const session = await sessions.sessionOf(account.id);
    if (session === null) throw sessionEnded(broker.name);
    return session;
  }

  /** A dead token logs the account out at once and becomes "log in again"; anything else is answered as it is. */
  async function unlessTokenEnded(account: TradingAccount, error: unknown): Promise<unknown> {
    const words = broker.tokenEnded(error);
    if (words === null) return error;
    await endSessionAfterTokenError(db, clock, account.id, broker.name, words);
    forget(account.id);
    return sessionEnded(broker.name, words);
  }

  /**
   * Runs `call` with the account's session. Failures come back raw but for a dead token (the placement
   * decides per order what a refusal means).
   */
  async function withSession<T>(account: TradingAccount, call: (session: LiveSession<Http>) => Promise<T>): Promise<T> {
    const session = await sessionFor(account);
    try {
      return await call(session);
    } catch (error) {
      throw await unlessTokenEnded(account, error);
    }
  }

  /** Runs `call` with the account's session; its failures in the trader's words (`what` names the call). */
  async function withBroker<T>(account: TradingAccount, kind: CallKind, what: Said, call: (session: LiveSession<Http>) => Promise<T>): Promise<T> {
    try {
      return await withSession(account, call);
    } catch (error) {
      throw broker.failureOf(error, kind, what) ?? error;
    }
  }

  /** A read shared for a second per account and `key`; a failed one is not kept. */
  function cachedRead<T>(account: TradingAccount, key: string, what: Said, read: (session: LiveSession<Http>) => Promise<T>): Promise<T> {
    const now = clock().getTime();
    const id = `${account.id}:${key}`;
    const hit = cache.get(id);
    if (hit !== undefined && now - hit.at < readTtlMs && now >= hit.at) return hit.value as Promise<T>;
    const value = withBroker(account, 'read', what, read);
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
    withBroker,
    cachedRead,
    forget,
    /** Whether the account has a session to read the broker with (the books fall back to the mirror without one). */
    hasSession: async (account: TradingAccount) => (await sessions.sessionOf(account.id)) !== null,
  };
}

export type LiveCalls<Http> = ReturnType<typeof createLiveCalls<Http>>;
