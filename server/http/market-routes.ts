// The live market over HTTP: expiries and instruments (/api/market/...), the live tick stream (Server-Sent
// Events, /api/market/stream/), and the analytics backend's market_data function (/analytics/functions/v1/).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Warn } from '../services/brokers/kite-broker/instrument-load.ts';
import { requireAuth } from './authentication.ts';
import { route } from './contract-route.ts';
import { throttleTexts } from '../services/texts/throttle-texts.ts';
import type { RoutePlugin } from './route-plugins.ts';
import { toPaise } from '../services/brokers/paper/paise.ts';
import type { StreamFormat } from './market-stream.ts';
import { createPriceFanout } from './price-fanout.ts';
import { brokerMarketStatus, brokerSource, type PriceStreamSource } from './price-stream-sources.ts';
import { acceptsGzip } from './stream-compression.ts';
import { createStreamMember } from './stream-member.ts';
import { followOrders } from './order-notices.ts';
import type { StreamNotice } from '../services/notices/stream-notices.ts';

/**
 * Streams one trader may hold open at once (tabs share one through the PWA's tab leader). One more ends the
 * trader's oldest rather than being refused: the newest is the screen in front of the trader, and the oldest is
 * most often a reloaded page's whose socket the server has not yet seen close (a desk reloaded a few times in a
 * row was refused its prices for seconds; issue 37).
 */
export const streamsPerUser = 4;
/** A comment line keeps proxies and the idle time-out from closing a quiet stream. */
const heartbeatMs = 5000;
const instrumentPattern = /^(NSE|NFO|BSE|BFO):[A-Z0-9][A-Z0-9 &_.-]{0,39}$/;

export const marketRoutes: RoutePlugin = async (app, { context }) => {
  const { market, marketFeed, followedInstruments, brokerAccounts, brokerRegistry, streamNotices } = context.services;
  /** Each trader's open streams, oldest first: each entry ends its stream. */
  const openStreams = new Map<number, Set<() => void>>();
  const closers = new Set<() => void>();
  const onError = (error: unknown) => app.log.error({ err: error }, 'the price stream failed to send');
  const fanout = createPriceFanout({ market, feed: marketFeed, onError, heartbeatMs, follow: followedInstruments.follow });

  /**
   * A named account's stream reads its broker's prices (a live account's ticker, never the simulator; a paper
   * account's are the simulator's, shared with every stream watching the same instruments, or the feed of the
   * live account it trades on: paper-trading.ts fills its orders on the same prices) and says when the
   * account's orders change (order-notices.ts). None named: the simulator's prices alone.
   */
  async function sourceOf(userId: number, accountId: number | undefined, instruments: string[], format: StreamFormat, warn: Warn) {
    const account = accountId === undefined ? null : await brokerAccounts.get(userId, accountId);
    const trading = account === null ? undefined : brokerRegistry.get(account.broker)?.trading;
    if (account === null || trading === undefined) return { prices: await fanout.prepare(instruments, format), orders: null };
    const tradingAccount = { id: account.id, accountNumber: account.account_number, capitalPaise: toPaise(account.capital) };
    const orders = await followOrders(trading, tradingAccount, warn);
    try {
      const priced = trading.mode === 'paper' ? await feedOf(userId, account.market_account_id ?? null) : { trading, account: tradingAccount };
      const prices: PriceStreamSource =
        priced === null
          ? await fanout.prepare(instruments, format)
          : await brokerSource({ ...priced, market, feed: marketFeed, instruments, format, heartbeatMs, warn, onError });
      return { prices, orders };
    } catch (error) {
      orders.close();
      throw error;
    }
  }

  /** The live account a paper account takes its prices from, with its broker's trading; null for the simulator. */
  async function feedOf(userId: number, feedAccountId: number | null) {
    const feed = feedAccountId === null ? null : await brokerAccounts.get(userId, feedAccountId).catch(() => null);
    const trading = feed === null ? undefined : brokerRegistry.get(feed.broker)?.trading;
    if (feed === null || trading === undefined) return null;
    return { trading, account: { id: feed.id, accountNumber: feed.account_number, capitalPaise: toPaise(feed.capital) } };
  }

  route(app, 'getExpiries', async (request) => market.expiries(request.query.index));

  route(app, 'getInstruments', async (request) => market.instruments(request.query.index, request.query.expiry));

  route(app, 'getMarketStream', async (request, reply) => {
    const userId = requireAuth(request).user.id;
    const instruments = request.body.instruments;
    const format = request.body.format ?? 'json';
    const { prices, orders } = await sourceOf(userId, request.body.account_id, instruments, format, (details, message) => request.log.warn(details, message));
    // Followed before the stream answers, as the orders are: a notice recorded later is told, an earlier one is
    // in the read the client makes when the stream opens. Held until the stream has joined its prices.
    let tellNotice: ((notice: StreamNotice) => void) | null = null;
    let unfollow: () => void;
    try {
      unfollow = await streamNotices.follow(userId, (notice) => tellNotice?.(notice));
    } catch (error) {
      orders?.close();
      throw error;
    }

    reply.hijack();
    const raw = reply.raw;
    const gzip = acceptsGzip(request.headers['accept-encoding']);
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      vary: 'accept-encoding',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // Tells nginx-style proxies not to buffer the events.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });

    const member = createStreamMember(raw, gzip);
    // Its snapshot is queued first, so no move (Kite answers a subscription at once) can overtake it.
    const membership = prices.join(member);
    orders?.tellTo((notice) => membership.send('order', notice));
    tellNotice = (notice) => membership.send('notice', notice);
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      orders?.close();
      unfollow();
      membership.leave();
      closers.delete(shutdown);
      mine.delete(displace);
      if (mine.size === 0 && openStreams.get(userId) === mine) openStreams.delete(userId);
    };
    // An error event, then the end (the socket's close then lets go of the stream).
    const shutdown = () => membership.end({ message: 'The server is restarting: reconnect in a moment.', code: 'server_restarting' });
    closers.add(shutdown);
    // Counted at once, not when the socket closes: the stream that displaced it must not displace another.
    const displace = () => {
      mine.delete(displace);
      membership.end({ message: throttleTexts.tooManyStreams(streamsPerUser).text, code: 'too_many_streams' });
    };
    const mine = openStreams.get(userId) ?? new Set<() => void>();
    openStreams.set(userId, mine);
    mine.add(displace);
    for (const oldest of mine) {
      if (mine.size <= streamsPerUser) break;
      oldest();
    }
    raw.on('drain', membership.drained);
    raw.on('close', close);
    // The reply was hijacked: Fastify sends nothing more; this value is never serialised.
    return undefined as never;
  });

  // Streams never end by themselves: end them before the server waits for its connections to close.
  app.addHook('preClose', async () => {
    for (const shutdown of [...closers]) shutdown();
  });
};

