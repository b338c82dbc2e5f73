// Upstox's portfolio stream feed for each logged-in Upstox account (../upstox/portfolio-stream.ts), the second
// way order updates arrive beside the webhook; the leader's periodic book read (../live/order-sync.ts) is the
// third. Held as every broker's order socket is (../live/order-streams.ts: one instance an account, a book read
// at each opening, following sessions). Each message is a hint exactly as a webhook is (upstox-order-hints.ts:
// the order read from Upstox, only that read applied). The socket reconnects on the live feeds' one watchdog
// (../live/feed-socket.ts); a refused token logs the account out as a 401 anywhere does.
import type { FeedTuning } from '../live/feed-socket.ts';
import type { LiveCoreDeps } from '../live/live-sessions.ts';
import { createOrderStreams } from '../live/order-streams.ts';
import { readBook, type BookReader } from '../live/order-sync.ts';
import { endSessionAfterTokenError } from '../live/session-loss.ts';
import type { UpstoxHttp } from '../upstox/upstox-http.ts';
import { authorizePortfolioStream, createPortfolioStream } from '../upstox/portfolio-stream.ts';
import type { UpstoxOrderHints } from './upstox-order-hints.ts';

export type UpstoxOrderStreamsOptions = LiveCoreDeps<UpstoxHttp> & {
  hints: UpstoxOrderHints;
  books: BookReader;
  /** Tests only: the watchdog stepped by hand. */
  tuning?: FeedTuning | undefined;
  /** This instance's name in the leases (tests run two in one process). */
  holder?: string | undefined;
};

export function createUpstoxOrderStreams({ db, clock, sessions, hints, books, tuning, holder }: UpstoxOrderStreamsOptions) {
  return createOrderStreams<UpstoxHttp>({
    db,
    clock,
    sessions,
    broker: 'upstox',
    holder,
    open: (account, session, { track, heard, drop, warn }) => {
      const socket = createPortfolioStream({
        ...tuning,
        authorize: () => authorizePortfolioStream(session.http),
        onOpen: () => track(readBook(books, account), "Upstox's order book could not be read after its order stream opened"),
        onUpdate: (update) => {
          heard();
          if (update.kind === 'order') track(hints.confirm(account, update.order.order_id), "an order update on Upstox's order stream could not be confirmed");
        },
        onError: (message) => warn({ accountId: account.id }, `Upstox's order stream: ${message}`),
        onReconnectScheduled: (attempt, delayMs) => warn({ accountId: account.id, attempt, delayMs }, "Upstox's order stream connection lost: reconnecting"),
        onTokenError: () => {
          drop(socket);
          track(endSessionAfterTokenError(db, clock, account.id, 'Upstox', 'the order stream refused the access token'), 'could not log out an Upstox account after its order stream was refused');
        },
      });
      return socket;
    },
  });
}

export type UpstoxOrderStreams = ReturnType<typeof createUpstoxOrderStreams>;
