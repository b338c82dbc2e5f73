// Dhan's calls: the broker-neutral wrapper (../live/live-calls.ts: sessions, the dead token, errors in the
// trader's words, reads shared for a second) told what is Dhan's (DH-901, dhan-failures.ts), and Dhan's shared
// reads: the day's orders and trades, the positions, the demat holdings, the fund limit.
import type { Clock } from '../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';
import type { TradingAccount } from '../broker-trading.ts';
import { createLiveCalls } from '../live/live-calls.ts';
import type { LiveSession } from '../live/live-sessions.ts';
import { getFundLimit, getHoldings, getPositions } from '../dhan/dhan-account.ts';
import type { DhanHttp } from '../dhan/dhan-http.ts';
import { getOrders, getTrades } from '../dhan/dhan-orders.ts';
import { dhanLiveBroker } from './dhan-failures.ts';

type Sessions = { sessionOf: (accountId: number) => Promise<LiveSession<DhanHttp> | null> };

export function createDhanCalls({ db, clock, sessions }: { db: Database; clock: Clock; sessions: Sessions }) {
  const live = createLiveCalls({ db, clock, sessions, broker: dhanLiveBroker });
  const read = <T>(key: string, what: Parameters<typeof live.cachedRead>[2], call: (http: DhanHttp) => Promise<T>) => (account: TradingAccount) =>
    live.cachedRead(account, key, what, (session) => call(session.http));
  return {
    ...live,
    orders: read('orders', kiteCalls.orderBook, getOrders),
    trades: read('trades', kiteCalls.trades, getTrades),
    positions: read('positions', kiteCalls.positions, getPositions),
    holdings: read('holdings', kiteCalls.holdings, getHoldings),
    funds: read('funds', kiteCalls.funds, getFundLimit),
  };
}

export type DhanCalls = ReturnType<typeof createDhanCalls>;
