// LISTEN on PostgreSQL: a connection of its own, outside the pool (a pooled connection is shared between
// queries and would drop the LISTEN when released). A lost connection is replaced after a second; between
// the loss and the new LISTEN, notices are lost, which the listener is told (listening false, then true).
import pg from 'pg';
import type { Listener } from './database.ts';

const reconnectMs = 1000;

/** The statement a listening connection runs, and then no other: how pg_stat_activity tells its listeners. */
export const listenStatement = (channel: string) => `LISTEN ${pg.escapeIdentifier(channel)}`;

export type ListenConnection = { connectionString: string };

export function listenOnPostgres({ connectionString }: ListenConnection, channel: string, listener: Listener): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (dead: pg.Client) => {
    if (client !== dead) return;
    client = null;
    listener.listening(false);
    dead.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), reconnectMs).unref();
  };

  async function connect(): Promise<void> {
    const fresh = new pg.Client({ connectionString });
    client = fresh;
    fresh.on('error', () => lost(fresh));
    fresh.on('end', () => lost(fresh));
    fresh.on('notification', (message) => {
      if (message.channel === channel) listener.notice(message.payload ?? '');
    });
    try {
      await fresh.connect();
      await fresh.query(listenStatement(channel));
    } catch (error) {
      lost(fresh);
      throw error;
    }
    if (client === fresh) listener.listening(true);
  }

  const stop = async () => {
    stopped = true;
    clearTimeout(retry);
    const open = client;
    client = null;
    if (open !== null) {
      listener.listening(false);
      await open.end().catch(() => undefined);
    }
  };
  // The first connection must work (the server fails at start, as for the pool); later ones are retried.
  return connect().then(
    () => stop,
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
}
