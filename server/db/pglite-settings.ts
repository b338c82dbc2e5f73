// Postgres's settings for the server's own PGlite (pglite-here.ts), where PGlite's defaults cost what the server
// cannot afford. The books' PGlites have theirs in their template (backtests/book-template.ts bookSettings).
//
// shared_buffers: Postgres's cache of table pages. A data folder's initdb leaves Postgres's default, 128 MB, and
// the WebAssembly Postgres zeroes all of it as it starts: the server's database cost 128 MB of resident memory
// before its first query (measured: a PGlite on a data folder opened at +229 MB of the process's RSS with 128 MB,
// +122 MB with 32 MB). Issue 61 wants the server within 1 GB with 8 replays, 2 backtests and 4 imports under way.
// The database's files are read through the operating system's page cache, so a page missed here is a read from
// that cache, not from the disk. A command-line setting wins over the folder's postgresql.conf.
import { PGlite } from '@electric-sql/pglite';

/** Pages cached by the server's own Postgres. */
export const serverSharedBuffersMb = 32;

/** PGlite.create's `startParams` for the server's database: PGlite's defaults, with `shared_buffers` set. */
export const serverStartParams: readonly string[] = [...PGlite.defaultStartParams, '-c', `shared_buffers=${serverSharedBuffersMb}MB`];
