// Which instance holds a replay's book (issue 61, "shared across instances"; table replay_owners, migration 102).
// A replay's book is interactive and lives in one instance's memory (replay-books.ts), so on PostgreSQL, where
// several instances share the database, one instance at a time owns a replay: the first a trader's request for
// its book reaches claims it (one statement: a conflicting claim waits on the row and finds it taken), renews its
// lease on a timer, and serves it; any other instance forwards that replay's book requests to the owner's
// internal address (server/http/replay-forwarding.ts). An owner whose lease went stale (it died without letting
// go), or whose address refuses connections, is replaced: the claiming instance rebuilds the book from
// replay_actions, as after a restart. An instance stopping lets go of its replays; ending a replay deletes its row
// (ON DELETE CASCADE), whichever instance ended it, and the owner closes the book at its next heartbeat.
// Times are the injected clock's; on PGlite (one instance) there are no owners at all (createAnalysis).
import { randomUUID } from 'node:crypto';
import { sqlStateOf, type Database } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError } from '../../domain-error.ts';
import { replayTexts } from '../../texts/replay-texts.ts';

/** How often an owner renews its leases (ms). */
export const replayLeaseRenewMs = 10_000;
/** A lease not renewed for this long is an instance gone: another may claim its replays (ms). */
export const replayLeaseStaleMs = 30_000;

/** Where a replay's book is: here (claimed or renewed now), or with another live instance. */
export type ReplayOwner = { here: true } | { here: false; instance: string; address: string | null };

/**
 * What a replay's books ask before opening one here (absent on PGlite, where the one instance holds every book):
 * a replay held by another instance throws replay_moving (its requests are forwarded there before they get here).
 */
export type BookOwnership = { mustHold(replayId: number): Promise<void> };

export type ReplayOwnersOptions = { db: Database; clock: Clock; staleMs?: number; instance?: string };

export function createReplayOwners({ db, clock, staleMs = replayLeaseStaleMs, instance = randomUUID() }: ReplayOwnersOptions) {
  /** This instance's address once it listens (null before: others cannot forward to it yet, and wait). */
  let address: string | null = null;
  /** Replays this instance claimed and has not lost or let go. */
  const held = new Set<number>();
  const lostHandlers: Array<(replayId: number) => void> = [];

  function lose(replayId: number): void {
    if (!held.delete(replayId)) return;
    for (const handler of lostHandlers) handler(replayId);
  }

  /**
   * Claims the replay for this instance unless another live instance holds it: a claim of one's own renews it, a
   * stale one (`staleMs`) is taken over. Only the trader's own replay is claimed (`userId`, when a request asks):
   * another's, or one that no longer exists, answers `here`, for the route to refuse as it does.
   */
  async function claim(replayId: number, userId?: number): Promise<ReplayOwner> {
    const now = clock();
    const inserted = db.query<{ instance_id: string }>(
      `INSERT INTO replay_owners (replay_id, instance_id, address, claimed_at, heartbeat_at)
       SELECT id, $2, $3, $4, $4 FROM replays WHERE id = $1 AND ($6::integer IS NULL OR user_id = $6)
       ON CONFLICT (replay_id) DO UPDATE SET instance_id = EXCLUDED.instance_id, address = EXCLUDED.address, heartbeat_at = EXCLUDED.heartbeat_at,
         claimed_at = CASE WHEN replay_owners.instance_id = EXCLUDED.instance_id THEN replay_owners.claimed_at ELSE EXCLUDED.claimed_at END
       WHERE replay_owners.instance_id = EXCLUDED.instance_id OR replay_owners.heartbeat_at < $5
       RETURNING instance_id`,
      [replayId, instance, address, now, new Date(now.getTime() - staleMs), userId ?? null],
    );
    // A replay ended while its claim was written (seen by the SELECT, deleted before the foreign key was checked)
    // no longer exists: the route refuses it as any other ended replay, not as a database refusal.
    const rows = await inserted.then(
      (result) => result.rows,
      (error: unknown) => {
        if (sqlStateOf(error) === '23503') return [];
        throw error;
      },
    );
    if (rows[0] !== undefined) {
      held.add(replayId);
      return { here: true };
    }
    const { rows: owners } = await db.query<{ instance_id: string; address: string | null }>('SELECT instance_id, address FROM replay_owners WHERE replay_id = $1', [replayId]);
    const owner = owners[0];
    if (owner === undefined) {
      // Not the trader's, ended, or let go between the two statements (then claimed again).
      const { rows: replays } = await db.query('SELECT 1 FROM replays WHERE id = $1 AND ($2::integer IS NULL OR user_id = $2)', [replayId, userId ?? null]);
      return replays.length === 0 ? { here: true } : claim(replayId, userId);
    }
    // Ours, asked for by another trader than its own: refused by the route here.
    if (owner.instance_id === instance) return { here: true };
    lose(replayId);
    return { here: false, instance: owner.instance_id, address: owner.address };
  }

  return {
    instance,
    claim,
    /** Throws replay_moving unless this instance holds the replay now (claiming it when free): the book opens only here. */
    async mustHold(replayId: number): Promise<void> {
      if (!(await claim(replayId)).here) throw DomainError.said('replay_moving', replayTexts.moving(), { retryAfterSeconds: 1 });
    },
    /** Takes the replay over from `from`, whose address refused the forwarded request (no process listens there). */
    async takeOver(replayId: number, from: string): Promise<boolean> {
      const now = clock();
      const { rows } = await db.query('UPDATE replay_owners SET instance_id = $2, address = $3, claimed_at = $4, heartbeat_at = $4 WHERE replay_id = $1 AND instance_id = $5 RETURNING replay_id', [
        replayId, instance, address, now, from,
      ]);
      if (rows.length > 0) held.add(replayId);
      return rows.length > 0;
    },
    /** Where the other instances reach this one (set when it listens; recorded at the next claim or renewal). */
    listening(at: string): void {
      address = at;
    },
    /** Called with each replay this instance lost (taken over, ended elsewhere): its book here must close. */
    onLost(handler: (replayId: number) => void): void {
      lostHandlers.push(handler);
    },
    /** Renews this instance's leases; the replays it no longer holds are lost. Answers how many it holds. */
    async renew(): Promise<number> {
      const { rows } = await db.query<{ replay_id: number }>('UPDATE replay_owners SET heartbeat_at = $2, address = $3 WHERE instance_id = $1 RETURNING replay_id', [instance, clock(), address]);
      const renewed = new Set(rows.map((row) => Number(row.replay_id)));
      for (const replayId of [...held]) if (!renewed.has(replayId)) lose(replayId);
      for (const replayId of renewed) held.add(replayId);
      return renewed.size;
    },
    /** Lets go of every replay this instance holds (it is stopping): the next request anywhere claims them. */
    async releaseAll(): Promise<void> {
      held.clear();
      await db.query('DELETE FROM replay_owners WHERE instance_id = $1', [instance]);
    },
  };
}

export type ReplayOwners = ReturnType<typeof createReplayOwners>;
