// Which shares a stop-loss or target goes on, for every broker. A position is held in shares (each
// portfolio's, and the account's own for orders placed without one), and a protective order must close the
// share it is placed under, or its fill would leave that portfolio's position open and add an opposite one
// elsewhere. Asked for one portfolio, the order goes on that portfolio's share; asked for the account (the
// Position book's rows net every share), it is split over the shares on the position's side, in turn, so the
// same stop-loss and target from the account book land on the same shares and pair up there.
import { DomainError } from '../domain-error.ts';
import { changeRefusalTexts } from '../texts/change-refusal-texts.ts';
import type { OrderIntent } from './broker-trading.ts';

/** One share's part of a protective order: whose it is and how many units it closes. */
export type ProtectShare = { portfolioId: number | null; quantity: number };

/**
 * The parts of a stop-loss or target over `shares` (one position's open shares, signed, possibly several of
 * one portfolio, as a live broker's are split by bot). Refused (order_not_reducing, naming the side that
 * reduces the net position) unless the intent's side closes it and asks for no more than it holds.
 */
export function protectiveShares(shares: ReadonlyArray<{ portfolioId: number | null; quantity: number }>, kind: 'stoploss' | 'target', intent: OrderIntent): ProtectShare[] {
  const byPortfolio = new Map<number | null, number>();
  for (const share of shares) byPortfolio.set(share.portfolioId, (byPortfolio.get(share.portfolioId) ?? 0) + share.quantity);
  const open = [...byPortfolio.values()].reduce((sum, quantity) => sum + quantity, 0);
  const closes = open !== 0 && Math.sign(open) === (intent.side === 'BUY' ? -1 : 1);
  if (!closes || intent.quantity > Math.abs(open)) {
    throw DomainError.said('order_not_reducing', changeRefusalTexts.notReducing(kind, open, intent), { field: 'quantity' });
  }
  // The account's own share first, then the portfolios in the order they were made: the same order every time.
  const ordered = [...byPortfolio].sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : a - b));
  const parts: ProtectShare[] = [];
  let left = intent.quantity;
  for (const [portfolioId, quantity] of ordered) {
    if (left === 0) break;
    if (Math.sign(quantity) !== Math.sign(open)) continue;
    const taken = Math.min(Math.abs(quantity), left);
    parts.push({ portfolioId, quantity: taken });
    left -= taken;
  }
  return parts;
}
