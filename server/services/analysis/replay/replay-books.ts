// The replays' books on this instance (issue 39): each replay's book (replay-book.ts) is opened on first use and
// kept in memory while used (a few at most, the least recently used closed first), and is always brought to the
// replay's stored state before it answers: the actions logged in replay_actions (by this or another instance)
// applied in order, each at its replayed instant, and the fill engine's pass run at every replayed minute passed
// while the trader's orders are in the book, so stop-losses, targets and the MIS square-off (15:25, or a special
// session's own) act minute by minute, and the looks of the replay's bot (replay-bot.ts) at its instants, then the
// expiry settlement after the close. A minute whose pass can change nothing (no working order would fill or
// trigger at its prices, no MIS position before the square-off) is passed without it (passDue), so a seek costs its few queries and the passes that act,
// not a pass a minute (issue 39's ≤ 300 ms seek); the book it gives is the one stepping minute by minute gives.
// Prices are history's at those instants, so the same actions give the same book: after a restart, or on another
// instance, the book is rebuilt from the log. A reset (book_epoch) throws the book away.
//
// A book is a schema of a book thread's PGlite (backtests/book-threads.ts, book-schemas.ts): opening one in a warm
// thread takes a free schema (about 0.1 s), but the first book after a restart, or beyond the threads' schemas,
// starts a thread (PGlite from the template: seconds of CPU), which made a new replay's first read, and the first
// after a restart, take seconds. So the instance opens one
// book database ahead when a trader lists the replayable days (`warm`: the picker, while the trader chooses); a new
// replay's first read fills its book in it (the trader's own rows, the day's contracts) instead of starting one,
// and a replay the trader's app reads after a reload or a restart starts opening its book then (`open`), before the
// desk's first read asks for it. A spare left unused costs one idle in-memory database on the instance.
import type { IndexName } from '../../market/index-config.ts';
import type { Database } from '../../../db/database.ts';
import { bookStarts } from '../backtests/book-starts.ts';
import { openBookDatabase, schemasPerThread } from '../backtests/paper-book.ts';
import type { Clock } from '../../clock.ts';
import type { BookServicesFactory } from '../book-services.ts';
import { openReplayBook, type ReplayBook } from './replay-book.ts';
import { addReplayBot, endBot, lookBot, stopReplayBot, type ReplayBotBody } from './replay-bot.ts';
import { keyOf } from '../../brokers/paper/contracts.ts';
import { decide } from '../../brokers/paper/matching.ts';
import { orderColumns, type OrderRow } from '../../brokers/paper/order-rows.ts';
import { clockMinutes, istMinutes } from '../../market/ist.ts';
import { priceRulesOn, type ProtectionBand } from '../../market/price-rules.ts';
import { inPause } from '../../market/trading-calendar.ts';
import { instantOf, sessionOf } from './replay-clock.ts';
import type { BookOwnership } from './replay-owners.ts';
import { replayInstant, type ReplayRow } from './replay-sessions.ts';

const minuteMs = 60_000;
/**
 * Books kept open on an instance: two book threads' schemas (backtests/paper-book.ts schemasPerThread), one left
 * for the spare. A book in a thread already started costs its rows and plans (a few MB); a third thread would
 * cost a PGlite more.
 */
const maxOpenBooks = 2 * schemasPerThread - 1;
/**
 * A book nobody read for this long is closed, its worker thread ended and its memory given back (issue 61: an idle
 * replay costs nothing); its next read rebuilds it from the log, as after a restart, with no visible difference.
 */
export const replayBookIdleMs = 5 * minuteMs;

export type ReplayAction = { id: number; at: Date; kind: 'place' | 'cancel' | 'bot' | 'bot_stop'; key: string; body: Record<string, unknown> };

/**
 * The first instant from `now` at which the fill engine's pass can change the book. While orders work (open,
 * trigger pending), the first minute one of them would fill, trigger or be cancelled: each is decided at each
 * minute's quotes exactly as the pass decides it (matching.ts `decide`, on history's prices at that minute, all
 * in memory), so a limit that fills at 14:10 costs one pass there, not one a minute from the order. An order
 * without a quote, or an after-market order waiting for the open, is looked at every minute, as before. Then,
 * bounded by those: the MIS square-off at 15:25 while an MIS position is open, else the close. Before that
 * instant a pass finds nothing to fill, trigger, square off or settle, and nothing changes the book but the
 * trader's actions and the bot's looks, which make the next minute's pass run again (passDueAt null).
 */
