// The requests that act on positions (square-off, stop-loss, target), built in one place for every screen
// from the position rows themselves. A row says whose it is: a portfolio's share (Positions, the desk with a
// portfolio) or, with no portfolio, the account's position netted across portfolios (the Position book). The
// server reads a request without a portfolio the same way, so a row and its request can never disagree
// about which position is meant (the Position book once sent its netted rows as the account's own share,
// which held nothing, and every stop-loss was refused).
import type { components } from '@openapi/main';
import type { ExecuteOrderRequest, SquareoffTradesRequest, StopLossOrderRequest, TargetOrderRequest, TradingAccount } from '@/features/orders/api/trading-types';

type Position = components['schemas']['Position'];

/** The account and, for a portfolio's share, the portfolio a row's requests name. */
function ownerOf(account: TradingAccount, position: Position): { account_number: string; portfolio_id?: number } {
  return position.portfolio_id === null ? { account_number: account.account_number } : { account_number: account.account_number, portfolio_id: position.portfolio_id };
}

const refOf = (position: Position) => ({ tradingsymbol: position.tradingsymbol, exchange: position.exchange, product: position.product });

/** The side that reduces a position: a long is reduced by a SELL, a short by a BUY. */
export const closingSide = (position: Position): 'BUY' | 'SELL' => (position.quantity > 0 ? 'SELL' : 'BUY');

/**
 * Closing positions at market: one position through execute_order, several (all of one book, so of one
 * owner) through squareoff_trades.
 */
export function squareOffRequest(account: TradingAccount, positions: readonly [Position, ...Position[]]): { one: ExecuteOrderRequest } | { many: SquareoffTradesRequest } {
  const [first] = positions;
  const owner = ownerOf(account, first);
  return positions.length === 1 ? { one: { action: 'squareoff', ...owner, ...refOf(first) } } : { many: { ...owner, positions: positions.map(refOf) } };
}

/** A stop-loss on all of a position: SL at `trigger`, a limit of `price` once triggered. */
export function stopLossRequest(account: TradingAccount, position: Position, trigger: number, price: number): StopLossOrderRequest {
  return { ...ownerOf(account, position), ...refOf(position), transaction_type: closingSide(position), quantity: Math.abs(position.quantity), order_type: 'SL', trigger_price: trigger, price };
}

/** A target on all of a position: a limit order at `price` on the side that closes it. */
export function targetRequest(account: TradingAccount, position: Position, price: number): TargetOrderRequest {
  return { ...ownerOf(account, position), ...refOf(position), transaction_type: closingSide(position), quantity: Math.abs(position.quantity), price };
}
