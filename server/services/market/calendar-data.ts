// Reads an exchange's calendar from the market_calendar table (migrations 005, 037, 066 and 071), where the exchanges'
// circulars are entered year by year, each row with the circular it comes from, and its regular sessions by date
// from market_sessions (migration 075). trading-calendar.ts does the date arithmetic on what is read here.
import type { Queryable } from '../../db/database.ts';
import type { Exchange, RegularSession, SpecialSession, TradingCalendar } from './trading-calendar.ts';

type SessionRow = {
  effective_from: string;
  open_time: string;
  close_time: string;
  close_price_from: string;
  close_price_to: string;
  pre_open_from: string | null;
  pre_open_to: string | null;
  modification_until: string;
  mis_square_off: string;
  source: string;
  mis_source: string;
};

/** The exchange's regular sessions by date, oldest first. */
export async function loadRegularSessions(db: Queryable, exchange: Exchange): Promise<RegularSession[]> {
  const { rows } = await db.query<SessionRow>(
    `SELECT to_char(effective_from, 'YYYY-MM-DD') AS effective_from, open_time, close_time, close_price_from, close_price_to,
            pre_open_from, pre_open_to, modification_until, mis_square_off, source, mis_source
     FROM market_sessions WHERE exchange = $1 ORDER BY effective_from`,
    [exchange],
  );
  return rows.map((row) => ({
    effectiveFrom: row.effective_from,
    open: row.open_time,
    close: row.close_time,
    closePrice: { from: row.close_price_from, to: row.close_price_to },
    preOpen: row.pre_open_from === null || row.pre_open_to === null ? null : { from: row.pre_open_from, to: row.pre_open_to },
    modificationUntil: row.modification_until,
    misSquareOff: row.mis_square_off,
    source: row.source,
    misSource: row.mis_source,
  }));
}

type Row = {
  day: string;
  kind: 'holiday' | 'special_session';
  open_time: string | null;
  close_time: string | null;
  description: string;
  source: string | null;
  mis_square_off: string | null;
  second_open: string | null;
  second_close: string | null;
};

export async function loadTradingCalendar(db: Queryable, exchange: Exchange): Promise<TradingCalendar> {
  const { rows } = await db.query<Row>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, kind, open_time, close_time, description, source, mis_square_off, second_open, second_close
     FROM market_calendar WHERE exchange = $1 ORDER BY day`,
    [exchange],
  );
  const holidays = new Map<string, string>();
  const specialSessions = new Map<string, SpecialSession>();
  const sources = new Map<string, string>();
  for (const row of rows) {
    if (row.source !== null) sources.set(row.day, row.source);
    if (row.kind === 'holiday') holidays.set(row.day, row.description);
    else if (row.open_time !== null && row.close_time !== null) {
      const second = row.second_open !== null && row.second_close !== null ? { open: row.second_open, close: row.second_close } : undefined;
      specialSessions.set(row.day, { open: row.open_time, close: row.close_time, description: row.description, misSquareOff: row.mis_square_off ?? undefined, second });
    }
  }
  return { regular: await loadRegularSessions(db, exchange), holidays, specialSessions, sources };
}

/** The regular sessions of both derivatives segments, for code that meets contracts of either (NFO on NSE, BFO on BSE). */
export type SegmentSessions = Record<'NFO' | 'BFO', Pick<TradingCalendar, 'regular'>>;

export async function loadSegmentSessions(db: Queryable): Promise<SegmentSessions> {
  const [nse, bse] = await Promise.all([loadRegularSessions(db, 'NSE'), loadRegularSessions(db, 'BSE')]);
  return { NFO: { regular: nse }, BFO: { regular: bse } };
}

/** The sessions of a contract's segment; an exchange other than BFO is NSE's (the index options this server lists). */
export const segmentOf = (sessions: SegmentSessions, exchange: string | null) => (exchange === 'BFO' ? sessions.BFO : sessions.NFO);
