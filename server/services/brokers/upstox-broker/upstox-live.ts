// Everything live on Upstox, built once: the account sessions, the trading adapter (orders on the live core,
// upstox-trading.ts), the BrokerAdapter the registry lists (login, log-out, trading), the three ways order
// updates arrive (the webhook, upstox-webhooks.ts, and the portfolio stream feed, upstox-order-stream.ts, both
// hints confirmed by Upstox's order read, upstox-order-hints.ts; the leader's periodic book read), and the
// accounts' live prices (Upstox's market feed v3, upstox-feed.ts) on the same sessions and instrument keys.
import type { Wait } from '../../clock.ts';
import { defaultThrottleLimits } from '../../throttle-limits.ts';
import type { LimitRule } from '../../throttle.ts';
import { productionUpstoxEndpoints, type UpstoxEndpoints } from '../upstox/upstox-endpoints.ts';
import { createUpstoxHttp, type UpstoxHttp } from '../upstox/upstox-http.ts';
import { createLiveSessions, type LiveAdapter, type LiveAdapterOptions, type LiveSessions } from '../live/live-sessions.ts';
import { createUpstoxBroker } from './upstox-broker.ts';
import { createUpstoxTrading, type UpstoxTrading } from './upstox-trading.ts';
import type { FeedTuning } from '../live/feed-socket.ts';
import type { LivePrices } from '../live/live-prices.ts';
import { createOrderSync } from '../live/order-sync.ts';
import { createUpstoxContracts } from './upstox-contracts.ts';
import { createUpstoxLivePrices } from './upstox-feed.ts';
import { createUpstoxOrderHints } from './upstox-order-hints.ts';
import { createUpstoxOrderStreams, type UpstoxOrderStreams } from './upstox-order-stream.ts';
import { createUpstoxWebhooks, type UpstoxWebhooks } from './upstox-webhooks.ts';

/**
 * The algo identification sent as X-Algo-Name with every order write when the account names no algo ID of its
 * own (its compliance settings; docs/live-trading.md, "SEBI's retail algo rules for a self-hosted tool").
 */
export const upstoxAlgoName = 'StrikeDesk';

export type UpstoxLiveOptions = LiveAdapterOptions<UpstoxEndpoints> & {
  /** How the kill switch's cancellations wait for room in Upstox's windows (a timer; tests move their clock). */
  wait?: Wait | undefined;
  /** Tests only: the market feed's watchdog stepped by hand. */
  feed?: FeedTuning | undefined;
  /** Tests only: the portfolio stream's watchdog stepped by hand. */
  orderStream?: FeedTuning | undefined;
  /** Upstox's reads one UCC's webhooks may cause (throttle-limits.ts). */
  postbackReads?: LimitRule | undefined;
};

export type UpstoxLive = LiveAdapter<UpstoxEndpoints, UpstoxTrading> & {
  sessions: LiveSessions<UpstoxHttp>;
  webhooks: UpstoxWebhooks;
  orderStreams: UpstoxOrderStreams;
  prices: LivePrices;
};

export function createUpstoxLive({ db, clock, secrets, endpoints = productionUpstoxEndpoints, fetch, timeoutMs, wait, feed, orderStream, postbackReads = defaultThrottleLimits.postbackReadsPerClient }: UpstoxLiveOptions): UpstoxLive {
  // Upstox's REST calls name no api_key: the token is the account's.
  const sessions = createLiveSessions({
    db,
    clock,
    secrets,
    httpOf: (_apiKey, accessToken, algoId) =>
      createUpstoxHttp({ apiRoot: endpoints.apiRoot, orderApiRoot: endpoints.orderApiRoot, accessToken, algoName: algoId ?? upstoxAlgoName, ...(fetch === undefined ? {} : { fetch }), ...(timeoutMs === undefined ? {} : { timeoutMs }) }),
  });
  const contracts = createUpstoxContracts({ db, clock, instrumentsUrl: endpoints.instrumentsUrl, ...(fetch === undefined ? {} : { fetch }) });
  const prices = createUpstoxLivePrices({ db, clock, sessions, contracts, tuning: feed });
  const trading = createUpstoxTrading({ db, clock, sessions, instrumentsUrl: endpoints.instrumentsUrl, fetch, wait, contracts, prices });
  const hints = createUpstoxOrderHints({ calls: trading.calls, updates: trading.updates });
  return {
    broker: createUpstoxBroker({
      sessions,
      apiRoot: endpoints.apiRoot,
      trading,
      compliance: { orderWindows: trading.orderWindows, algoField: 'X-Algo-Name', defaultAlgoName: upstoxAlgoName },
    }),
    sessions,
    endpoints,
    trading,
    orderSync: createOrderSync({ db, clock, trading }),
    webhooks: createUpstoxWebhooks({ db, clock, readsPerClient: postbackReads, hints }),
    orderStreams: createUpstoxOrderStreams({ db, clock, sessions, hints, books: trading, tuning: orderStream }),
    prices,
  };
}
