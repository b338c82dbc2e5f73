// A trader's replay (issue 39): the day and index replayed, the hours it traded at (its special session's, kept
// with the replay when it starts), the replayed clock's anchor and speed (replay-clock.ts), and what moves them: start (replacing an open one only when the trader confirmed),
// seek, step, speed, reset and end. One open replay per trader (replays.user_id is unique). Another trader's
// replay answers as a missing one.
import type { Database, Queryable } from '../../../db/database.ts';
import type { Clock } from '../../clock.ts';
import { DomainError, notFound } from '../../domain-error.ts';
import { clockMinutes, istClock } from '../../market/ist.ts';
import type { DayHours } from '../../market/trading-calendar.ts';
import { replayTexts } from '../../texts/replay-texts.ts';
import { insideSession, instantOf, nextMinute, replayedAt, sessionOf, type ReplaySpeed } from './replay-clock.ts';
import { checkReplayDay, replayHoursOf, type IndexPath, type ReplayHours, type ReplayOrigin } from './replay-days.ts';
import { checkReplayRules } from './replay-rules.ts';

/** A replay as the contract answers it. */
export type Replay = {
  id: number;
  index: string;
  day: string;
  start: string;
  /** The replayed instant now, and its IST minute. */
  at: string;
  minute: string;
  speed: ReplaySpeed;
  /** The replay stands at the day's close: playing goes no further. */
  at_close: boolean;
  /** The hours the day traded at (HH:MM IST): the day's regular session (09:15–15:40 since 3 August 2026, 15:30 before) with the MIS square-off at 15:25, or a special session's. */
  session: ReplayHours;
  /** What the replay stands on and how its index moves (replay-days.ts), kept from its start. */
  origin: ReplayOrigin;
  index_path: IndexPath;
  created_at: string;
  updated_at: string;
};

/** A replay's stored row, with its replayed instant at the time it was read. */
export type ReplayRow = {
  id: number;
  userId: number;
  index: string;
  day: string;
  hours: DayHours;
  origin: ReplayOrigin;
  indexPath: IndexPath;
  startAt: Date;
  anchorAt: Date;
  anchoredAt: Date;
  speed: ReplaySpeed;
  bookEpoch: number;
  createdAt: Date;
  updatedAt: Date;
};

const columns = `id, user_id, index_name, to_char(trade_date, 'YYYY-MM-DD') AS day, session_open, session_close, mis_square_off, session_pause_from, session_pause_until, origin, index_path, start_at, anchor_at, anchored_at, speed, book_epoch, created_at, updated_at`;
type Stored = { id: number; user_id: number; index_name: string; day: string; session_open: string; session_close: string; mis_square_off: string; session_pause_from: string | null; session_pause_until: string | null; origin: ReplayOrigin; index_path: IndexPath; start_at: Date; anchor_at: Date; anchored_at: Date; speed: number; book_epoch: number; created_at: Date; updated_at: Date };

