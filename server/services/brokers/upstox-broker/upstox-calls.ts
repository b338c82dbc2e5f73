// Upstox's calls: the broker-neutral wrapper (../live/live-calls.ts: sessions, the dead token, errors in the
// trader's words, reads shared for a second) told what is Upstox's (401 UDAPI100050, upstox-failures.ts), and
// Upstox's shared reads: the day's orders and trades, the positions, the demat holdings, the funds.
import type { Clock } from '../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';
import type { TradingAccount } from '../broker-trading.ts';
import { createLiveCalls } from '../live/live-calls.ts';
import type { LiveSession } from '../live/live-sessions.ts';
import { getEquityFunds, getHoldings, getPositions } from '../upstox/upstox-account.ts';
import type { UpstoxHttp } from '../upstox/upstox-http.ts';
import { getOrders, getTrades } from '../upstox/upstox-orders.ts';
import { upstoxLiveBroker } from './upstox-failures.ts';

export type UpstoxSessionStore = { sessionOf: (accountId: number) => Promise<LiveSession<UpstoxHttp> | null> };

export function createUpstoxCalls({ db, clock, sessions }: { db: Database; clock: Clock; sessions: UpstoxSessionStore }) {
  const live = createLiveCalls({ db, clock, sessions, broker: upstoxLiveBroker });
  const { cachedRead } = live;
  return {
    ...live,
    orders: (account: TradingAccount) => cachedRead(account, 'orders', kiteCalls.orderBook, (s) => getOrders(s.http)),
    trades: (account: TradingAccount) => cachedRead(account, 'trades', kiteCalls.trades, (s) => getTrades(s.http)),
    positions: (account: TradingAccount) => cachedRead(account, 'positions', kiteCalls.positions, (s) => getPositions(s.http)),
    holdings: (account: TradingAccount) => cachedRead(account, 'holdings', kiteCalls.holdings, (s) => getHoldings(s.http)),
    funds: (account: TradingAccount) => cachedRead(account, 'funds', kiteCalls.funds, (s) => getEquityFunds(s.http)),
  };
}

export type UpstoxCalls = ReturnType<typeof createUpstoxCalls>;