async function passDue(book: ReplayBook, now: Date): Promise<Date> {
  const { rows } = await book.db.query<{ mis: boolean }>(`SELECT EXISTS (SELECT 1 FROM paper_positions WHERE product = 'MIS' AND quantity <> 0) AS mis`);
  const due = rows[0]?.mis === true ? instantOf(book.day.day, clockMinutes(book.day.hours.misSquareOff)) : sessionOf(book.day.day, book.day.hours).close;
  const { rows: working } = await book.db.query<OrderRow>(`SELECT ${orderColumns} FROM paper_orders o WHERE o.status IN ('OPEN', 'TRIGGER PENDING') ORDER BY o.id`);
  if (working.some((order) => order.amo_release_at !== null)) return now;
  const keys = [...new Set(working.map(keyOf))];
  // The exchange's band of the replayed day, as the pass reads it (a stop-loss triggered beyond it is cancelled).
  const bands = new Map<string, ProtectionBand>();
  for (const exchange of new Set(working.map((order) => order.exchange))) bands.set(exchange, (await priceRulesOn(book.db, exchange === 'BFO' ? 'BFO' : 'NFO', book.day.day)).band);
  for (let at = now.getTime(); working.length > 0 && at < due.getTime(); at += minuteMs) {
    // Nothing fills while the market is shut between two sessions (a drill's 10:00–11:30).
    if (inPause(book.day.hours, istMinutes(new Date(at)))) continue;
    const quotes = await book.prices.quotesAt(keys, new Date(at), book.db);
    if (working.some((order) => quotes.get(keyOf(order)) === undefined || decide(order, quotes.get(keyOf(order))!, bands.get(order.exchange)!).action !== 'none')) return new Date(at);
  }
  return due > now ? due : now;
}

/** Brings the book's clock to `target`, its fill engine and its bot looking at each minute passed (see the header). */
export async function advance(book: ReplayBook, target: Date): Promise<void> {
  if (book.lastAction === 0) {
    // An empty book has nothing for the fill engine to look at: its clock moves alone, back or forward.
    book.now = target;
    book.lookedAt = target;
    return;
  }
  if (target <= book.now) return;
  const { paperTrading } = book.services;
  for (let at = Math.floor(book.lookedAt.getTime() / minuteMs) * minuteMs + minuteMs; at <= target.getTime(); at += minuteMs) {
    book.now = new Date(at);
    if (book.traded && (book.passDueAt === null || at >= book.passDueAt.getTime())) {
      await paperTrading.onTick(book.now);
      book.passDueAt = await passDue(book, new Date(at + minuteMs));
    }
    const looks = book.bot?.day.next;
    await lookBot(book, new Date(at));
    // The bot looked (it may have entered, exited or left an order working): the next minute's pass runs.
    if (book.bot?.day.next !== looks) book.passDueAt = null;
    book.now = new Date(at);
    book.lookedAt = book.now;
  }
  const close = sessionOf(book.day.day, book.day.hours).close;
  if (target >= close && !book.settled) {
    // After the close, as backtests do: contracts expiring today settle at the exchange's settlement price.
    await endBot(book);
    book.now = new Date(close.getTime() + 30_000);
    if (book.traded) await paperTrading.onTick(book.now, { fills: false });
    book.settled = true;
  }
  book.now = target;
}

/** Applies one logged action to the book at its replayed instant. */
async function apply(book: ReplayBook, action: ReplayAction): Promise<void> {
  await advance(book, action.at);
  if (action.kind === 'bot') await addReplayBot(book, action.body as ReplayBotBody);
  else if (action.kind === 'bot_stop') await stopReplayBot(book);
  else await perform(book, action.kind, action.key, action.body);
  book.lastAction = action.id;
}

