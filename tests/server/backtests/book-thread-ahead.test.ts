// A book thread started ahead (book-threads.ts startAhead: `npm start` starts one beside its database, issue 61): the
// next book opens in it rather than starting another, a second call starts nothing, and a thread no book took
// ends after its idle time like any other.
import { describe, expect, it, vi } from 'vitest';
import { bookTemplateTar } from '../../../server/services/analysis/backtests/book-template.ts';
import { createBookThreads } from '../../../server/services/analysis/backtests/book-threads.ts';
import { schemasPerThread } from '../../../server/services/analysis/backtests/paper-book.ts';

const threadsEnding = (idleMs: number) =>
  createBookThreads({
    entry: new URL('../../../server/services/analysis/backtests/book-database-worker.ts', import.meta.url),
    template: () => bookTemplateTar(schemasPerThread),
    schemas: schemasPerThread,
    idleMs,
  });

describe('a book thread started ahead', () => {
  it('takes the next book, once however often it is asked', async () => {
    const threads = threadsEnding(60_000);
    await threads.startAhead();
    await threads.startAhead();
    expect(threads.count()).toBe(1);
    const book = await threads.open();
    expect(threads.count()).toBe(1);
    expect((await book.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE email = $1', ['nobody@book.invalid'])).rows).toEqual([{ n: 0 }]);
    await book.close();
  }, 120_000);

  it('ends when no book took it', async () => {
    const threads = threadsEnding(50);
    await threads.startAhead();
    expect(threads.count()).toBe(1);
    await vi.waitFor(() => expect(threads.count()).toBe(0), { timeout: 10_000, interval: 50 });
  }, 120_000);
});
