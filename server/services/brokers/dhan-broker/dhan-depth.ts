// The 20 best bids and asks of the contracts a Dhan account's desk watches, from Dhan's 20-level depth socket
// (../dhan/depth-connection.ts): one connection an account (its token), opened by the first contract asked for,
// following up to Dhan's 50 contracts (past them the one asked for longest ago is left); each side as Dhan last
// sent it. 200 levels come one contract a connection (Dhan's rule): an account has one such connection, for the
// contract last asked at 200, closed when another is asked for. The answer says when it was sent and whether the socket is stale (the desk says "prices delayed"), and
// holds no level before Dhan has sent any. Only NSE's segments carry 20-level depth (Dhan's page): a BFO contract
// has none. The book, the contract's lookup and the follow cap are the broker-neutral ../live/depth-books.ts.
import type { Clock } from '../../clock.ts';
import type { MarketDepth, TradingAccount } from '../broker-trading.ts';
import { createDepthFollows, depthAnswer, depthContract, emptyBook, type DepthBook, type DepthFollows } from '../live/depth-books.ts';
import { sessionEnded } from '../live/live-calls.ts';
import type { FeedTuning } from '../live/feed-socket.ts';
import type { LiveSession } from '../live/live-sessions.ts';
import type { LiveContracts } from '../live/live-wire.ts';
import { createDhanDepthConnection, type DhanDepthConnection } from '../dhan/depth-connection.ts';
import { depthLevels, fullDepthLevels, maxDepthInstruments, type DepthPacket } from '../dhan/depth-packets.ts';
import type { DhanHttp } from '../dhan/dhan-http.ts';

type AccountDepth = { token: string; connection: DhanDepthConnection; books: Map<string, DepthBook>; follows: DepthFollows<string> };
type FullDepth = { token: string; securityId: string; connection: DhanDepthConnection; books: Map<string, DepthBook> };

export type DhanDepthOptions = {
  clock: Clock;
  sessions: { sessionOf: (accountId: number) => Promise<LiveSession<DhanHttp> | null> };
  contracts: LiveContracts;
  url: string;
  /** The 200-level socket. */
  fullUrl: string;
  /** Tests only: the socket's watchdog stepped by hand. */
  tuning?: FeedTuning | undefined;
};

const segment = 'NSE_FNO';

export function createDhanDepth({ clock, sessions, contracts, url, fullUrl, tuning }: DhanDepthOptions) {
  const accounts = new Map<number, AccountDepth>();
  const fullDepths = new Map<number, FullDepth>();

  /** A connection of the session's token whose packets fill `books` (the contracts it follows). */
  function connect(session: LiveSession<DhanHttp>, levels: 20 | 200, books: Map<string, DepthBook>): DhanDepthConnection {
    const received = (packets: DepthPacket[]) => {
      for (const packet of packets) {
        if (packet.kind === 'disconnect') continue;
        const book = books.get(packet.securityId);
        if (book === undefined) continue;
        book[packet.kind] = packet.rows;
        book.at = clock();
      }
    };
    const connection = createDhanDepthConnection({
      ...tuning,
      url: levels === fullDepthLevels ? fullUrl : url,
      levels,
      clientId: session.accountNumber,
      accessToken: session.accessToken,
      onPackets: received,
      onTokenError: () => forget(session.accountId),
    });
    connection.connect();
    return connection;
  }

  function open(session: LiveSession<DhanHttp>): AccountDepth {
    const books = new Map<string, DepthBook>();
    return { token: session.accessToken, connection: connect(session, depthLevels, books), books, follows: createDepthFollows<string>(maxDepthInstruments) };
  }

  function forget(accountId: number): void {
    accounts.get(accountId)?.connection.close();
    accounts.delete(accountId);
    fullDepths.get(accountId)?.connection.close();
    fullDepths.delete(accountId);
  }

  /** The account's one 200-level connection, for this contract (another contract's, or an old token's, is closed). */
  function fullDepthOf(session: LiveSession<DhanHttp>, securityId: string): FullDepth {
    const held = fullDepths.get(session.accountId);
    if (held !== undefined && held.token === session.accessToken && held.securityId === securityId) return held;
    held?.connection.close();
    const books = new Map<string, DepthBook>([[securityId, emptyBook()]]);
    const connection = connect(session, fullDepthLevels, books);
    connection.subscribe([{ segment, securityId }]);
    const full: FullDepth = { token: session.accessToken, securityId, connection, books };
    fullDepths.set(session.accountId, full);
    return full;
  }

  async function marketDepth(account: TradingAccount, exchange: string, tradingsymbol: string, levels: number = depthLevels): Promise<MarketDepth> {
    const session = await sessions.sessionOf(account.id);
    if (session === null) throw sessionEnded('Dhan');
    const contract = await depthContract(contracts, clock(), exchange, tradingsymbol);
    const securityId = String(contract.instrumentToken);
    if (levels === fullDepthLevels) {
      const full = fullDepthOf(session, securityId);
      const book = full.books.get(securityId)!;
      return depthAnswer(tradingsymbol, fullDepthLevels, book, full.connection.isStale());
    }
    let depth = accounts.get(account.id);
    // A new login's token opens a new connection: the old one's token is dead.
    if (depth !== undefined && depth.token !== session.accessToken) {
      forget(account.id);
      depth = undefined;
    }
    depth ??= open(session);
    accounts.set(account.id, depth);
    const { added, left } = depth.follows.follow(securityId);
    if (left !== null) {
      depth.books.delete(left);
      depth.connection.unsubscribe([{ segment, securityId: left }]);
    }
    if (added) {
      depth.books.set(securityId, emptyBook());
      depth.connection.subscribe([{ segment, securityId }]);
    }
    return depthAnswer(tradingsymbol, depthLevels, depth.books.get(securityId)!, depth.connection.isStale());
  }

  return {
    marketDepth,
    // The 20-level socket's by default, Dhan's full 200 for one contract at a time.
    levels: [depthLevels, fullDepthLevels] as const,
    close: () => {
      for (const accountId of new Set([...accounts.keys(), ...fullDepths.keys()])) forget(accountId);
    },
  };
}

export type DhanDepth = ReturnType<typeof createDhanDepth>;
