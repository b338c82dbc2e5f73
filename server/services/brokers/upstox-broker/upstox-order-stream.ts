// Upstox's portfolio stream feed for each logged-in Upstox account (../upstox/portfolio-stream.ts), the second
// way order updates arrive beside the webhook; the leader's periodic book read (../live/order-sync.ts) is the
// third. One instance holds an account's stream at a time (a lease in `broker_order_streams`, renewed every
// pass, taken over once lapsed), so an update is read from Upstox once, not once per instance. Each message is
// a hint exactly as a webhook is (upstox-order-hints.ts: the order read from Upstox, only that read applied);
// each opening reads the account's book once, as updates sent while the socket was closed are lost. The socket
// reconnects on the live feeds' one watchdog (../live/feed-socket.ts); a refused token logs the account out as
// a 401 anywhere does. Sockets follow sessions: started by the pass after a login, stopped once the session is
// gone or another instance holds the lease.
import { randomUUID } from 'node:crypto';
import type { TradingAccount } from '../broker-trading.ts';
import type { FeedSocket, FeedSocketState, FeedTuning } from '../live/feed-socket.ts';
import type { Warn } from '../live/live-prices.ts';
import type { LiveCoreDeps, LiveSession } from '../live/live-sessions.ts';
import { claimOrderStreams } from '../live/order-stream-leases.ts';
import { readBook, type BookReader } from '../live/order-sync.ts';
import { endSessionAfterTokenError } from '../live/session-loss.ts';
import { toPaise } from '../paper/paise.ts';
import type { UpstoxHttp } from '../upstox/upstox-http.ts';
import { authorizePortfolioStream, createPortfolioStream } from '../upstox/portfolio-stream.ts';
import type { UpstoxOrderHints } from './upstox-order-hints.ts';

/** How long a holder keeps an account's stream without renewing it (an instance that died is replaced then). */
export const orderStreamLeaseMs = 30_000;

export type UpstoxOrderStreamsOptions = LiveCoreDeps<UpstoxHttp> & {
  hints: UpstoxOrderHints;
  books: BookReader;
  /** Tests only: the watchdog stepped by hand. */
  tuning?: FeedTuning | undefined;
  /** This instance's name in the leases (tests run two in one process). */
  holder?: string | undefined;
};

type Stream = { accessToken: string; socket: FeedSocket; updates: number };

export function createUpstoxOrderStreams({ db, clock, sessions, hints, books, tuning, holder = randomUUID() }: UpstoxOrderStreamsOptions) {
  const streams = new Map<number, Stream>();
  /** Reads under way (a hint's, an opening's book read): tests wait for them. */
  const pending = new Set<Promise<void>>();

  /** The accounts whose lease this instance holds now (taken, renewed, or taken over from a lapsed holder). */
  const claim = (accountIds: readonly number[], now: Date) => claimOrderStreams(db, holder, accountIds, now, orderStreamLeaseMs);

  function track(work: Promise<unknown>, warn: Warn, accountId: number, what: string): void {
    const done: Promise<void> = work
      .then(() => undefined, (error: unknown) => warn({ err: error, accountId }, what))
      .finally(() => pending.delete(done));
    pending.add(done);
  }

  function stop(accountId: number): void {
    streams.get(accountId)?.socket.close();
    streams.delete(accountId);
  }

  function start(account: TradingAccount, session: LiveSession<UpstoxHttp>, warn: Warn): void {
    const accountId = account.id;
    const socket = createPortfolioStream({
      ...tuning,
      authorize: () => authorizePortfolioStream(session.http),
      onOpen: () => track(readBook(books, account), warn, accountId, "Upstox's order book could not be read after its order stream opened"),
      onUpdate: (update) => {
        stream.updates += 1;
        if (update.kind === 'order') track(hints.confirm(account, update.order.order_id), warn, accountId, "an order update on Upstox's order stream could not be confirmed");
      },
      onError: (message) => warn({ accountId }, `Upstox's order stream: ${message}`),
      onReconnectScheduled: (attempt, delayMs) => warn({ accountId, attempt, delayMs }, "Upstox's order stream connection lost: reconnecting"),
      onTokenError: () => {
        if (streams.get(accountId)?.socket === socket) streams.delete(accountId);
        track(endSessionAfterTokenError(db, clock, accountId, 'Upstox', 'the order stream refused the access token'), warn, accountId, 'could not log out an Upstox account after its order stream was refused');
      },
    });
    const stream: Stream = { accessToken: session.accessToken, socket, updates: 0 };
    streams.set(accountId, stream);
    socket.connect();
  }

  /** Starts the streams of the logged-in accounts this instance holds, stops the others. Every pass, every instance. */
  async function pass(warn: Warn): Promise<void> {
    const now = clock();
    const { rows } = await db.query<{ id: number; account_number: string; capital: string }>(
      `SELECT a.id, a.account_number, a.capital FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id
       WHERE b.slug = 'upstox' AND a.session_access_token_encrypted IS NOT NULL AND a.session_expires_at > $1 ORDER BY a.id`,
      [now],
    );
    const held = await claim(rows.map((row) => Number(row.id)), now);
    for (const accountId of [...streams.keys()]) if (!held.has(accountId)) stop(accountId);
    for (const row of rows) {
      const account: TradingAccount = { id: Number(row.id), accountNumber: row.account_number, capitalPaise: toPaise(Number(row.capital)) };
      if (!held.has(account.id)) continue;
      const session = await sessions.sessionOf(account.id);
      const running = streams.get(account.id);
      if (running !== undefined && running.accessToken !== session?.accessToken) stop(account.id);
      if (session !== null && !streams.has(account.id)) start(account, session, warn);
    }
  }

  return {
    pass,
    /** The account's stream on this instance and how many updates it heard; null when another instance holds it, or none is open. */
    status(accountId: number): { state: FeedSocketState; updates: number } | null {
      const stream = streams.get(accountId);
      return stream === undefined ? null : { state: stream.socket.state(), updates: stream.updates };
    },
    /** Waits for the reads under way. */
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    /** Stops every stream and lets go of their leases (the server is closing). */
    async closeAll(): Promise<void> {
      for (const accountId of [...streams.keys()]) stop(accountId);
      await db.query('DELETE FROM broker_order_streams WHERE holder = $1', [holder]);
    },
  };
}

export type UpstoxOrderStreams = ReturnType<typeof createUpstoxOrderStreams>;
