// Dhan's live order update socket for each logged-in Dhan account (../dhan/order-socket.ts), the way order
// updates arrive beside the leader's periodic book read (../live/order-sync.ts). One instance holds an account's
// socket at a time (a lease in `broker_order_streams`, as Upstox's portfolio stream: renewed every pass, taken
// over once lapsed), so an alert is read from Dhan once, not once per instance. An alert is a hint: the order it
// names is read from Dhan (GET /v2/orders/{id}) and only that read is applied through the live core
// (../live/order-updates.ts: the mirror moves forward once, a final state is told once, the streams hear it).
// Each opening reads the account's book once, as alerts sent while the socket was closed are lost. Sockets
// follow sessions: started by the pass after a login, stopped once the session is gone or another instance
// holds the lease.
import { randomUUID } from 'node:crypto';
import { kiteCalls } from '../../texts/kite-texts.ts';
import type { TradingAccount } from '../broker-trading.ts';
import type { FeedSocket, FeedSocketState, FeedTuning } from '../live/feed-socket.ts';
import type { Warn } from '../live/live-prices.ts';
import type { LiveCoreDeps, LiveSession } from '../live/live-sessions.ts';
import { claimOrderStreams } from '../live/order-stream-leases.ts';
import { readBook, type BookReader } from '../live/order-sync.ts';
import { toPaise } from '../paper/paise.ts';
import { DhanError } from '../dhan/dhan-errors.ts';
import type { DhanHttp } from '../dhan/dhan-http.ts';
import { getOrder } from '../dhan/dhan-orders.ts';
import { createDhanOrderSocket } from '../dhan/order-socket.ts';
import type { DhanCalls } from './dhan-calls.ts';
import type { DhanContracts } from './dhan-contracts.ts';
import { domainErrorOf } from './dhan-failures.ts';
import { wireOrderOfDhan } from './dhan-wire.ts';

/** How long a holder keeps an account's socket without renewing it (an instance that died is replaced then). */
export const dhanOrderStreamLeaseMs = 30_000;

export type DhanOrderStreamsOptions = LiveCoreDeps<DhanHttp> & {
  url: string;
  calls: DhanCalls;
  contracts: DhanContracts;
  books: BookReader;
  /** Tests only: the watchdog stepped by hand. */
  tuning?: FeedTuning | undefined;
  /** This instance's name in the leases (tests run two in one process). */
  holder?: string | undefined;
};

type Stream = { accessToken: string; socket: FeedSocket; alerts: number };

export function createDhanOrderStreams({ db, clock, sessions, url, calls, contracts, books, tuning, holder = randomUUID() }: DhanOrderStreamsOptions) {
  const streams = new Map<number, Stream>();
  const pending = new Set<Promise<void>>();

  /** The order as Dhan's book reads it for this account, applied; null when Dhan does not know it for this account. */
  async function confirm(account: TradingAccount, orderId: string): Promise<{ status: string; changed: boolean } | null> {
    const order = await calls.withSession(account, (session) => getOrder(session.http, orderId)).catch((error: unknown) => {
      if (error instanceof DhanError && error.status < 500 && error.status !== 401 && error.status !== 429) return null;
      throw domainErrorOf(error, 'read', kiteCalls.orderHistory(orderId)) ?? error;
    });
    if (order === null) return null;
    const name = await contracts.nameOf(order.securityId).catch(() => null);
    const changes = await books.updates.apply(account, [wireOrderOfDhan(order, name)]);
    return { status: order.orderStatus, changed: changes.length > 0 };
  }

  const claim = (accountIds: readonly number[], now: Date) => claimOrderStreams(db, holder, accountIds, now, dhanOrderStreamLeaseMs);

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

  function start(account: TradingAccount, session: LiveSession<DhanHttp>, warn: Warn): void {
    const socket = createDhanOrderSocket({
      ...tuning,
      url,
      clientId: session.accountNumber,
      accessToken: session.accessToken,
      onOpen: () => track(readBook(books, account), warn, account.id, "Dhan's order book could not be read after its order socket opened"),
      onAlert: (alert) => {
        stream.alerts += 1;
        track(confirm(account, alert.orderId), warn, account.id, "an order alert on Dhan's order socket could not be confirmed");
      },
      onError: (message) => warn({ accountId: account.id }, `Dhan's order socket: ${message}`),
      onReconnectScheduled: (attempt, delayMs) => warn({ accountId: account.id, attempt, delayMs }, "Dhan's order socket connection lost: reconnecting"),
    });
    const stream: Stream = { accessToken: session.accessToken, socket, alerts: 0 };
    streams.set(account.id, stream);
    socket.connect();
  }

  /** Starts the sockets of the logged-in accounts this instance holds, stops the others. Every pass, every instance. */
  async function pass(warn: Warn): Promise<void> {
    const now = clock();
    const { rows } = await db.query<{ id: number; account_number: string; capital: string }>(
      `SELECT a.id, a.account_number, a.capital FROM broker_accounts a JOIN brokers b ON b.id = a.broker_id
       WHERE b.slug = 'dhan' AND a.session_access_token_encrypted IS NOT NULL AND a.session_expires_at > $1 ORDER BY a.id`,
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
    confirm,
    /** The account's socket on this instance and how many alerts it heard; null when another instance holds it, or none is open. */
    status(accountId: number): { state: FeedSocketState; alerts: number } | null {
      const stream = streams.get(accountId);
      return stream === undefined ? null : { state: stream.socket.state(), alerts: stream.alerts };
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

export type DhanOrderStreams = ReturnType<typeof createDhanOrderStreams>;
