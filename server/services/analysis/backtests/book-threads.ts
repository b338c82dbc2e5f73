// The threads holding replays' books on this instance (issue 61): each thread one in-memory PGlite holding up to
// `schemasPerThread` books, a schema each (book-database-worker.ts, book-schemas.ts). A book opens in a thread
// already started when one has a free schema (no Postgres to start: a warm start), else in a new thread. A thread
// whose books have all closed is ended after `idleMs` (its memory given back: an idle replay costs nothing) and
// meanwhile keeps no process alive.
import type { Database } from '../../../db/database.ts';
import { pgliteModules } from '../../../db/pglite-modules.ts';
import { openWorkerHost, type WorkerHost } from '../../../db/worker-database.ts';

class ThreadGone extends Error {}

type BookThread = { host: Promise<WorkerHost>; held: number; idle: ReturnType<typeof setTimeout> | null };

export type BookThreads = {
  open(): Promise<Database>;
  /**
   * Starts a thread now, before any book asks for one, unless one is started: the next book opens in it in
   * milliseconds. Left without a book it ends after `idleMs`, as any thread. Answers when it has started.
   */
  startAhead(): Promise<void>;
  /** Threads started (tests, benches). */
  count(): number;
};

/**
 * `template`: the books' template's tar (`schemas` schemas), a copy for each thread (moved to it: the thread's
 * file system copies its files from it, template-files.ts); `entry`: the thread's module, given PGlite's
 * WebAssembly compiled once for the process (db/pglite-modules.ts, shared with every thread, not copied). A
 * thread holds at most `schemas` books; one with none is ended after `idleMs`.
 */
export function createBookThreads({ entry, template, schemas, idleMs }: { entry: URL; template: () => Promise<Uint8Array<ArrayBuffer>>; schemas: number; idleMs: number }): BookThreads {
  const threads: BookThread[] = [];

  function start(): BookThread {
    const thread: BookThread = {
      host: Promise.all([template(), pgliteModules()]).then(([tar, modules]) => openWorkerHost(entry, { template: tar, schemas, modules }, [tar.buffer])),
      held: 0,
      idle: null,
    };
    // A thread that failed to start (or ended) is forgotten: the next book starts another.
    thread.host.catch(() => forget(thread));
    threads.push(thread);
    return thread;
  }

  function forget(thread: BookThread): void {
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    if (thread.idle !== null) clearTimeout(thread.idle);
  }

  function rest(thread: BookThread, host: WorkerHost): void {
    host.unref();
    thread.idle = setTimeout(() => {
      forget(thread);
      void host.end();
    }, idleMs);
    thread.idle.unref();
  }

  /** The thread with a free schema and the fewest books (spread over the threads a core each), else a new one. */
  function pick(): BookThread {
    const roomy = threads.filter((thread) => thread.held < schemas).sort((a, b) => a.held - b.held);
    return roomy[0] ?? start();
  }

  return {
    count: () => threads.length,
    async startAhead(): Promise<void> {
      if (threads.length > 0) return;
      const thread = start();
      const host = await thread.host;
      if (thread.held === 0 && threads.includes(thread)) rest(thread, host);
    },
    async open(): Promise<Database> {
      const thread = pick();
      try {
        return await openIn(thread);
      } catch (error) {
        // A thread already started that has ended since (its worker failed) is forgotten by now: the book opens in another, once.
        if (!(error instanceof ThreadGone)) throw error;
        return openIn(pick());
      }
    },
  };

  async function openIn(thread: BookThread): Promise<Database> {
      thread.held += 1;
      if (thread.idle !== null) clearTimeout(thread.idle);
      thread.idle = null;
      let host: WorkerHost;
      let db: Database;
      try {
        host = await thread.host;
        if (host.gone) throw new ThreadGone("The book's thread has ended");
        host.ref();
        db = await host.open();
      } catch (error) {
        thread.held -= 1;
        const started = await thread.host.catch(() => null);
        if (started?.gone !== false) forget(thread);
        // Gone after it had started: another thread is worth a try.
        throw started?.gone === true && !(error instanceof ThreadGone) ? new ThreadGone(String(error)) : error;
      }
      let closing: Promise<void> | null = null;
      return {
        ...db,
        close() {
          // The schema is free again once the thread has put it back (book-schemas.ts).
          closing ??= db.close().finally(() => {
            thread.held -= 1;
            if (thread.held === 0 && threads.includes(thread)) rest(thread, host);
          });
          return closing;
        },
      };
  }
}
