// Kite's calls: the broker-neutral wrapper (../live/live-calls.ts: sessions, the dead token, errors in the
// trader's words, reads shared for a second) told what is Kite's (TokenException, kite-failures.ts), and
// Kite's four shared reads.
import type { TradingAccount } from '../broker-trading.ts';
import { getHoldings, getMargins, getPositions, type KiteHolding, type KiteMargins, type KitePositions } from '../kite/kite-account.ts';
import { isTokenExpired, KiteError } from '../kite/kite-errors.ts';
import { getOrders, getTrades } from '../kite/kite-orders.ts';
import type { KiteOrder, KiteTrade } from '../kite/kite-order-types.ts';
import { createLiveCalls, type LiveBroker } from '../live/live-calls.ts';
import { domainErrorOf } from './kite-failures.ts';
import type { KiteHttp } from '../kite/kite-http.ts';
import type { LiveCoreDeps } from '../live/live-sessions.ts';
import { kiteCalls } from '../../texts/kite-texts.ts';

export const kiteLiveBroker: LiveBroker = {
  name: 'Kite',
  tokenEnded: (error) => (isTokenExpired(error) ? (error instanceof KiteError ? error.message : 'TokenException') : null),
  failureOf: domainErrorOf,
};

export function createKiteCalls({ db, clock, sessions }: LiveCoreDeps<KiteHttp>) {
  const live = createLiveCalls({ db, clock, sessions, broker: kiteLiveBroker });
  const { cachedRead } = live;

  return {
    ...live,
    /** Runs `call` with the account's session; its failures in the trader's words (`what` names the call). */
    withKite: live.withBroker,
    orders: (account: TradingAccount): Promise<KiteOrder[]> => cachedRead(account, 'orders', kiteCalls.orderBook, (s) => getOrders(s.http)),
    trades: (account: TradingAccount): Promise<KiteTrade[]> => cachedRead(account, 'trades', kiteCalls.trades, (s) => getTrades(s.http)),
    positions: (account: TradingAccount): Promise<KitePositions> => cachedRead(account, 'positions', kiteCalls.positions, (s) => getPositions(s.http)),
    holdings: (account: TradingAccount): Promise<KiteHolding[]> => cachedRead(account, 'holdings', kiteCalls.holdings, (s) => getHoldings(s.http)),
    margins: (account: TradingAccount): Promise<KiteMargins> => cachedRead(account, 'margins', kiteCalls.funds, (s) => getMargins(s.http)),
  };
}

export type KiteCalls = ReturnType<typeof createKiteCalls>;
