// Trading in a replay's book (issue 39): orders placed and cancelled at the replayed minute through the book's
// own trading service (the paper broker's rules, margins, charges and idempotency, unchanged), each intent
// logged once in replay_actions at its replayed instant so the book can be rebuilt (replay-books.ts); the
// order book and the position book (P&L at the replayed minute, the book's funds as its margins) read back, and
// the order window's margin preview asked of the book as paper's is (its margins, its day's charge rates).
import type { components } from '../../../../openapi/main.d.ts';
import type { IdempotentAnswer } from '../../trading/trading-service.ts';
import { perform, type ReplayBooks } from './replay-books.ts';
import type { ReplayRow } from './replay-sessions.ts';

type Schemas = components['schemas'];

export function createReplayOrders(books: ReplayBooks) {
  /** One intent: done on the book, then logged (a refusal before anything was placed logs nothing). */
  const act = (row: ReplayRow, kind: 'place' | 'cancel', key: string, body: Record<string, unknown>): Promise<IdempotentAnswer> =>
    books.withBook(row, async (book) => {
      const answer = await perform(book, kind, key, body);
      if (!answer.replayed) await books.log(book, kind, key, body);
      return answer;
    });

  return {
    place: (row: ReplayRow, key: string, body: Schemas['ReplayOrdersRequest']) => act(row, 'place', key, body),
    cancel: (row: ReplayRow, key: string, body: Schemas['ReplayCancelRequest']) => act(row, 'cancel', key, body),
    orderBook: (row: ReplayRow) => books.withBook(row, (book) => book.services.trading.orderBook(book.userId, book.account.accountNumber, undefined)),
    positionBook: (row: ReplayRow) => books.withBook(row, (book) => book.services.trading.positionBook(book.userId, book.account.accountNumber, undefined)),
    /** What the orders would need in the book at the replayed minute (paper's margin and charges); logs nothing. */
    margins: (row: ReplayRow, body: Schemas['ReplayOrdersRequest']) =>
      books.withBook(row, (book) =>
        book.services.trading.orderMargins(book.userId, { account_number: book.account.accountNumber, portfolio_id: book.portfolioId, orders: body.orders }),
      ),
  };
}

export type ReplayOrders = ReturnType<typeof createReplayOrders>;
