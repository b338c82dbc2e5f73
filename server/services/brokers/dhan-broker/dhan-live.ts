// Everything live on Dhan, built once: the account sessions (Dhan's REST client with the account's token), the
// contracts (the scrip master's security ids), the trading adapter (orders on the live core, dhan-trading.ts),
// the BrokerAdapter the registry lists (the consent login, trading), the accounts' live prices (Dhan's market
// feed, dhan-feed.ts) on the same sessions and security ids, and the three ways order changes arrive: Dhan's order
// update socket (dhan-order-stream.ts) and its postbacks (dhan-postbacks.ts), both hints confirmed by the same
// read, and the leader's periodic book read.
import type { Wait } from '../../clock.ts';
import { defaultThrottleLimits } from '../../throttle-limits.ts';
import type { LimitRule } from '../../throttle.ts';
import type { FeedTuning } from '../live/feed-socket.ts';
import type { LivePrices } from '../live/live-prices.ts';
import { productionDhanEndpoints, type DhanEndpoints } from '../dhan/dhan-endpoints.ts';
import { createDhanHttp, type DhanHttp } from '../dhan/dhan-http.ts';
import { createLiveSessions, type LiveAdapter, type LiveAdapterOptions, type LiveSessions } from '../live/live-sessions.ts';
import { createOrderSync } from '../live/order-sync.ts';
import { createDhanBroker } from './dhan-broker.ts';
import { createDhanContracts, type DhanContracts } from './dhan-contracts.ts';
import { createDhanDepth, type DhanDepth } from './dhan-depth.ts';
import { createDhanLivePrices } from './dhan-feed.ts';
import { createDhanOrderStreams, type DhanOrderStreams } from './dhan-order-stream.ts';
import { createDhanPostbacks, type DhanPostbacks } from './dhan-postbacks.ts';
import { createDhanTrading, type DhanTrading } from './dhan-trading.ts';

export type DhanLiveOptions = LiveAdapterOptions<DhanEndpoints> & {
  /** How the kill switch's cancellations wait for room in Dhan's windows (a timer; tests move their clock). */
  wait?: Wait | undefined;
  /** Tests only: the market feed's watchdog stepped by hand. */
  feed?: FeedTuning | undefined;
  /** Tests only: the order update socket's watchdog stepped by hand. */
  orderUpdates?: FeedTuning | undefined;
  /** Tests only: the 20-level depth socket's watchdog stepped by hand. */
  depth?: FeedTuning | undefined;
  /** Dhan's reads one client's postbacks may cause (throttle-limits.ts). */
  postbackReads?: LimitRule | undefined;
};

export type DhanLive = LiveAdapter<DhanEndpoints, DhanTrading> & { sessions: LiveSessions<DhanHttp>; prices: LivePrices; orderStreams: DhanOrderStreams; postbacks: DhanPostbacks; depth: DhanDepth; contracts: DhanContracts };

export function createDhanLive({ db, clock, secrets, endpoints = productionDhanEndpoints, fetch, timeoutMs, wait, feed, orderUpdates, depth: depthTuning, postbackReads = defaultThrottleLimits.postbackReadsPerClient }: DhanLiveOptions): DhanLive {
  // Dhan's REST calls name no app: the token is the account's (its algo ID travels nowhere: Dhan's API takes none yet).
  const sessions = createLiveSessions({
    db,
    clock,
    secrets,
    httpOf: (_apiKey, accessToken) =>
      createDhanHttp({ apiRoot: endpoints.apiRoot, authRoot: endpoints.authRoot, accessToken, ...(fetch === undefined ? {} : { fetch }), ...(timeoutMs === undefined ? {} : { timeoutMs }) }),
  });
  const contracts = createDhanContracts({ db, clock, scripMasterUrl: endpoints.scripMasterUrl, ...(fetch === undefined ? {} : { fetch }) });
  const prices = createDhanLivePrices({ db, clock, sessions, contracts, indexIds: contracts.indexIds, feedUrl: endpoints.feedUrl, tuning: feed });
  const depth = createDhanDepth({ clock, sessions, contracts, url: endpoints.depthUrl, fullUrl: endpoints.fullDepthUrl, tuning: depthTuning });
  const trading = { ...createDhanTrading({ db, clock, sessions, contracts, wait, prices }), marketDepth: depth.marketDepth, marketDepthLevels: depth.levels };
  const orderStreams = createDhanOrderStreams({ db, clock, sessions, url: endpoints.orderUpdateUrl, calls: trading.calls, contracts, books: trading, tuning: orderUpdates });
  return {
    broker: createDhanBroker({ sessions, authRoot: endpoints.authRoot, trading, compliance: { orderWindows: trading.orderWindows, algoField: null, defaultAlgoName: null } }),
    sessions,
    endpoints,
    trading,
    orderSync: createOrderSync({ db, clock, trading }),
    prices,
    depth,
    contracts,
    orderStreams,
    // A postback is confirmed as the socket's alerts are: one path for both.
    postbacks: createDhanPostbacks({ db, clock, readsPerClient: postbackReads, confirm: orderStreams.confirm }),
  };
}
