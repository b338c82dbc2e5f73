/**
 * One sample of what an open book costs (heavy-work.bench.ts, issue 61: at most 64 MB a book) on one tree of the
 * code (`--root`): the process's RSS before any book, then with `--books` books opened one after another as a
 * replay opens them, each asked a query, and a second after closing them. A book's cost is its share of all that
 * opening took: its own thread (a book a thread, before session 68) or its share of the threads the books share
 * (a schema each, after), the template read and the thread's code bundled counted for either. Prints one JSON line (MB).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type * as PaperBookModule from '../../../server/services/analysis/backtests/paper-book.ts';

const { values } = parseArgs({ options: { root: { type: 'string' }, books: { type: 'string', default: '4' } } });
const load = async (path: string) => (await import(pathToFileURL(join(values.root!, path)).href)) as typeof PaperBookModule;
// Where the tree keeps it (analysis/ since issue 61's seam; a tree before, services/backtests/).
const { openBookDatabase } = await load('server/services/analysis/backtests/paper-book.ts').catch(() => load('server/services/backtests/paper-book.ts'));
const mb = () => process.memoryUsage().rss / 1e6;
const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

await settle();
const before = mb();
const books = [];
for (let n = 0; n < Number(values.books); n += 1) {
  const book = await openBookDatabase();
  await book.query('SELECT count(*) FROM paper_orders');
  books.push(book);
}
await settle();
const open = mb();
await Promise.all(books.map((book) => book.close()));
await settle();
console.log(JSON.stringify({ books: books.length, beforeMb: Math.round(before), openMb: Math.round(open), perBookMb: Math.round((open - before) / books.length), closedMb: Math.round(mb()) }));
process.exit(0);
