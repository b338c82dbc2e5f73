// Selling the shares a paper account's deliveries left it holding, or buying back the shares it owes (issue 63), as an
// equity delivery order through the account's broker: only the paper broker holds such shares; a live account's are
// at its broker, where StrikeDesk places no equity order, and the refusal says so.
import type { components } from '../../../openapi/main.d.ts';
import { toPaise } from '../brokers/paper/paise.ts';
import { DomainError } from '../domain-error.ts';
import { holdingTexts } from '../texts/holding-texts.ts';
import { validationTexts } from '../texts/validation-texts.ts';
import { toHoldingTrade } from './trading-books.ts';
import type { TradingAccounts } from './trading-accounts.ts';

type Schemas = components['schemas'];

export function createTradingHoldings({ accounts }: { accounts: TradingAccounts }) {
  async function placeHoldingOrder(
    userId: number,
    accountNumber: string,
    idempotencyKey: string,
    body: Schemas['HoldingOrderRequest'],
  ): Promise<{ body: Schemas['HoldingOrderResponse']; replayed: boolean }> {
    // A MARKET order's price is ignored, as Kite ignores it.
    const limitPaise = body.order_type === 'LIMIT' ? (body.price === undefined ? null : toPaise(body.price)) : null;
    if (body.order_type === 'LIMIT' && limitPaise === null) throw DomainError.said('validation_failed', validationTexts.required('price'), { field: 'price' });
    const found = await accounts.tradingAccount(userId, accountNumber);
    if (found.broker.tradeHolding === undefined) throw DomainError.said('order_refused', holdingTexts.atBroker(found.brokerSlug));
    const order = { symbol: body.symbol, side: body.side, shares: body.quantity, orderType: body.order_type, limitPaise };
    const { trade, replayed } = await found.broker.tradeHolding(found.account, order, idempotencyKey);
    return { body: { trade: toHoldingTrade(trade) }, replayed };
  }
  return { placeHoldingOrder };
}
