// LISTEN on PostgreSQL (postgres-listen.ts): notices heard at commit, and the listeners of a channel counted
// whatever the application calls itself. A DATABASE_URL naming the application names every connection, the
// listening ones too: counted by name, a sign-out waited for no instance's acknowledgement (session-cache.ts).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '../../../server/db/postgres-database.ts';
import { testBackends } from '../support/test-database.ts';

const url = process.env.TEST_DATABASE_URL?.trim() ?? '';

describe.runIf(testBackends.includes('postgres'))('listening on PostgreSQL', () => {
  it('hears a notice at commit and counts its listeners when the URL names the application', async () => {
    const named = new URL(url);
    named.searchParams.set('application_name', 'strikedesk');
    const db = openPostgresDatabase({ connectionString: named.toString(), maxConnections: 2 });
    const channel = `listen_test_${randomBytes(4).toString('hex')}`;
    const heard: string[] = [];
    const states: boolean[] = [];
    try {
      const stops = await Promise.all(
        [1, 2].map(() => db.listen!(channel, { notice: (payload) => heard.push(payload), listening: (now) => states.push(now) })),
      );
      expect(states).toEqual([true, true]);
      expect(await db.listeners!(channel)).toBe(2);
      await db.transaction(async (tx) => {
        await tx.query('SELECT pg_notify($1, $2)', [channel, '7']);
        // Not before the commit.
        await tx.query('SELECT pg_sleep(0)');
        expect(heard).toEqual([]);
      });
      await expect.poll(() => heard, { timeout: 2000 }).toEqual(['7', '7']);
      await stops[0]!();
      expect(await db.listeners!(channel)).toBe(1);
    } finally {
      await db.close();
    }
  });
});
