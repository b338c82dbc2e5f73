// What every broker's wire (live-wire.ts) does the same way over its calls (live-calls.ts): the session
// checks, an order write's failures, and reading one order's history where "the broker does not know this
// order" is an answer (null), not a failure.
import type { DomainError } from '../../domain-error.ts';
import type { Said } from '../../texts/said.ts';
import { BrokerOutcomeUnknownError } from '../outcome-unknown.ts';
import type { TradingAccount } from '../broker-trading.ts';
import type { CallKind } from './live-calls.ts';
import type { LiveWire, WireOrder } from './live-wire.ts';

type SessionCalls = {
  sessionFor: (account: TradingAccount) => Promise<unknown>;
  hasSession: (account: TradingAccount) => Promise<boolean>;
  forget: (accountId: number) => void;
};

export function sessionParts(calls: SessionCalls): Pick<LiveWire, 'requireSession' | 'hasSession' | 'forget'> {
  return {
    requireSession: async (account) => {
      await calls.sessionFor(account);
    },
    hasSession: calls.hasSession,
    forget: calls.forget,
  };
}

/** One order's states as `read` answers them; null when `unknownOrder` says the broker does not know it; other failures in the broker's words. */
export async function historyOrNull(
  read: () => Promise<WireOrder[]>,
  unknownOrder: (error: unknown) => boolean,
  failureOf: (error: unknown, kind: CallKind, what: Said) => unknown,
  what: Said,
): Promise<WireOrder[] | null> {
  try {
    return await read();
  } catch (error) {
    if (unknownOrder(error)) return null;
    throw failureOf(error, 'read', what) ?? error;
  }
}

type WriteCalls<Session> = { withSession: <T>(account: TradingAccount, call: (session: Session) => Promise<T>) => Promise<T> };

/**
 * An order write (place, modify, cancel) with the account's session: an unknown outcome travels as it is (the
 * core reads the book before anything else), every other failure in the broker's words (`failureOf`, `what`
 * naming the call).
 */
export function orderWriter<Session>(calls: WriteCalls<Session>, failureOf: (error: unknown, kind: CallKind, what: Said) => DomainError | null) {
  return async function write<T>(account: TradingAccount, what: Said, call: (session: Session) => Promise<T>): Promise<T> {
    try {
      return await calls.withSession(account, call);
    } catch (error) {
      if (error instanceof BrokerOutcomeUnknownError) throw error;
      throw failureOf(error, 'order', what) ?? error;
    }
  };
}
