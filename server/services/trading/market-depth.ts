// A contract's market depth for the live desk (GET /api/market-depth/{accountNumber}/): the broker's own deeper
// book where it streams one (BrokerTrading.marketDepth: Dhan's 20 or 200 levels, the Noren brokers' 5), read with
// the account's session, at the broker's first level count unless another it streams is asked for. A broker that
// streams none (the paper broker, Kite, Upstox: their quotes carry the best bid and ask, which the chain shows) is
// a clear 400, never an empty book that would read as "no one bids".
import type { components } from '../../../openapi/main';
import { DomainError } from '../domain-error.ts';
import { depthTexts } from '../texts/depth-texts.ts';
import { validationTexts } from '../texts/validation-texts.ts';
import type { TradingAccounts } from './trading-accounts.ts';

export function createMarketDepthReads({ accounts }: { accounts: Pick<TradingAccounts, 'findAccount'> }) {
  async function marketDepth(userId: number, accountNumber: string, exchange: string, tradingsymbol: string, levels?: number): Promise<components['schemas']['MarketDepthResponse']> {
    // The broker's own read says when the session is over (403): a paper account has none to be over.
    const found = await accounts.findAccount(userId, accountNumber);
    if (found.broker.marketDepth === undefined) throw DomainError.said('validation_failed', depthTexts.notOffered(accountNumber), { field: 'account_number' });
    const offered = found.broker.marketDepthLevels ?? [];
    if (levels !== undefined && !offered.includes(levels)) throw DomainError.said('validation_failed', validationTexts.oneOfValues('levels', offered), { field: 'levels' });
    const depth = await found.broker.marketDepth(found.account, exchange, tradingsymbol, levels ?? offered[0]);
    return {
      exchange,
      tradingsymbol: depth.tradingsymbol,
      levels: depth.levels,
      bids: depth.bids,
      asks: depth.asks,
      updated_at: depth.updatedAt === null ? null : depth.updatedAt.toISOString(),
      stale: depth.stale,
    };
  }
  return { marketDepth };
}

export type MarketDepthReads = ReturnType<typeof createMarketDepthReads>;
