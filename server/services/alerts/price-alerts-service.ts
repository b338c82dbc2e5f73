// The trader's price alerts: an index (NIFTY) or a listed option whose last price crosses a level, once or
// every time. The leader's price watcher (watchers/price-watcher.ts) fires them.
import { doneTexts, told } from '../texts/done-texts.ts';
import type { components } from '../../../openapi/main.d.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { toPaise, toRupees } from '../brokers/paper/paise.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { loadSegmentSessions, segmentOf } from '../market/calendar-data.ts';
import { contractExpiryMs, type TradingCalendar } from '../market/trading-calendar.ts';
import { priceAlertTexts } from '../texts/alert-refusal-texts.ts';
import { notFoundTexts } from '../texts/not-found-texts.ts';

type Schemas = components['schemas'];
type PriceAlert = Schemas['PriceAlert'];

/** Price alerts one trader may keep (armed or spent). */
export const priceAlertsPerUser = 50;

export type PriceAlertRow = {
  id: number;
  symbol: string;
  exchange: 'NFO' | 'BFO' | null;
  direction: PriceAlert['direction'];
  level_paise: string;
  repeat: PriceAlert['repeat'];
  active: boolean;
  last_price_paise: string | null;
  triggered_count: number;
  last_triggered_at: Date | null;
  created_at: Date;
};

export const priceAlertColumns =
  'id, symbol, exchange, direction, level_paise, repeat, active, last_price_paise, triggered_count, last_triggered_at, created_at';

/** The option's expiry (YYYY-MM-DD) beside a price_alerts row, as `expiry`; null for an index. */
export const optionExpiryColumn = `(SELECT to_char(i.expiry, 'YYYY-MM-DD') FROM instruments i
  WHERE i.exchange = price_alerts.exchange AND i.tradingsymbol = price_alerts.symbol) AS expiry`;

/**
 * Whether an option's contract is over at `now` (the close of its expiry day's regular session, 15:40 IST since
 * 3 August 2026): an alert on it can never fire. `sessions`: its segment's (calendar-data.ts segmentOf).
 */
export function contractExpired(expiry: string | null, now: Date, sessions: Pick<TradingCalendar, 'regular'>): boolean {
  return expiry !== null && now.getTime() >= contractExpiryMs(sessions, expiry);
}

function priceAlertOf(row: PriceAlertRow, expired: boolean): PriceAlert {
  return {
    id: row.id,
    symbol: row.symbol,
    direction: row.direction,
    level: toRupees(Number(row.level_paise)),
    repeat: row.repeat,
    active: row.active,
    expired,
    last_price: row.last_price_paise === null ? null : toRupees(Number(row.last_price_paise)),
    triggered_count: row.triggered_count,
    last_triggered_at: row.last_triggered_at === null ? null : new Date(row.last_triggered_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** An index name, or a listed option's tradingsymbol with its exchange and expiry; null when the market knows neither. */
async function resolveSymbol(q: Queryable, symbol: string): Promise<{ exchange: 'NFO' | 'BFO' | null; expiry: string | null } | null> {
  const { rows: indices } = await q.query('SELECT 1 FROM market_simulation WHERE index_name = $1', [symbol]);
  if (indices.length > 0) return { exchange: null, expiry: null };
  const { rows } = await q.query<{ exchange: 'NFO' | 'BFO'; expiry: string }>(
    `SELECT exchange, to_char(expiry, 'YYYY-MM-DD') AS expiry FROM instruments WHERE tradingsymbol = $1 ORDER BY exchange LIMIT 1`,
    [symbol],
  );
  return rows[0] === undefined ? null : rows[0];
}

export function createPriceAlertsService({ db, clock }: { db: Database; clock: Clock }) {
  async function list(userId: number): Promise<Schemas['PriceAlertsResponse']> {
    const { rows } = await db.query<PriceAlertRow & { expiry: string | null }>(
      `SELECT ${priceAlertColumns}, ${optionExpiryColumn} FROM price_alerts WHERE user_id = $1 ORDER BY id DESC`,
      [userId],
    );
    const now = clock();
    const sessions = await loadSegmentSessions(db);
    return { price_alerts: rows.map((row) => priceAlertOf(row, contractExpired(row.expiry, now, segmentOf(sessions, row.exchange)))) };
  }

  async function create(userId: number, body: Schemas['PriceAlertCreate']): Promise<Schemas['PriceAlertResponse']> {
    const levelPaise = toPaise(body.level);
    if (levelPaise <= 0) throw DomainError.said('validation_failed', priceAlertTexts.levelNotPositive, { field: 'level' });
    const resolved = await resolveSymbol(db, body.symbol);
    if (resolved === null) {
      const { rows } = await db.query<{ index_name: string }>('SELECT index_name FROM market_simulation ORDER BY index_name');
      const indices = rows.map((row) => row.index_name);
      throw DomainError.said('unknown_instrument', priceAlertTexts.unknownSymbol(body.symbol, indices), { field: 'symbol' });
    }
    if (contractExpired(resolved.expiry, clock(), segmentOf(await loadSegmentSessions(db), resolved.exchange ?? 'NFO'))) {
      throw DomainError.said('validation_failed', priceAlertTexts.expired(body.symbol, resolved.expiry ?? ''), { field: 'symbol' });
    }
    return db.transaction(async (tx) => {
      // Serialises this trader's creations, so two at once cannot both pass the cap.
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const { rows: counted } = await tx.query<{ count: string }>('SELECT count(*) AS count FROM price_alerts WHERE user_id = $1', [userId]);
      if (Number(counted[0]?.count ?? 0) >= priceAlertsPerUser) {
        throw DomainError.said('invalid_params', priceAlertTexts.tooMany(priceAlertsPerUser), { field: 'symbol' });
      }
      const { rows } = await tx.query<PriceAlertRow>(
        `INSERT INTO price_alerts (user_id, symbol, exchange, direction, level_paise, repeat, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
         RETURNING ${priceAlertColumns}`,
        [userId, body.symbol, resolved.exchange, body.direction, levelPaise, body.repeat, clock()],
      );
      return { price_alert: priceAlertOf(rows[0]!, false) };
    });
  }

  async function remove(userId: number, id: number): Promise<Schemas['MessageResponse']> {
    const { rows } = await db.query('DELETE FROM price_alerts WHERE user_id = $1 AND id = $2 RETURNING id', [userId, id]);
    if (rows.length === 0) throw DomainError.said('not_found', notFoundTexts.thing('price_alert'), { field: 'id' });
    return told(doneTexts.priceAlertDeleted);
  }

  return { list, create, remove };
}

export type PriceAlertsService = ReturnType<typeof createPriceAlertsService>;
