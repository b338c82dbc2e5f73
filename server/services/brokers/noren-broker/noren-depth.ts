// The five best bids and offers of a Noren account's contracts (Shoonya, Flattrade), for the order ticket's ladder:
// Noren sends them on the account's one market feed (noren-prices.ts), whose contracts are already followed in
// depth mode (`{"t":"d"}`, answered `dk` then `df`), so no socket of its own. A contract's first read makes the feed
// follow it (as a price stream would) if nothing else does yet, up to 50 contracts an account (past them the one
// asked for longest ago is let go, as Dhan's depth does); every depth frame the feed hears is kept, so a contract
// the chain already follows has its book at once. The answer holds what Noren sent (a thin book's empty levels
// left out), when StrikeDesk heard it, and whether the feed has gone quiet ("prices delayed"). The broker-neutral
// part (the book, the contract's lookup, the follow cap) is ../live/depth-books.ts.
import type { Clock } from '../../clock.ts';
import type { MarketDepth, TradingAccount } from '../broker-trading.ts';
import { createDepthFollows, depthAnswer, depthContract, emptyBook, type DepthBook, type DepthFollows } from '../live/depth-books.ts';
import { sessionEnded } from '../live/live-calls.ts';
import type { LivePrices } from '../live/live-prices.ts';
import type { LiveContracts } from '../live/live-wire.ts';
import { norenDepthLevels, type NorenDepth } from '../noren/noren-feed.ts';

/** Contracts an account's depth keeps its feed following, as Dhan's depth socket's 50. */
const maxDepthContracts = 50;

type Watch = Awaited<ReturnType<LivePrices['watch']>>;
type AccountDepth = { books: Map<string, DepthBook>; follows: DepthFollows<string>; watches: Map<string, Promise<Watch>> };

export type NorenDepthOptions = {
  clock: Clock;
  /** The broker's name, in a session-ended refusal. */
  name: string;
  sessions: { sessionOf: (accountId: number) => Promise<unknown> };
  contracts: LiveContracts;
  /** The broker's live prices (built after this: their feeds hand their depth frames to `received`). */
  prices: () => LivePrices;
};

export function createNorenDepth({ clock, name, sessions, contracts, prices }: NorenDepthOptions) {
  const accounts = new Map<number, AccountDepth>();

  function accountOf(accountId: number): AccountDepth {
    let depth = accounts.get(accountId);
    if (depth === undefined) {
      depth = { books: new Map(), follows: createDepthFollows<string>(maxDepthContracts), watches: new Map() };
      accounts.set(accountId, depth);
    }
    return depth;
  }

  const letGo = (watch: Promise<Watch> | undefined) => void watch?.then((held) => held.stop()).catch(() => undefined);

  /** The session is over: its contracts are let go and its books dropped (a new login's feed sends them anew). */
  function forget(accountId: number): void {
    for (const watch of accounts.get(accountId)?.watches.values() ?? []) letGo(watch);
    accounts.delete(accountId);
  }

  /** A depth frame the account's feed heard (null: the feed no longer follows the contract). */
  function received(accountId: number, key: string, depth: NorenDepth | null): void {
    const books = accountOf(accountId).books;
    if (depth === null) books.delete(key);
    else books.set(key, { bids: depth.bids, asks: depth.asks, at: clock() });
  }

  async function marketDepth(account: TradingAccount, exchange: string, tradingsymbol: string): Promise<MarketDepth> {
    if ((await sessions.sessionOf(account.id)) === null) {
      forget(account.id);
      throw sessionEnded(name);
    }
    const contract = await depthContract(contracts, clock(), exchange, tradingsymbol);
    const key = `${contract.exchange}|${contract.instrumentToken}`;
    const depth = accountOf(account.id);
    const { added, left } = depth.follows.follow(key);
    if (left !== null) {
      letGo(depth.watches.get(left));
      depth.watches.delete(left);
    }
    if (added) {
      const watch = prices().watch(account.id, [`${exchange}:${tradingsymbol}`], () => undefined, () => undefined);
      depth.watches.set(key, watch);
      try {
        await watch;
      } catch (error) {
        depth.follows.drop(key);
        depth.watches.delete(key);
        throw error;
      }
    }
    const book = depth.books.get(key) ?? emptyBook();
    // "Delayed" once the feed has gone quiet (or is reconnecting) with levels shown; before any, the ladder waits.
    const delayed = prices().status(account.id)?.delayed ?? false;
    return depthAnswer(tradingsymbol, norenDepthLevels, book, book.at !== null && delayed);
  }

  return { marketDepth, received, levels: [norenDepthLevels] as const };
}

export type NorenDepthReads = ReturnType<typeof createNorenDepth>;
