// The 20 best bids and asks of the contracts a Dhan account's desk watches, from Dhan's 20-level depth socket
// (../dhan/depth-connection.ts): one connection an account (its token), opened by the first contract asked for,
// following up to Dhan's 50 contracts (past them the one asked for longest ago is left); each side as Dhan last
// sent it. The answer says when it was sent and whether the socket is stale (the desk says "prices delayed"), and
// holds no level before Dhan has sent any. Only NSE's segments carry 20-level depth (Dhan's page): a BFO contract
// has none.
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { refusalTexts } from '../../texts/refusal-texts.ts';
import type { MarketDepth, TradingAccount } from '../broker-trading.ts';
import { sessionEnded } from '../live/live-calls.ts';
import type { FeedTuning } from '../live/feed-socket.ts';
import type { LiveSession } from '../live/live-sessions.ts';
import type { LiveContracts } from '../live/live-wire.ts';
import { createDhanDepthConnection, type DhanDepthConnection } from '../dhan/depth-connection.ts';
import { depthLevels, maxDepthInstruments, type DepthPacket, type DepthRow } from '../dhan/depth-packets.ts';
import type { DhanHttp } from '../dhan/dhan-http.ts';

type Book = { bids: DepthRow[]; asks: DepthRow[]; at: Date | null };
type AccountDepth = { token: string; connection: DhanDepthConnection; books: Map<string, Book>; watched: string[] };

export type DhanDepthOptions = {
  clock: Clock;
  sessions: { sessionOf: (accountId: number) => Promise<LiveSession<DhanHttp> | null> };
  contracts: LiveContracts;
  url: string;
  /** Tests only: the socket's watchdog stepped by hand. */
  tuning?: FeedTuning | undefined;
};

const segment = 'NSE_FNO';

export function createDhanDepth({ clock, sessions, contracts, url, tuning }: DhanDepthOptions) {
  const accounts = new Map<number, AccountDepth>();

  function open(session: LiveSession<DhanHttp>): AccountDepth {
    const books = new Map<string, Book>();
    const received = (packets: DepthPacket[]) => {
      for (const packet of packets) {
        if (packet.kind === 'disconnect') continue;
        const book = books.get(packet.securityId);
        if (book === undefined) continue;
        book[packet.kind] = packet.rows;
        book.at = clock();
      }
    };
    const connection = createDhanDepthConnection({ ...tuning, url, clientId: session.accountNumber, accessToken: session.accessToken, onPackets: received, onTokenError: () => forget(session.accountId) });
    connection.connect();
    return { token: session.accessToken, connection, books, watched: [] };
  }

  function forget(accountId: number): void {
    accounts.get(accountId)?.connection.close();
    accounts.delete(accountId);
  }

  async function marketDepth(account: TradingAccount, exchange: string, tradingsymbol: string): Promise<MarketDepth> {
    const session = await sessions.sessionOf(account.id);
    if (session === null) throw sessionEnded('Dhan');
    const contract = exchange === 'NFO' ? await contracts.contractOf(exchange, tradingsymbol, clock()) : null;
    if (contract === null) throw DomainError.said('unknown_instrument', refusalTexts.notListed(exchange, tradingsymbol), { field: 'tradingsymbol' });
    let depth = accounts.get(account.id);
    // A new login's token opens a new connection: the old one's token is dead.
    if (depth !== undefined && depth.token !== session.accessToken) {
      forget(account.id);
      depth = undefined;
    }
    depth ??= open(session);
    accounts.set(account.id, depth);
    const securityId = String(contract.instrumentToken);
    if (!depth.books.has(securityId)) {
      if (depth.watched.length >= maxDepthInstruments) {
        const oldest = depth.watched.shift()!;
        depth.books.delete(oldest);
        depth.connection.unsubscribe([{ segment, securityId: oldest }]);
      }
      depth.books.set(securityId, { bids: [], asks: [], at: null });
      depth.watched.push(securityId);
      depth.connection.subscribe([{ segment, securityId }]);
    }
    const book = depth.books.get(securityId)!;
    return { tradingsymbol, levels: depthLevels, bids: book.bids, asks: book.asks, updatedAt: book.at, stale: depth.connection.isStale() };
  }

  return {
    marketDepth,
    close: () => {
      for (const accountId of [...accounts.keys()]) forget(accountId);
    },
  };
}

export type DhanDepth = ReturnType<typeof createDhanDepth>;