const rowOf = (row: Stored): ReplayRow => ({
  id: Number(row.id),
  userId: Number(row.user_id),
  index: row.index_name,
  day: row.day,
  hours: {
    open: row.session_open,
    close: row.session_close,
    misSquareOff: row.mis_square_off,
    pause: row.session_pause_from !== null && row.session_pause_until !== null ? { from: row.session_pause_from, until: row.session_pause_until } : undefined,
  },
  origin: row.origin,
  indexPath: row.index_path,
  startAt: new Date(row.start_at),
  anchorAt: new Date(row.anchor_at),
  anchoredAt: new Date(row.anchored_at),
  speed: Number(row.speed) as ReplaySpeed,
  bookEpoch: Number(row.book_epoch),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/** The replayed instant of a replay at server time `now`. */
export const replayInstant = (row: ReplayRow, now: Date) => replayedAt({ day: row.day, hours: row.hours, anchorAt: row.anchorAt, anchoredAt: row.anchoredAt, speed: row.speed }, now);

export function replayOf(row: ReplayRow, now: Date): Replay {
  const at = replayInstant(row, now);
  return {
    id: row.id,
    index: row.index,
    day: row.day,
    start: istClock(row.startAt),
    at: at.toISOString(),
    minute: istClock(at),
    speed: row.speed,
    at_close: at.getTime() >= sessionOf(row.day, row.hours).close.getTime(),
    session: replayHoursOf(row.hours),
    origin: row.origin,
    index_path: row.indexPath,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type StartReplay = { index: string; day: string; start?: string | undefined; speed?: ReplaySpeed | undefined; replace?: boolean | undefined };

export function createReplaySessions({ db, clock }: { db: Database; clock: Clock }) {
  async function read(q: Queryable, userId: number, id: number, lock = false): Promise<ReplayRow> {
    const { rows } = await q.query<Stored>(`SELECT ${columns} FROM replays WHERE id = $1 AND user_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, userId]);
    if (rows[0] === undefined) throw notFound('replay');
    return rowOf(rows[0]);
  }

  /** Moves the anchor: the replayed instant `at` from now on, at `speed`. */
  async function anchor(q: Queryable, row: ReplayRow, at: Date, speed: ReplaySpeed, extra = ''): Promise<ReplayRow> {
    const now = clock();
    const { rows } = await q.query<Stored>(
      `UPDATE replays SET anchor_at = $2, anchored_at = $3, speed = $4, updated_at = $3${extra} WHERE id = $1 RETURNING ${columns}`,
      [row.id, at, now, speed],
    );
    return rowOf(rows[0]!);
  }

  /** The instant of a minute of the day's session, or a refusal (422 replay_outside_session) naming the session's hours. */
  function minuteAt(day: string, hours: DayHours, minute: string, field: string): Date {
    if (!insideSession(hours, minute)) throw DomainError.said('replay_outside_session', replayTexts.outsideSession(minute, day, hours.open, hours.close), { field });
    return instantOf(day, clockMinutes(minute));
  }

  return {
    read: (userId: number, id: number) => read(db, userId, id),

    /** The trader's open replay, or null. */
    async current(userId: number): Promise<ReplayRow | null> {
      const { rows } = await db.query<Stored>(`SELECT ${columns} FROM replays WHERE user_id = $1`, [userId]);
      return rows[0] === undefined ? null : rowOf(rows[0]);
    },

    async start(userId: number, asked: StartReplay): Promise<ReplayRow> {
      const { session, origin, index_path: indexPath } = await checkReplayDay(db, asked.index, asked.day);
      const pause = session.pause === undefined ? undefined : { from: session.pause.from, until: session.pause.until };
      const hours: DayHours = { open: session.open, close: session.close, misSquareOff: session.mis_square_off, pause };
      // Without a start, the session's open (09:15, or a Muhurat session's 18:00).
      const startAt = minuteAt(asked.day, hours, asked.start ?? hours.open, 'start');
      await checkReplayRules(db, asked.index, asked.day);
      return db.transaction(async (tx) => {
        const { rows: open } = await tx.query<Stored>(`SELECT ${columns} FROM replays WHERE user_id = $1 FOR UPDATE`, [userId]);
        if (open[0] !== undefined) {
          if (asked.replace !== true) throw DomainError.said('replay_open', replayTexts.open(open[0].index_name, open[0].day), { field: 'replace' });
          await tx.query('DELETE FROM replays WHERE id = $1', [open[0].id]);
        }
        const now = clock();
        const { rows } = await tx.query<Stored>(
          `INSERT INTO replays (user_id, index_name, trade_date, session_open, session_close, mis_square_off, session_pause_from, session_pause_until, origin, index_path, start_at, anchor_at, anchored_at, speed, created_at, updated_at)
           VALUES ($1, $2, $3::date, $7, $8, $9, $10, $11, $12, $13, $4, $4, $5, $6, $5, $5) RETURNING ${columns}`,
          [userId, asked.index, asked.day, startAt, now, asked.speed ?? 0, hours.open, hours.close, hours.misSquareOff, pause?.from ?? null, pause?.until ?? null, origin, indexPath],
        );
        return rowOf(rows[0]!);
      });
    },

    /** To a minute of the day; back before what the book did only through a reset. */
    seek: (userId: number, id: number, minute: string) =>
      db.transaction(async (tx) => {
        const row = await read(tx, userId, id, true);
        const target = minuteAt(row.day, row.hours, minute, 'minute');
        const now = replayInstant(row, clock());
        if (target < now) {
          const { rows } = await tx.query('SELECT 1 FROM replay_actions WHERE replay_id = $1 LIMIT 1', [row.id]);
          if (rows.length > 0) throw DomainError.said('replay_seek_backward', replayTexts.seekBackward(istClock(now)), { field: 'minute' });
        }
        return anchor(tx, row, target, row.speed);
      }),

    /** To the start of the next minute, at the same speed. */
    step: (userId: number, id: number) =>
      db.transaction(async (tx) => {
        const row = await read(tx, userId, id, true);
        return anchor(tx, row, nextMinute(row.day, row.hours, replayInstant(row, clock())), row.speed);
      }),

    /** The speed from the instant replayed now (0 pauses there). */
    speed: (userId: number, id: number, speed: ReplaySpeed) =>
      db.transaction(async (tx) => {
        const row = await read(tx, userId, id, true);
        return anchor(tx, row, replayInstant(row, clock()), speed);
      }),

    /** Back to where the trader started, paused, the book emptied. */
    reset: (userId: number, id: number) =>
      db.transaction(async (tx) => {
        const row = await read(tx, userId, id, true);
        await tx.query('DELETE FROM replay_actions WHERE replay_id = $1', [row.id]);
        return anchor(tx, row, row.startAt, 0, ', book_epoch = book_epoch + 1');
      }),

    async end(userId: number, id: number): Promise<void> {
      const { rows } = await db.query('DELETE FROM replays WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
      if (rows.length === 0) throw notFound('replay');
    },
  };
}

export type ReplaySessions = ReturnType<typeof createReplaySessions>;
