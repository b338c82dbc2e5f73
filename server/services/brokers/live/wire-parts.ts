// What every broker's wire (live-wire.ts) does the same way over its calls (live-calls.ts): the session
// checks, and reading one order's history where "the broker does not know this order" is an answer (null),
// not a failure.
import type { Said } from '../../texts/said.ts';
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
