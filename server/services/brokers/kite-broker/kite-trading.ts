// Live trading on Zerodha's Kite Connect: the broker-neutral core (../live/) on Kite's wire (kite-wire.ts),
// with what is Kite's own: its contracts (the day's instruments dump), its hours (regular or AMO), its
// limits, its margins and charges (funds.ts), its ticker's ticks (kite-feed.ts) and order changes, streamed by ../live/live-stream.ts.
import type { Wait } from '../../clock.ts';
import { istDate } from '../../market/ist.ts';
import { createLiveHours } from '../live/live-hours.ts';
import { createLiveStream } from '../live/live-stream.ts';
import { createLiveTrading } from '../live/live-trading.ts';
import { createRateLimits } from '../live/rate-limits.ts';
import { createKiteContracts } from './contracts.ts';
import { createKiteFunds } from './funds.ts';
import { kiteOptionContracts } from './instrument-store.ts';
import { createKiteCalls } from './kite-calls.ts';
import { kiteLimits, liveLimitsOfKite, type KiteLimits } from './kite-limits.ts';
import type { KiteHttp } from '../kite/kite-http.ts';
import type { LiveCoreDeps } from '../live/live-sessions.ts';
import { createKiteWire } from './kite-wire.ts';
import type { KiteLivePrices } from './kite-feed.ts';

/** How much wider than a second the order pipeline keeps each window of ten sends to Kite. */
export const kiteArrivalMarginMs = 250;

/** `prices`: the accounts' tickers, which the stream's ticks come from. */
export type KiteTradingOptions = LiveCoreDeps<KiteHttp> & {
  prices: KiteLivePrices;
  limits?: KiteLimits | undefined;
  /** How the kill switch's cancellations wait for room in Kite's windows (a timer; tests move their clock). */
  wait?: Wait | undefined;
};

export function createKiteTrading({ db, clock, sessions, prices, limits: limitFigures = kiteLimits, wait }: KiteTradingOptions) {
  const calls = createKiteCalls({ db, clock, sessions });
  const limits = createRateLimits({ db, clock, limits: liveLimitsOfKite(limitFigures), wait, marginMs: kiteArrivalMarginMs });
  const stream = createLiveStream({ prices });
  const funds = createKiteFunds({ db, calls, limits });
  const trading = createLiveTrading({
    db,
    clock,
    wire: createKiteWire(calls),
    contracts: createKiteContracts(db),
    hours: createLiveHours(db),
    limits,
    own: {
      funds: funds.funds,
      orderMargin: funds.orderMargin,
      portfolioMargin: funds.portfolioMargin,
      lastPrices: funds.marketPrices,
      subscribe: stream.subscribe,
      instruments: (_account, index, expiry) => kiteOptionContracts(db, index, expiry, istDate(clock())),
    },
    onOrderChanged: stream.orderChanged,
    // Kite stamps an order when it arrives: sends a second apart may arrive closer after the network and
    // this server's own queueing, so each window of ten sends is kept a quarter of a second wider.
    rateMarginMs: kiteArrivalMarginMs,
  });
  // The windows counted, as the account's compliance state shows them.
  return { ...trading, calls, orderWindows: limits.limits.orders };
}

export type KiteTrading = ReturnType<typeof createKiteTrading>;
