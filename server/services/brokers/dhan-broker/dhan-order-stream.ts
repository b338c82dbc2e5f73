// Dhan's live order update socket for each logged-in Dhan account (../dhan/order-socket.ts), the way order
// updates arrive beside the leader's periodic book read (../live/order-sync.ts). Held as every broker's order
// socket is (../live/order-streams.ts: one instance an account, a book read at each opening, following sessions).
// An alert is a hint: the order it names is read from Dhan (GET /v2/orders/{id}) and only that read is applied
// through the live core (../live/order-updates.ts: the mirror moves forward once, a final state is told once, the
// streams hear it).
import { kiteCalls } from '../../texts/kite-texts.ts';
import type { TradingAccount } from '../broker-trading.ts';
import type { FeedTuning } from '../live/feed-socket.ts';
import type { LiveCoreDeps } from '../live/live-sessions.ts';
import { createOrderStreams } from '../live/order-streams.ts';
import { readBook, type BookReader } from '../live/order-sync.ts';
import { DhanError } from '../dhan/dhan-errors.ts';
import type { DhanHttp } from '../dhan/dhan-http.ts';
import { getOrder } from '../dhan/dhan-orders.ts';
import { createDhanOrderSocket } from '../dhan/order-socket.ts';
import type { DhanCalls } from './dhan-calls.ts';
import type { DhanContracts } from './dhan-contracts.ts';
import { domainErrorOf } from './dhan-failures.ts';
import { dhanRowName, wireOrderOfDhan } from './dhan-wire.ts';

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

export function createDhanOrderStreams({ db, clock, sessions, url, calls, contracts, books, tuning, holder }: DhanOrderStreamsOptions) {
  /** The order as Dhan's book reads it for this account, applied; null when Dhan does not know it for this account. */
  async function confirm(account: TradingAccount, orderId: string): Promise<{ status: string; changed: boolean } | null> {
    const order = await calls.withSession(account, (session) => getOrder(session.http, orderId)).catch((error: unknown) => {
      if (error instanceof DhanError && error.status < 500 && error.status !== 401 && error.status !== 429) return null;
      throw domainErrorOf(error, 'read', kiteCalls.orderHistory(orderId)) ?? error;
    });
    if (order === null) return null;
    const name = await dhanRowName(order, (securityId) => contracts.nameOf(securityId).catch(() => null));
    const changes = await books.updates.apply(account, [wireOrderOfDhan(order, name)]);
    return { status: order.orderStatus, changed: changes.length > 0 };
  }

  const streams = createOrderStreams<DhanHttp>({
    db,
    clock,
    sessions,
    broker: 'dhan',
    holder,
    open: (account, session, { track, heard, warn }) =>
      createDhanOrderSocket({
        ...tuning,
        url,
        clientId: session.accountNumber,
        accessToken: session.accessToken,
        onOpen: () => track(readBook(books, account), "Dhan's order book could not be read after its order socket opened"),
        onAlert: (alert) => {
          heard();
          track(confirm(account, alert.orderId), "an order alert on Dhan's order socket could not be confirmed");
        },
        onError: (message) => warn({ accountId: account.id }, `Dhan's order socket: ${message}`),
        onReconnectScheduled: (attempt, delayMs) => warn({ accountId: account.id, attempt, delayMs }, "Dhan's order socket connection lost: reconnecting"),
      }),
  });
  return { ...streams, confirm };
}

export type DhanOrderStreams = ReturnType<typeof createDhanOrderStreams>;