/** An action on the book through the server's trading service, as the trader's own call would run it. */
export function perform(book: ReplayBook, kind: 'place' | 'cancel', key: string, body: Record<string, unknown>) {
  const { trading } = book.services;
  book.traded = true;
  book.passDueAt = null;
  const account_number = book.account.accountNumber;
  if (kind === 'place') return trading.placeTrades(book.userId, key, { account_number, portfolio_id: book.portfolioId, orders: body.orders as never });
  return trading.cancelOrders(book.userId, key, { account_number, order_ids: body.order_ids as never });
}

/** The name of a replay's book start in the line of starts (backtests/book-starts.ts). */
const bookKey = (replayId: number) => `replay ${replayId}`;

export function createReplayBooks({ db, clock, services, idleMs = replayBookIdleMs, owners }: { db: Database; clock: Clock; services: BookServicesFactory; idleMs?: number; owners?: BookOwnership | undefined }) {
  const books = new Map<number, ReplayBook>();
  /** Calls running or waiting on each book: a book in use is never evicted. */
  const using = new Map<number, number>();
  /** Books being opened, so two reads of a new replay open one book. */
  const opening = new Map<number, Promise<ReplayBook>>();
  /** The book database opened ahead (see the header), or null. */
  let spare: Promise<Database> | null = null;
  let spareAt = 0;
  let closed = false;

  /** Opens a spare book database in the background unless one is there (or opening). */
  function warm(): void {
    if (spare !== null || closed) return;
    spare = openBookDatabase();
    spareAt = clock().getTime();
    // A failed start leaves no spare: the next book opens its own (and says why, if it fails again).
    spare.catch(() => (spare = null));
  }

  /**
   * The spare database, handed over, or undefined when there is none. The next is opened only when a trader
   * lists the days again (`warm`), not now: PGlite runs on this thread, and opening one beside the book being
   * filled and read would slow that first read (the bench saw it).
   */
  function takeSpare(): Promise<Database> | undefined {
    const taken = spare ?? undefined;
    spare = null;
    return taken;
  }

  async function actionsAfter(replayId: number, after: number): Promise<ReplayAction[]> {
    const { rows } = await db.query<{ id: string; at: Date; kind: ReplayAction['kind']; idempotency_key: string; body: Record<string, unknown> }>(
      'SELECT id, at, kind, idempotency_key, body FROM replay_actions WHERE replay_id = $1 AND id > $2 ORDER BY id',
      [replayId, after],
    );
    return rows.map((row) => ({ id: Number(row.id), at: new Date(row.at), kind: row.kind, key: row.idempotency_key, body: row.body }));
  }

  /** Forgets the book at once (a later call opens a fresh one) and closes it once its running call is done. */
  async function close(book: ReplayBook): Promise<void> {
    if (books.get(book.replayId) === book) books.delete(book.replayId);
    await book.queue.catch(() => undefined);
    await book.db.close().catch(() => undefined);
  }

  /** The replay's book, opened or rebuilt as needed, at the replay's instant now (see the header). */
  async function current(row: ReplayRow): Promise<ReplayBook> {
    let book = books.get(row.id);
    if (book !== undefined && book.epoch !== row.bookEpoch) {
      await close(book);
      book = undefined;
    }
    if (book !== undefined) return book;
    // Opened only where the replay is held (issue 61): a book open on two instances would answer two stories.
    await owners?.mustHold(row.id);
    return openBook(row);
  }

  /** Opens the replay's book (from the spare database when there is one), once however many ask at a time. */
  function openBook(row: ReplayRow): Promise<ReplayBook> {
    const key = row.id;
    const known = opening.get(key);
    if (known !== undefined) return known.then((book) => (book.epoch === row.bookEpoch ? book : current(row)));
    const database = takeSpare() ?? openBookDatabase(bookKey(row.id));
    const opened = openReplayBook(db, { id: row.id, epoch: row.bookEpoch, index: row.index as IndexName, day: row.day, hours: row.hours, origin: row.origin }, services, database).then((book) => {
      book.usedAt = clock().getTime();
      books.set(row.id, book);
      for (const extra of [...books.values()].sort((a, b) => a.usedAt - b.usedAt).slice(0, Math.max(0, books.size - maxOpenBooks))) void close(extra);
      return book;
    });
    opening.set(key, opened);
    const done = () => {
      if (opening.get(key) === opened) opening.delete(key);
    };
    opened.then(done, done);
    return opened;
  }

  /**
   * Runs `use` on the replay's book brought to the replay's instant now, one call at a time per book. A logged
   * action earlier than what the book already passed (another instance's clock ran behind) rebuilds it.
   */
  async function withBook<T>(row: ReplayRow, use: (book: ReplayBook) => Promise<T>): Promise<T> {
    void evictIdle();
    using.set(row.id, (using.get(row.id) ?? 0) + 1);
    try {
      return await withOpenBook(row, use);
    } finally {
      const left = (using.get(row.id) ?? 1) - 1;
      if (left > 0) using.set(row.id, left);
      else using.delete(row.id);
    }
  }

  /**
   * Closes the books nobody used for `idleMs` (and a spare database left unused that long): their schemas are
   * emptied for the next book, and a thread left without books ends (book-threads.ts); a later read rebuilds a
   * book from the replay's log. Answers how many it closed.
   */
  async function evictIdle(): Promise<number> {
    const before = clock().getTime() - idleMs;
    const idle = [...books.values()].filter((book) => book.usedAt <= before && !using.has(book.replayId));
    const unusedSpare = spare !== null && spareAt <= before ? spare : null;
    if (unusedSpare !== null) spare = null;
    await Promise.all([...idle.map(close), unusedSpare?.then((left) => left.close()).catch(() => undefined)]);
    return idle.length;
  }

  async function withOpenBook<T>(row: ReplayRow, use: (book: ReplayBook) => Promise<T>): Promise<T> {
    const book = await current(row);
    const run = book.queue.then(async () => {
      book.usedAt = clock().getTime();
      const pending = await actionsAfter(row.id, book.lastAction);
      if (pending.some((action) => action.at < book.lookedAt && book.lastAction > 0)) {
        // Closed after this call (close waits for the queue this call is part of), rebuilt by the next.
        void close(book);
        return withOpenBook({ ...row }, use);
      }
      for (const action of pending) await apply(book, action);
      await advance(book, replayInstant(row, clock()));
      return use(book);
    });
    book.queue = run.catch(() => undefined);
    return run;
  }

  /** Logs an action done on the book (once per key: a retry finds it logged); whether it was logged now. */
  async function log(book: ReplayBook, kind: ReplayAction['kind'], key: string, body: Record<string, unknown>): Promise<boolean> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO replay_actions (replay_id, at, kind, idempotency_key, body, created_at) VALUES ($1, $2, $3, $4, $5::jsonb, $6)
       ON CONFLICT (replay_id, idempotency_key) DO NOTHING RETURNING id`,
      [book.replayId, book.now, kind, key, JSON.stringify(body), clock()],
    );
    if (rows[0] !== undefined) book.lastAction = Number(rows[0].id);
    return rows[0] !== undefined;
  }

  return {
    withBook,
    log,
    warm,
    evictIdle,
    /** The replay's book's place in the line of book starts on this instance (1: next), or null when not waiting. */
    place: (replayId: number) => bookStarts.place(bookKey(replayId)),
    /** Whether the replay's book is open on this instance now (tests: an evicted book is gone). */
    isOpen: (replayId: number) => books.has(replayId),
    /** Opens the replay's book now, in the background (its first read then finds it open or opening). */
    open(row: ReplayRow): void {
      void current(row).catch(() => undefined);
    },
    /** Forgets the book (its state is no longer the log's): the next call rebuilds it. */
    forget: (book: ReplayBook) => void close(book),
    /** Closes the book of a replay that ended. */
    async drop(replayId: number): Promise<void> {
      const book = books.get(replayId);
      if (book !== undefined) await close(book);
    },
    /** Closes every book (the server is closing). */
    async closeAll(): Promise<void> {
      closed = true;
      await Promise.allSettled([...opening.values()]);
      for (const book of [...books.values()]) await close(book);
      const left = spare;
      spare = null;
      if (left !== null) await (await left.catch(() => null))?.close();
    },
  };
}

export type ReplayBooks = ReturnType<typeof createReplayBooks>;
