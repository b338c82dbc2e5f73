// What the engine costs the database while counting is on: its statements, transactions and the rows they
// answered, and how often it read what (by the SQL's words).
import type { Database, Queryable } from '../../../server/db/database.ts';

export function countOn(db: Database) {
  const counts = { statements: 0, transactions: 0, rows: 0, bookReads: 0, marketStateReads: 0, indexFactReads: 0 };
  const note = (sql: string, rows: number) => {
    counts.statements += 1;
    counts.rows += rows;
    if (sql.includes('LEFT JOIN paper_cash ON broker_account_id = $1) t')) counts.bookReads += 1;
    if (/FROM market_index_state/.test(sql)) counts.marketStateReads += 1;
    if (/FROM index_config WHERE index_name/.test(sql)) counts.indexFactReads += 1;
  };
  const counted = (q: Queryable): Queryable => ({
    ...q,
    query: async <T,>(sql: string, params?: readonly unknown[]) => {
      const result = await q.query<T>(sql, params);
      note(sql, result.rows.length);
      return result;
    },
  });
  const query = db.query.bind(db);
  const transaction = db.transaction.bind(db);
  db.query = counted({ ...db, query }).query;
  db.transaction = (fn) => {
    counts.transactions += 1;
    return transaction((tx) => fn(counted(tx)));
  };
  return {
    /** What `run` cost. */
    async of<T>(run: () => Promise<T>) {
      for (const key of Object.keys(counts) as Array<keyof typeof counts>) counts[key] = 0;
      const result = await run();
      return { result, counts: { ...counts } };
    },
    restore() {
      db.query = query;
      db.transaction = transaction;
    },
  };
}
