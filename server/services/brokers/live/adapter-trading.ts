// What every REST broker's trading adapter (Upstox's, Dhan's, the Noren brokers') builds the same way around its
// own wire, contracts and money: its order windows counted in the database (rate-limits.ts, each window kept
// `marginMs` wider: the broker stamps arrivals), the account's stream of ticks (its live prices, when it has a
// feed) and order changes, the exchange's hours, and the order core (live-trading.ts). The windows travel with
// it, as the account's compliance state shows them.
import type { Database } from '../../../db/database.ts';
import type { Clock, Wait } from '../../clock.ts';
import type { BrokerTrading } from '../broker-trading.ts';
import { createLiveHours } from './live-hours.ts';
import type { LivePrices } from './live-prices.ts';
import { createLiveStream } from './live-stream.ts';
import { createLiveTrading } from './live-trading.ts';
import type { LiveContracts, LiveWire } from './live-wire.ts';
import { arrivalMarginMs, createRateLimits, type LiveLimits, type RateLimits } from './rate-limits.ts';

/** `marginMs`: how much wider than the broker's each window of sends is kept (arrivalMarginMs unless told). */
type Counted<Limit extends string> = { db: Database; clock: Clock; figures: LiveLimits<Limit>; marginMs?: number };

/** The broker's windows counted across instances; the kill switch's cancellations wait for room (`wait`). */
export function adapterLimits<Limit extends string>({ db, clock, figures, marginMs = arrivalMarginMs, wait }: Counted<Limit> & { wait?: Wait | undefined }) {
  return createRateLimits({ db, clock, limits: figures, wait, marginMs });
}

export type AdapterTradingOptions<Limit extends string> = Counted<Limit> & {
  wire: LiveWire;
  contracts: LiveContracts;
  limits: RateLimits;
  /** The broker's own funds and margins. */
  money: Pick<BrokerTrading, 'funds' | 'orderMargin' | 'portfolioMargin'>;
  /** The accounts' live prices; without them the stream carries order changes only. */
  prices?: LivePrices | undefined;
};

export function createAdapterTrading<Limit extends string>({ db, clock, figures, marginMs = arrivalMarginMs, wire, contracts, limits, money, prices }: AdapterTradingOptions<Limit>) {
  const stream = createLiveStream({ prices });
  const trading = createLiveTrading({
    db,
    clock,
    wire,
    contracts,
    hours: createLiveHours(db),
    limits,
    own: { funds: money.funds, orderMargin: money.orderMargin, portfolioMargin: money.portfolioMargin, subscribe: stream.subscribe, instruments: async () => [] },
    onOrderChanged: stream.orderChanged,
    rateMarginMs: marginMs,
  });
  return { ...trading, orderWindows: figures.orders };
}
