// An isolated paper book: a database of its own (in-memory PGlite from a dump of a migrated one,
// book-template.ts) under the server's own services (built by the services root: ../book-services.ts) with the prices given, holding one user, one
// paper account with the capital given and one portfolio. Backtests (backtest-book.ts) and replays
// (replay/replay-book.ts) trade on one; no row of a trader's real paper or live books is ever in it.
import type { Database } from '../../../db/database.ts';
import type { Clock, Wait } from '../../clock.ts';
import type { PriceSource } from '../../brokers/paper/price-source.ts';
import type { BookServices, BookServicesFactory } from '../book-services.ts';
import { bookStarts } from './book-starts.ts';
import { bookTemplateKept, bookTemplateTar, prepareBookTemplate } from './book-template.ts';
import { createBookThreads } from './book-threads.ts';

/** `slug` names the book's user, account and seed ('backtest'); `title` its rows ('Backtest'). */
export type PaperBookKind = { slug: string; title: string; accountNumber: string };

export type PaperBook = { db: Database; services: BookServices; userId: number; accountId: number; portfolioId: number };

/** A paper account of the book's user, logged in for good, with the capital given and one portfolio. */
export async function addPaperAccount(db: Database, userId: number, kind: PaperBookKind, capitalPaise: number, now: Date): Promise<{ accountId: number; portfolioId: number }> {
  const capital = (capitalPaise / 100).toFixed(2);
  const { rows: accounts } = await db.query<{ id: number }>(
    `INSERT INTO broker_accounts (user_id, broker_id, name, account_number, api_key, api_secret_encrypted, capital, session_expires_at, created_at, updated_at)
     VALUES ($1, 1, $2, $3, $4, '!', $5, '9999-12-31', $6, $6) RETURNING id`,
    [userId, `${kind.title} book`, kind.accountNumber, kind.slug, capital, now],
  );
  const { rows: portfolios } = await db.query<{ id: number }>(
    `INSERT INTO portfolios (broker_account_id, name, capital, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) RETURNING id`,
    [accounts[0]!.id, kind.title, capital, now],
  );
  return { accountId: accounts[0]!.id, portfolioId: portfolios[0]!.id };
}

/** Books a book thread holds (schemas in its template, book-template.ts). */
export const schemasPerThread = 6;

const bookThreads = createBookThreads({
  entry: new URL('./book-database-worker.ts', import.meta.url),
  // Each thread given the template's tar unzipped (49 MB, read from its file and moved to the thread).
  template: () => bookTemplateTar(schemasPerThread),
  schemas: schemasPerThread,
  // A thread without books ends as an idle replay's book is closed (replay-books.ts replayBookIdleMs).
  idleMs: 5 * 60_000,
});

/**
 * The books' templates (a replay thread's, then a backtest's) made and kept on disk when none is there for the
 * current migrations, each in its thread (book-template.ts). The server's start has this done, not awaited: made on
 * the first replay's demand instead, on a fresh temporary folder or after a new migration, that replay waited
 * 10-60 s for it (past the app's time-outs on a loaded machine: the browser suite's first replay).
 */
export async function prepareBookTemplates(): Promise<void> {
  await prepareBookTemplate(schemasPerThread, { tar: true });
  // A backtest's thread starts from this one's tar too (thread-runner.ts): unzipped here, not by the first backtest.
  await prepareBookTemplate(1, { tar: true });
}

/**
 * A book thread started as the server starts, beside its own database's start, when the template is kept from an
 * earlier start (making it is prepareBookTemplates' work, after the start): the first replay read after a restart
 * then opens its book in it in milliseconds (issue 61: it waited ~2.5 s for this start after health answered).
 * Left without a book, the thread ends after its idle time like any other.
 */
export async function startBookThreadAhead(): Promise<void> {
  if (!(await bookTemplateKept(schemasPerThread))) return;
  await bookStarts.run('ahead', () => bookThreads.startAhead());
}

/** Book threads started on this instance (tests: books share warm threads). */
export const bookThreadCount = () => bookThreads.count();

/**
 * An empty book's database: a schema of an in-memory PGlite started from the migrated template, in a book thread
 * (book-threads.ts, book-schemas.ts): every statement of the book runs there, never on the request thread (issue
 * 61). A book opens in a warm thread when one has a free schema (milliseconds), else a thread is started (the
 * WebAssembly Postgres and its data directory unpacked from the dump, seconds of CPU), so a caller that knows a
 * book will be wanted opens one ahead and hands it over. Closing it frees its schema for the next book. `key`
 * names the open in the line of starts (book-starts.ts).
 */
export async function openBookDatabase(key = 'book'): Promise<Database> {
  // Opened one a core at most (book-starts.ts); `key` names the open for its place in the line.
  return bookStarts.run(key, () => bookThreads.open());
}

/** Opens a book and runs `fill` on it (its own rows: a bot, the day's contracts); closes it if either fails. */
export async function openPaperBook<T>(
  kind: PaperBookKind,
  options: { clock: Clock; prices: PriceSource; capitalPaise: number; wait?: Wait; database?: Promise<Database>; services: BookServicesFactory },
  fill: (book: PaperBook) => Promise<T>,
): Promise<T> {
  // A database opened ahead (openBookDatabase) saves the wait for PGlite's start; else (or if it failed to
  // start) one is opened now.
  const db = await (options.database?.catch(() => openBookDatabase()) ?? openBookDatabase());
  try {
    const services = options.services({ db, clock: options.clock, prices: options.prices, wait: options.wait, slug: kind.slug });
    const now = options.clock();
    const { rows: users } = await db.query<{ id: number }>(
      `INSERT INTO users (email, name, mobile, password_hash, trade_defaults, created_at, updated_at)
       VALUES ($1, $2, '+919000000000', '!', '{}'::jsonb, $3, $3) RETURNING id`,
      [`${kind.slug}@strikedesk.invalid`, kind.title, now],
    );
    const { accountId, portfolioId } = await addPaperAccount(db, users[0]!.id, kind, options.capitalPaise, now);
    return await fill({ db, services, userId: users[0]!.id, accountId, portfolioId });
  } catch (error) {
    await db.close();
    throw error;
  }
}
