// What a trader's price streams tell besides prices and order changes (issue 37, a desk that pushes): the
// changes a screen used to notice only by reading again on a timer. Each is written as a row of
// stream_notices in the same transaction as the change (recordAccountNotice beside a broker session opened,
// ended or expired and an expiry settled; alert-log.ts beside each alert; the kill switch beside each arm and
// disarm; recordBotsNotice beside a bot's change, a kill switch's stopped bots, and once per engine tick for
// the accounts whose bots acted), and every instance reads the rows of the traders it streams to on each pass of its market loop
// (server/app.ts), so a change made by the leader or by another instance reaches this one's streams within
// a pass. A notice names what to read again, never the data: the screen's one read shows it.
//
// Rows are stamped with the database's time when their transaction began (a long one commits after later
// passes have read past that time): each pass reads back a window, and a notice is told once.
import type { Database, Queryable } from '../../db/database.ts';
import type { Clock } from '../clock.ts';

export type NoticeTopic = 'account' | 'alerts' | 'kill_switch' | 'bots';
/**
 * What a stream sends: `account` (its positions, orders and funds), `kill_switch` (its switch), `alerts` (the
 * trader's feed), `bots` (the states of its portfolios' bots).
 */
export type StreamNotice = { topic: NoticeTopic; account_id: number | null };

/** How far back each pass reads, and how long a told notice is remembered (twice that). */
const lateCommitSeconds = 30;
const pruneEveryMs = 60 * 60 * 1000;

/** Tells the account's owner to read it again (`account`) or its kill switch (`kill_switch`); the owner is looked up here. */
export async function recordAccountNotice(q: Queryable, topic: 'account' | 'kill_switch', accountId: number): Promise<void> {
  await q.query(`INSERT INTO stream_notices (user_id, broker_account_id, topic, at) SELECT user_id, id, $2, now() FROM broker_accounts WHERE id = $1`, [accountId, topic]);
}

/**
 * Tells the owners of these accounts to read their bots' states again (`bots`): one row per account, however
 * many of its bots changed (a thousand entering in one tick are one read).
 */
export async function recordBotsNotice(q: Queryable, accountIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) return;
  await q.query(`INSERT INTO stream_notices (user_id, broker_account_id, topic, at) SELECT user_id, id, 'bots', now() FROM broker_accounts WHERE id = ANY($1::int[])`, [ids]);
}

/** The same for the account of one portfolio (a bot of it created or changed). */
export async function recordPortfolioBotsNotice(q: Queryable, portfolioId: number): Promise<void> {
  await q.query(
    `INSERT INTO stream_notices (user_id, broker_account_id, topic, at)
     SELECT a.user_id, a.id, 'bots', now() FROM portfolios p JOIN broker_accounts a ON a.id = p.broker_account_id WHERE p.id = $1`,
    [portfolioId],
  );
}

type Row = { id: string | null; user_id: number | null; broker_account_id: number | null; topic: NoticeTopic | null; read_at: Date };

export function createStreamNotices({ db, clock }: { db: Database; clock: Clock }) {
  const listeners = new Map<number, Set<(notice: StreamNotice) => void>>();
  /** Notices told, with when (the database's time of the pass), forgotten once past the read-back window. */
  const told = new Map<string, number>();
  let lastPruneMs = 0;

  /** The rows of these traders within the window, and the database's time now (the row's when none is). */
  async function read(userIds: readonly number[]): Promise<Row[]> {
    const { rows } = await db.query<Row>(
      `SELECT n.id, n.user_id, n.broker_account_id, n.topic, x.read_at FROM (SELECT now() AS read_at) x
       LEFT JOIN stream_notices n ON n.user_id = ANY($1::int[]) AND n.at >= x.read_at - make_interval(secs => $2) ORDER BY n.id`,
      [userIds, lateCommitSeconds],
    );
    return rows;
  }

  /** Tells each trader followed here the notices recorded since the last pass; once an hour, drops day-old rows. */
  async function pass(): Promise<void> {
    if (clock().getTime() - lastPruneMs > pruneEveryMs) {
      lastPruneMs = clock().getTime();
      await db.query(`DELETE FROM stream_notices WHERE at < now() - interval '1 day'`);
    }
    if (listeners.size === 0) return;
    const rows = await read([...listeners.keys()]);
    const now = new Date(rows[0]!.read_at).getTime();
    for (const row of rows) {
      if (row.id === null || told.has(row.id)) continue;
      told.set(row.id, now);
      const notice: StreamNotice = { topic: row.topic!, account_id: row.broker_account_id === null ? null : Number(row.broker_account_id) };
      for (const listener of [...(listeners.get(Number(row.user_id)) ?? [])]) listener(notice);
    }
    for (const [id, at] of told) if (at < now - 2 * lateCommitSeconds * 1000) told.delete(id);
  }

  /**
   * Follows the trader's notices from now on: for a trader nobody here followed yet, those already recorded
   * count as told (the screen reads when its stream opens); one already followed hears what the next pass
   * tells the others (at most one read more). Answers the function that stops it.
   */
  async function follow(userId: number, listener: (notice: StreamNotice) => void): Promise<() => void> {
    if (!listeners.has(userId)) {
      const rows = await read([userId]);
      const now = new Date(rows[0]!.read_at).getTime();
      for (const row of rows) if (row.id !== null && !told.has(row.id)) told.set(row.id, now);
    }
    const own = listeners.get(userId) ?? new Set();
    own.add(listener);
    listeners.set(userId, own);
    return () => {
      own.delete(listener);
      if (own.size === 0 && listeners.get(userId) === own) listeners.delete(userId);
    };
  }

  return { pass, follow };
}

export type StreamNotices = ReturnType<typeof createStreamNotices>;
