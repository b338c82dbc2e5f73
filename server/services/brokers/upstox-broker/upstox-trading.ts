// Live trading on Upstox: the broker-neutral core (../live/) on Upstox's wire (upstox-wire.ts), with what is
// Upstox's own: its contracts (the instrument file's keys), its limits (10 orders a second, 500 a minute,
// 2,000 in 30 minutes per user for regular algos: https://upstox.com/developer/api-documentation/rate-limiting),
// its funds, margins and charges (upstox-funds.ts). The account's sessions are given (the broker-neutral store over Upstox's client), and so are
// its live prices (upstox-feed.ts), streamed by ../live/live-stream.ts; without them the stream carries order changes only.
import type { Database } from '../../../db/database.ts';
import type { Clock, Wait } from '../../clock.ts';
import { upstoxTexts, type UpstoxLimit } from '../../texts/upstox-texts.ts';
import type { LivePrices } from '../live/live-prices.ts';
import type { LiveContracts } from '../live/live-wire.ts';
import { adapterLimits, createAdapterTrading } from '../live/adapter-trading.ts';
import { brokerLimits, type LiveLimits } from '../live/rate-limits.ts';
import { createUpstoxCalls, type UpstoxSessionStore } from './upstox-calls.ts';
import { createUpstoxContracts } from './upstox-contracts.ts';
import { createUpstoxFunds } from './upstox-funds.ts';
import { createUpstoxWire } from './upstox-wire.ts';

/** Beyond SEBI's 10 a second (../live/rate-limits.ts), Upstox's own windows; its market quote APIs allow 50 requests a second (its "standard" band). */
export const upstoxLimits: LiveLimits<UpstoxLimit> = brokerLimits<UpstoxLimit>({
  windows: [
    { limit: 'orders_minute', count: 500, windowMs: 60_000 },
    { limit: 'orders_30_minutes', count: 2000, windowMs: 30 * 60_000 },
  ],
  quotesPerSecond: 50,
  refusal: upstoxTexts.rateLimited,
});

export type UpstoxTradingOptions = {
  db: Database;
  clock: Clock;
  sessions: UpstoxSessionStore;
  instrumentsUrl: string;
  /** Tests only: other limits than Upstox's published ones. */
  limits?: LiveLimits<UpstoxLimit> | undefined;
  /** Tests only: another fetch for the instrument file. */
  fetch?: typeof fetch | undefined;
  /** How the kill switch's cancellations wait for room in Upstox's windows (a timer; tests move their clock). */
  wait?: Wait | undefined;
  /** The instrument file's keys, when the market feed shares them (upstox-live.ts); else read here. */
  contracts?: LiveContracts | undefined;
  /** The accounts' market feeds, which the stream's ticks come from; without them the stream carries order changes only. */
  prices?: LivePrices | undefined;
};

export function createUpstoxTrading({ db, clock, sessions, instrumentsUrl, limits: figures = upstoxLimits, fetch, wait, contracts: shared, prices }: UpstoxTradingOptions) {
  const calls = createUpstoxCalls({ db, clock, sessions });
  const counted = { db, clock, figures };
  const limits = adapterLimits({ ...counted, wait });
  const contracts = shared ?? createUpstoxContracts({ db, clock, instrumentsUrl, ...(fetch === undefined ? {} : { fetch }) });
  const money = createUpstoxFunds({ db, clock, calls, contracts, limits });
  return { ...createAdapterTrading({ ...counted, wire: createUpstoxWire(calls), contracts, limits, money, prices }), calls };
}

export type UpstoxTrading = ReturnType<typeof createUpstoxTrading>;
