// Chooses the database from the configuration: PostgreSQL when a URL is given, else PGlite in DATA_DIR/pg.
import { join } from 'node:path';
import type { Database } from './database.ts';
import { openPgliteDatabase } from './pglite-database.ts';
import { openPostgresDatabase } from './postgres-database.ts';

export type OpenDatabaseOptions = { dataDir: string; databaseUrl?: string | undefined };

export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pg');
}

export async function openDatabase({ dataDir, databaseUrl }: OpenDatabaseOptions): Promise<Database> {
  if (databaseUrl !== undefined && databaseUrl !== '') {
    const db = openPostgresDatabase({ connectionString: databaseUrl });
    // Fail at start, with the driver's reason, rather than on the first request.
    try {
      await db.query('SELECT 1');
    } catch (error) {
      await db.close().catch(() => undefined);
      throw error;
    }
    return db;
  }
  return openPgliteDatabase({ dataDir: pgliteDir(dataDir), thread: true });
}
