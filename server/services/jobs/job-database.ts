// pg-boss's way into the server's own database (issue 61, "shared across instances"): pg-boss takes any `db`
// with executeSql(text, values), so it runs on the database the services already hold, PGlite under `npm start`
// (one instance) and PostgreSQL's pool with DATABASE_URL, instead of opening a pool of its own. A statement with
// parameters is one statement; pg-boss sends its locked maintenance and its installs as one text of several
// statements (BEGIN; …; COMMIT;) without parameters, which only `exec` runs on PGlite (and which answer no rows
// pg-boss reads).
import type { Database } from '../../db/database.ts';

export type JobDb = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

const severalStatements = /;\s*\S/;

export function jobDatabase(db: Database): JobDb {
  // The database's own functions, taken now: the queue's idle polls are not the services' statements, which
  // tests count by wrapping `db.query` (tests/server/bots/database-cost.ts) and must not find a poll among.
  const query = db.query.bind(db);
  const exec = db.exec.bind(db);
  return {
    async executeSql(text, values) {
      if ((values === undefined || values.length === 0) && severalStatements.test(text.trim())) {
        await exec(text);
        return { rows: [] };
      }
      return query(text, values ?? []);
    },
  };
}
