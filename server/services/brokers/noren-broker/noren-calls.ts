// A Noren broker's calls: the broker-neutral wrapper (../live/live-calls.ts: sessions, the session's end, errors
// in the trader's words, reads shared for a second) told what is Noren's (noren-failures.ts), and Noren's shared
// reads: the day's orders and trades, the positions, the demat holdings, the limits. Every call names the session's
// user (`uid`): the account's client ID, which the login checked.
import type { Clock } from '../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';
import type { TradingAccount } from '../broker-trading.ts';
import { createLiveCalls, type LiveBroker } from '../live/live-calls.ts';
import type { LiveSession } from '../live/live-sessions.ts';
import type { NorenHttp } from '../noren/noren-http.ts';
import { getHoldings, getLimits, getOrders, getPositions, getTrades } from '../noren/noren-orders.ts';

type Sessions = { sessionOf: (accountId: number) => Promise<LiveSession<NorenHttp> | null> };

export function createNorenCalls({ db, clock, sessions, broker }: { db: Database; clock: Clock; sessions: Sessions; broker: LiveBroker }) {
  const live = createLiveCalls({ db, clock, sessions, broker });
  const read = <T>(key: string, what: Parameters<typeof live.cachedRead>[2], call: (http: NorenHttp, uid: string) => Promise<T>) => (account: TradingAccount) =>
    live.cachedRead(account, key, what, (session) => call(session.http, session.accountNumber));
  return {
    ...live,
    orders: read('orders', kiteCalls.orderBook, getOrders),
    trades: read('trades', kiteCalls.trades, getTrades),
    positions: read('positions', kiteCalls.positions, getPositions),
    holdings: read('holdings', kiteCalls.holdings, getHoldings),
    funds: read('funds', kiteCalls.funds, getLimits),
  };
}

export type NorenCalls = ReturnType<typeof createNorenCalls>;
