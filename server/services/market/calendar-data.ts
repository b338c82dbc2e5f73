// Reads an exchange's calendar from the market_calendar table (migrations 005, 037, 066 and 071), where the exchanges'
// circulars are entered year by year, each row with the circular it comes from. trading-calendar.ts does
// the date arithmetic on what is read here.
import type { Queryable } from '../../db/database.ts';
import type { Exchange, SpecialSession, TradingCalendar } from './trading-calendar.ts';

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
  return { holidays, specialSessions, sources };
}
