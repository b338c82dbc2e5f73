// How many writes the test process makes to PostgreSQL while a piece of work runs: each is a send() on a
// socket to the server (TEST_DATABASE_URL's port), one a round trip unless statements are pipelined
// (server/db/postgres-database.ts). What a statement costs on both sides of the socket is mostly that.
import net from 'node:net';

type WriteMethods = Record<'_write' | '_writev', (this: net.Socket, ...args: unknown[]) => unknown>;

/** The writes made on sockets to TEST_DATABASE_URL's port while `run` runs. */
export async function postgresWrites(run: () => Promise<unknown>): Promise<number> {
  const port = Number(new URL(process.env.TEST_DATABASE_URL ?? '').port || 5432);
  const socket = net.Socket.prototype as unknown as WriteMethods;
  const original = { _write: socket._write, _writev: socket._writev };
  let writes = 0;
  for (const method of ['_write', '_writev'] as const) {
    socket[method] = function (this: net.Socket, ...args: unknown[]) {
      if (this.remotePort === port) writes += 1;
      return original[method].apply(this, args);
    };
  }
  try {
    await run();
  } finally {
    socket._write = original._write;
    socket._writev = original._writev;
  }
  return writes;
}
