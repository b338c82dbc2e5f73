// A replay ended while a book request claims it (PostgreSQL, several instances): the claim's INSERT ... SELECT saw
// the replay, its DELETE committed before the foreign key was checked, and PostgreSQL refused the row (23503). The
// claim answers as for any ended replay (`here`, for the route to refuse with replay_not_found), not a database
// refusal that the error handler would log as a contract gap and send as 422 (seen in the browser suite).
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.ts';
import { createReplayOwners } from '../../../server/services/analysis/replay/replay-owners.ts';

/** A database whose claim INSERT meets a replay deleted under it, and whose later reads find nothing. */
function endedUnderTheClaim(): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const query = async (text: string) => {
    statements.push(text.trim().split(/\s+/, 1)[0] ?? '');
    if (text.includes('INSERT INTO replay_owners')) {
      throw Object.assign(new Error('insert or update on table "replay_owners" violates foreign key constraint'), { severity: 'ERROR', code: '23503' });
    }
    return { rows: [], rowCount: 0 };
  };
  return { db: { kind: 'postgres', query } as unknown as Database, statements };
}

describe('claiming a replay ended at the same moment', () => {
  it('answers here (the route refuses it as ended) instead of throwing the database refusal', async () => {
    const { db, statements } = endedUnderTheClaim();
    const owners = createReplayOwners({ db, clock: () => new Date('2026-11-30T10:00:00Z') });
    await expect(owners.claim(1, 7)).resolves.toEqual({ here: true });
    // The INSERT, then the owner row and the replay looked up: none, so nothing is held or claimed again.
    expect(statements).toEqual(['INSERT', 'SELECT', 'SELECT']);
  });

  it('still throws any other failure of the claim', async () => {
    const db = { kind: 'postgres', query: async () => Promise.reject(Object.assign(new Error('connection lost'), { severity: 'FATAL', code: '57P01' })) } as unknown as Database;
    const owners = createReplayOwners({ db, clock: () => new Date('2026-11-30T10:00:00Z') });
    await expect(owners.claim(1, 7)).rejects.toThrow('connection lost');
  });
});
