// A broker's order-update socket for each of its logged-in accounts (Upstox's portfolio stream, Dhan's order
// socket), held the same way whatever the broker: one instance holds an account's socket at a time (a lease in
// `broker_order_streams`, renewed every pass, taken over once lapsed: order-stream-leases.ts), so an update is
// read from the broker once, not once per instance; each opening reads the account's book once (updates sent
// while the socket was closed are lost); sockets follow sessions, started by the pass after a login and stopped
// once the session is gone, its token changed or another instance holds the lease. What a message means is the
// adapter's: `open` makes its socket, and each update it hears is a hint the adapter confirms by a read.
import { randomUUID } from 'node:crypto';
import type { TradingAccount } from '../broker-trading.ts';
import { toPaise } from '../paper/paise.ts';
import type { FeedSocket, FeedSocketState } from './feed-socket.ts';
import type { Warn } from './live-prices.ts';
import type { LiveCoreDeps, LiveSession } from './live-sessions.ts';
import { claimOrderStreams } from './order-stream-leases.ts';

/** How long a holder keeps an account's socket without renewing it (an instance that died is replaced then). */
export const orderStreamLeaseMs = 30_000;

/** What an adapter's socket is given: the account's reads to run in the background and the updates it heard. */
export type OrderSocketHooks = {
  /** Runs `work` (a hint's read, the opening's book read) in the background; `what` says what failed, if it does. */
  track: (work: Promise<unknown>, what: string) => void;
  /** One update heard (status() counts them). */
  heard: () => void;
  /** The socket is no longer the account's (its token was refused): the next pass opens a new one. */
  drop: (socket: FeedSocket) => void;
  warn: Warn;
};

export type OrderStreamsOptions<Http> = LiveCoreDeps<Http> & {
  /** The broker's slug: whose logged-in accounts get a socket. */
  broker: string;
  /** Opens the adapter's socket for the account's session (not yet connected). */
  open: (account: TradingAccount, session: LiveSession<Http>, hooks: OrderSocketHooks) => FeedSocket;
  /** This instance's name in the leases (tests run two in one process). */
  holder?: string | undefined;
};

type Stream = { accessToken: string; socket: FeedSocket; updates: () => number };

export function createOrderStreams<Http>({ db, clock, sessions, broker, open, holder = randomUUID() }: OrderStreamsOptions<Http>) {
  const streams = new Map<number, Stream>();
  /** Reads under way (a hint's, an opening's book read): tests wait for them. */
  const pending = new Set<Promise<void>>();

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

  function start(account: TradingAccount, session: LiveSession<Http>, warn: Warn): void {
    let updates = 0;
    const socket = open(account, session, {
      track: (work, what) => track(work, warn, account.id, what),
      heard: () => {
        updates += 1;
      },
      drop: (dropped) => {
        if (streams.get(account.id)?.socket === dropped) streams.delete(account.id);
      },
      warn,
    });
    streams.set(account.id, { accessToken: session.accessToken, socket, updates: () => updates });
    socket.connect();
  }

  /** Starts the sockets of the logged-in accounts this instance holds, stops the others. Every pass, every instance. */
  async function pass(warn: Warn): Promise<void> {
    const now = clock();
    const { rows } = await db.query<{ id: number; account_number: string; capital: string }>(
      `SELECT a.id, a.account_number, a.capital FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id
       WHERE b.slug = $2 AND a.session_access_token_encrypted IS NOT NULL AND a.session_expires_at > $1 ORDER BY a.id`,
      [now, broker],
    );
    const held = await claimOrderStreams(db, holder, rows.map((row) => Number(row.id)), now, orderStreamLeaseMs);
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
    /** The account's socket on this instance and how many updates it heard; null when another instance holds it, or none is open. */
    status(accountId: number): { state: FeedSocketState; updates: number } | null {
      const stream = streams.get(accountId);
      return stream === undefined ? null : { state: stream.socket.state(), updates: stream.updates() };
    },
    /** Waits for the reads under way. */
    async settle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    /** Stops every socket and lets go of their leases (the server is closing). */
    async closeAll(): Promise<void> {
      for (const accountId of [...streams.keys()]) stop(accountId);
      await db.query('DELETE FROM broker_order_streams WHERE holder = $1', [holder]);
    },
  };
}
