// The broker-neutral part of a market depth read (BrokerTrading.marketDepth), whichever broker streams the levels
// (Dhan's 20 on its own socket, ../dhan-broker/dhan-depth.ts; Noren's 5 on its market feed,
// ../noren-broker/noren-depth.ts): a contract's book as the broker last sent it (none before it has), the contract
// looked up by its trading symbol (NFO only: the desk's depth is its options'), the contracts an account's depth
// follows up to the broker's cap (past it the one asked for longest ago is left), and the answer.
import { DomainError } from '../../domain-error.ts';
import { refusalTexts } from '../../texts/refusal-texts.ts';
import type { MarketDepth } from '../broker-trading.ts';
import type { LiveContract, LiveContracts } from './live-wire.ts';

export type DepthRow = { price: number; quantity: number; orders: number };

/** One contract's levels, best first, each side as the broker last sent it; `at`: when it did (null: not yet). */
export type DepthBook = { bids: DepthRow[]; asks: DepthRow[]; at: Date | null };

export const emptyBook = (): DepthBook => ({ bids: [], asks: [], at: null });

/** The NFO contract a depth read names; one the broker does not list is refused (unknown_instrument). */
export async function depthContract(contracts: LiveContracts, now: Date, exchange: string, tradingsymbol: string): Promise<LiveContract> {
  const contract = exchange === 'NFO' ? await contracts.contractOf(exchange, tradingsymbol, now) : null;
  if (contract === null) throw DomainError.said('unknown_instrument', refusalTexts.notListed(exchange, tradingsymbol), { field: 'tradingsymbol' });
  return contract;
}

export function depthAnswer(tradingsymbol: string, levels: number, book: DepthBook, stale: boolean): MarketDepth {
  return { tradingsymbol, levels, bids: book.bids, asks: book.asks, updatedAt: book.at, stale };
}

/**
 * The contracts an account's depth follows, oldest asked first, at most `max`. `follow` answers whether the
 * contract is new (the caller subscribes to it) and the one it pushed out (the caller lets it go), if any.
 */
export function createDepthFollows<Id>(max: number) {
  const followed: Id[] = [];
  return {
    follow(id: Id): { added: boolean; left: Id | null } {
      if (followed.includes(id)) return { added: false, left: null };
      const left = followed.length >= max ? followed.shift()! : null;
      followed.push(id);
      return { added: true, left };
    },
    /** Forgets a contract whose following failed, so the next read tries again. */
    drop(id: Id): void {
      const at = followed.indexOf(id);
      if (at >= 0) followed.splice(at, 1);
    },
    ids: (): readonly Id[] => followed,
  };
}

export type DepthFollows<Id> = ReturnType<typeof createDepthFollows<Id>>;
