// Everything live on one Noren broker (Shoonya or Flattrade), built once per broker: the account sessions (Noren's
// client with the account's token, in jKey or as a Bearer header as the broker takes it), the contracts (the NFO
// scrip master's tokens and trading symbols), the trading adapter (orders on the live core, noren-trading.ts),
// the BrokerAdapter the registry lists (the redirect login, trading) and the leader's periodic book read, which
// stands behind the order updates Noren's websocket hints (each confirmed by reading the book), and the
// accounts' live prices on that websocket (noren-prices.ts), whose depth frames give the order ticket its
// five-level ladder (noren-depth.ts).
import type { Wait } from '../../clock.ts';
import { norenTexts } from '../../texts/noren-texts.ts';
import type { NorenBrokerKind, NorenEndpoints } from '../noren/noren-endpoints.ts';
import { createNorenHttp, type NorenHttp } from '../noren/noren-http.ts';
import { createLiveSessions, type LiveAdapter, type LiveAdapterOptions, type LiveSessions } from '../live/live-sessions.ts';
import type { FeedTuning } from '../live/feed-socket.ts';
import type { LivePrices } from '../live/live-prices.ts';
import { createOrderSync, readBook } from '../live/order-sync.ts';
import { createNorenBroker } from './noren-broker.ts';
import { createNorenContracts, type NorenContracts } from './noren-contracts.ts';
import { createNorenDepth } from './noren-depth.ts';
import { norenFailures } from './noren-failures.ts';
import { createNorenLivePrices } from './noren-prices.ts';
import { createNorenTrading, type NorenTrading } from './noren-trading.ts';

export type NorenLiveOptions = LiveAdapterOptions<NorenEndpoints> & {
  kind: NorenBrokerKind;
  /** How the kill switch's cancellations wait for room in the broker's windows (a timer; tests move their clock). */
  wait?: Wait | undefined;
  /** Tests only: the market feed's watchdog stepped by hand. */
  feed?: FeedTuning | undefined;
};

export type NorenLive = LiveAdapter<NorenEndpoints, NorenTrading> & { sessions: LiveSessions<NorenHttp>; prices: LivePrices; contracts: NorenContracts };

export function createNorenLive({ kind, db, clock, secrets, endpoints = kind.production, fetch, timeoutMs, wait, feed }: NorenLiveOptions): NorenLive {
  const http = { ...(fetch === undefined ? {} : { fetch }), ...(timeoutMs === undefined ? {} : { timeoutMs }) };
  const sessions = createLiveSessions({
    db,
    clock,
    secrets,
    httpOf: (_apiKey, accessToken) => createNorenHttp({ apiRoot: endpoints.apiRoot, tokenIn: kind.tokenIn, accessToken, ...http }),
  });
  const texts = norenTexts(kind.slug, kind.name);
  const failures = norenFailures(kind.name, texts);
  const contracts = createNorenContracts({ db, clock, scripMasterUrl: endpoints.scripMasterUrl, unavailable: texts.instrumentsUnavailable, ...(fetch === undefined ? {} : { fetch }) });
  // An order update on the socket is a hint: the book is read to confirm it (one read a hint; reads are shared a second).
  const onOrderHint = (session: { accountId: number; accountNumber: string }) =>
    void readBook(trading, { id: session.accountId, accountNumber: session.accountNumber, capitalPaise: 0 }).catch(() => undefined);
  const depth = createNorenDepth({ clock, name: kind.name, sessions, contracts, prices: () => prices });
  const prices = createNorenLivePrices({ db, clock, sessions, broker: { slug: kind.slug, name: kind.name }, feedUrl: endpoints.feedUrl, contracts, tuning: feed, onOrderHint, onDepth: depth.received });
  const trading = { ...createNorenTrading({ db, clock, slug: kind.slug, sessions, contracts, failures, texts, wait, prices }), marketDepth: depth.marketDepth, marketDepthLevels: depth.levels };
  return {
    broker: createNorenBroker({ kind, endpoints, http, trading, compliance: { orderWindows: trading.orderWindows, algoField: null, defaultAlgoName: null } }),
    sessions,
    endpoints,
    trading,
    orderSync: createOrderSync({ db, clock, trading }),
    prices,
    contracts,
  };
}
