// Upstox's portfolio stream feed, order updates only: each (re)connection first asks
// /v2/feed/portfolio-stream-feed/authorize?update_types=order for a one-time wss address, then the socket carries
// a JSON text message on every change of the user's orders, in the webhook's shape (`update_type: "order"`,
// `user_id`, the order's record). Like the webhook it proves nothing (upstox-webhook.ts): the caller reads the
// order before believing it. The socket stands on the live feeds' one watchdog (../live/feed-socket.ts:
// silence, backoff, a refused token stopping it), pinging Upstox itself as the stream may be quiet for hours. https://upstox.com/developer/api-documentation/get-portfolio-stream-feed
import { createFeedSocket, type FeedSocket, type FeedTuning } from '../live/feed-socket.ts';
import { isSocketTokenRefusal } from './upstox-errors.ts';
import type { UpstoxHttp } from './upstox-http.ts';
import { objectAt, read } from './upstox-json.ts';
import { readWebhook, type UpstoxWebhook } from './upstox-webhook.ts';

/** The portfolio stream's one-time WebSocket address for order updates. */
export async function authorizePortfolioStream(http: UpstoxHttp): Promise<string> {
  const data = objectAt(await http.data({ method: 'GET', path: '/v2/feed/portfolio-stream-feed/authorize', query: { update_types: 'order' } }), 'the portfolio stream authorization');
  return read(data, { authorized_redirect_uri: 'string' }, 'the portfolio stream authorization').authorized_redirect_uri;
}

export type PortfolioStreamOptions = FeedTuning & {
  /** Asks Upstox for the one-time address (authorizePortfolioStream with the account's token). */
  authorize: () => Promise<string>;
  /** The socket opened (first time or again): updates sent while it was closed are lost. */
  onOpen: () => void;
  onUpdate: (update: UpstoxWebhook) => void;
  /** A message that could not be read, or an address that could not be had (retried). */
  onError: (message: string) => void;
  onReconnectScheduled?: ((attempt: number, delayMs: number) => void) | undefined;
  /** Upstox refused the token: log in again; the socket has stopped. */
  onTokenError: () => void;
};

/** The stream is quiet between orders: StrikeDesk pings it well inside the watchdog's 5 s of silence. */
export const portfolioPingMs = 2000;

export function createPortfolioStream(options: PortfolioStreamOptions): FeedSocket {
  return createFeedSocket({
    pingEveryMs: portfolioPingMs,
    ...options,
    address: async () => ({ url: await options.authorize() }),
    tokenError: isSocketTokenRefusal,
    onTokenError: () => options.onTokenError(),
    onMessage: (bytes) => {
      let update: UpstoxWebhook;
      try {
        update = readWebhook(JSON.parse(bytes.toString('utf8')));
      } catch (error) {
        return options.onError(`a message could not be read: ${error instanceof Error ? error.message : String(error)}`);
      }
      options.onUpdate(update);
    },
  });
}