/** PostgREST's error shape, which the analytics document promises. */
export function sendAnalyticsError(reply: FastifyReply, status: number, code: string, message: string, hint: string | null = null) {
  return reply.code(status).header('cache-control', 'no-store').send({ message, code, details: null, hint });
}

export function hasAnonKey(request: FastifyRequest, expected: string): boolean {
  const given = request.headers.apikey;
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

type MarketDataRequest = { instruments: string[]; broker: string | undefined };

/** The body's instruments and the broker named, or what is wrong with it (the 400's message). */
function marketDataRequestOf(body: unknown, brokers: readonly string[]): MarketDataRequest | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'The body must be an object {"instruments": [...]}.';
  const unknown = Object.keys(body).find((key) => key !== 'instruments' && key !== 'broker');
  if (unknown !== undefined) return `Unknown field "${unknown}": the body takes only "instruments" and "broker".`;
  const { instruments, broker } = body as { instruments?: unknown; broker?: unknown };
  if (!Array.isArray(instruments) || instruments.length === 0 || instruments.length > 500) {
    return '"instruments" must be a list of 1 to 500 instruments.';
  }
  for (const item of instruments) {
    if (typeof item !== 'string' || !instrumentPattern.test(item)) {
      return `"${String(item).slice(0, 60)}" is not an instrument: write EXCHANGE:TRADINGSYMBOL, e.g. NFO:NIFTY26D0124000CE.`;
    }
  }
  if (new Set(instruments).size !== instruments.length) return '"instruments" lists an instrument twice.';
  if (broker !== undefined && (typeof broker !== 'string' || !brokers.includes(broker))) {
    return `"broker" must be one of ${brokers.map((slug) => `"${slug}"`).join(', ')}, or left out for the simulated market.`;
  }
  return { instruments: instruments as string[], broker };
}

/** The analytics backend's market_data function (Supabase-style edge function). */
export const marketDataRoutes: RoutePlugin = async (app, { context }) => {
  const { market, brokerRegistry } = context.services;
  app.post('/functions/v1/market_data', async (request, reply) => {
    if (!hasAnonKey(request, context.publicConfig.analyticsAnonKey)) {
      return sendAnalyticsError(reply, 401, 'PGRST301', 'The apikey header is missing or wrong.', 'Send the anonymous key from /config.json as apikey.');
    }
    const asked = marketDataRequestOf(request.body, brokerRegistry.slugs());
    if (typeof asked === 'string') return sendAnalyticsError(reply, 400, 'PGRST100', asked);
    // The desk polls here when its price stream fails: the status it shows must be the one the stream would
    // send for the same broker (a Kite account's is the real exchange's, even while the demo simulator runs).
    const trading = asked.broker === undefined ? undefined : brokerRegistry.get(asked.broker)?.trading;
    const status = await brokerMarketStatus(trading, market)();
    // A live broker's prices come only from its own feed (the account's stream): the simulator's would be
    // shown on a live desk as if they were the exchange's. The desk keeps its last prices, marked with their age.
    if (trading !== undefined && trading.mode === 'live') return { market: status, data: {} };
    return { market: status, data: await market.quotes(asked.instruments, await market.states()) };
  });
};
