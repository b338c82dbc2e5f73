// The trader's alerts on a strategy's combined premium and on an expiry's ATM IV (issue 40): made from the premium
// chart and the IV chart, listed with the price alerts, fired once by the leader's condition watcher
// (watchers/condition-watcher.ts), which judges them with the bot conditions' code (condition-judge.ts).
import type { components } from '../../../openapi/main.d.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';
import { contractName, parseLegs } from '../premium/premium-legs.ts';
import { conditionAlertTexts } from '../texts/condition-alert-texts.ts';
import { doneTexts, told } from '../texts/done-texts.ts';
import { notFoundTexts } from '../texts/not-found-texts.ts';
import { fromFixingMinute, isPremiumAlert, needsLevel, needsMove, type ConditionAlertKind } from './condition-judge.ts';
import { loadSegmentSessions, segmentOf, type SegmentSessions } from '../market/calendar-data.ts';
import { indexFacts, type IndexName } from '../market/index-config.ts';
import { clockMinutes, clockText, istDate } from '../market/ist.ts';
import { regularSessionOn } from '../market/trading-calendar.ts';
import { contractExpired as expiredAt } from './price-alerts-service.ts';

type Schemas = components['schemas'];
type ConditionAlert = Schemas['ConditionAlert'];

/** Premium and IV alerts one trader may keep (armed or spent), as many as price alerts. */
export const conditionAlertsPerUser = 50;
/** The highest IV level one may watch, percent (the recorder's column holds IVs up to 327.67 %). */
export const maxIvLevel = 300;
export type ConditionAlertRow = {
  id: number;
  user_id: number;
  kind: ConditionAlertKind;
  index_name: string;
  legs: string | null;
  expiry: string;
  from_minute: string;
  move: string | null;
  move_unit: 'percent' | 'points' | null;
  level: string | null;
  active: boolean;
  checked_through: Date | null;
  last_value: string | null;
  triggered_at: Date | null;
  triggered_text: string | null;
  created_at: Date;
  exchange: 'NFO' | 'BFO' | null;
};

/** The columns of a row, with the segment its index's options trade in (index_config's latest row: NFO or BFO). */
export const conditionAlertColumns = `id, user_id, kind, index_name, legs, to_char(expiry, 'YYYY-MM-DD') AS expiry, from_minute, move, move_unit, level, active,
  checked_through, last_value, triggered_at, triggered_text, created_at,
  (SELECT c.exchange FROM index_config c WHERE c.index_name = condition_alerts.index_name ORDER BY c.effective_from DESC LIMIT 1) AS exchange`;

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));
const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function conditionAlertOf(row: ConditionAlertRow, now: Date, sessions: SegmentSessions): ConditionAlert {
  return {
    id: row.id,
    kind: row.kind,
    index: row.index_name as ConditionAlert['index'],
    legs: row.legs,
    expiry: row.expiry,
    from_minute: row.from_minute,
    move: numberOrNull(row.move),
    move_unit: row.move_unit,
    level: numberOrNull(row.level),
    active: row.active,
    expired: expiredAt(row.expiry, now, segmentOf(sessions, row.exchange)),
    checked_through: iso(row.checked_through),
    last_value: numberOrNull(row.last_value),
    triggered_at: iso(row.triggered_at),
    triggered_text: row.triggered_text,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** What a premium alert watches, in words for its alert: NIFTY S 24300 CE + S 24300 PE. */
export function legsWords(legs: string): string {
  const parsed = parseLegs(legs).legs;
  return `${parsed[0]!.index} ${parsed.map((leg) => `${leg.side === 'BUY' ? 'B' : 'S'}${leg.lots > 1 ? ` ${leg.lots}×` : ''} ${contractName(leg).slice(leg.index.length + 1)}`).join(' + ')}`;
}

export function createConditionAlertsService({ db, clock }: { db: Database; clock: Clock }) {
  async function list(userId: number): Promise<Schemas['ConditionAlertsResponse']> {
    const { rows } = await db.query<ConditionAlertRow>(`SELECT ${conditionAlertColumns} FROM condition_alerts WHERE user_id = $1 ORDER BY id DESC`, [userId]);
    const now = clock();
    const sessions = await loadSegmentSessions(db);
    return { condition_alerts: rows.map((row) => conditionAlertOf(row, now, sessions)) };
  }

  async function create(userId: number, body: Schemas['ConditionAlertCreate']): Promise<Schemas['ConditionAlertResponse']> {
    const kind = body.kind;
    const now = clock();
    let index: string;
    let expiry: string;
    let legs: string | null = null;
    const sessions = await loadSegmentSessions(db);
    const contractExpired = async (index: string, expiry: string) => {
      const facts = await indexFacts(db, index as IndexName, now);
      return expiredAt(expiry, now, segmentOf(sessions, facts.exchange));
    };
    if (isPremiumAlert(kind)) {
      if (body.legs === undefined || body.legs === null) throw DomainError.said('validation_failed', conditionAlertTexts.required('legs'), { field: 'legs' });
      const parsed = parseLegs(body.legs).legs;
      index = parsed[0]!.index;
      // The alert ends with the first leg to expire: the strategy is no longer whole after it.
      expiry = parsed.map((leg) => leg.expiry).sort()[0]!;
      if (await contractExpired(index, expiry)) throw DomainError.said('validation_failed', conditionAlertTexts.expired(expiry), { field: 'legs' });
      // One spelling per strategy, so the alert links to the very chart it was made from.
      legs = body.legs.trim().toUpperCase();
    } else {
      if (body.index === undefined || body.expiry === undefined || body.expiry === null) {
        throw DomainError.said('validation_failed', conditionAlertTexts.required('expiry'), { field: 'expiry' });
      }
      index = body.index;
      expiry = body.expiry;
      if (await contractExpired(index, expiry)) throw DomainError.said('validation_failed', conditionAlertTexts.expired(expiry), { field: 'expiry' });
    }
    // The minutes of today's regular session on the index's exchange (09:15 to 15:39 since 3 August 2026).
    const regular = regularSessionOn(segmentOf(sessions, (await indexFacts(db, index as IndexName, now)).exchange), istDate(now));
    const session = { first: regular.open, last: clockText(clockMinutes(regular.close) - 1) };
    const fromMinute = body.from_minute ?? (fromFixingMinute(kind) ? '09:20' : session.first);
    if (fromMinute < session.first || fromMinute > session.last || Number(fromMinute.slice(3)) > 59) {
      throw DomainError.said('validation_failed', conditionAlertTexts.minuteOutsideSession(fromMinute, session), { field: 'from_minute' });
    }
    const move = needsMove(kind) ? (body.move ?? null) : null;
    const moveUnit = needsMove(kind) ? (body.move_unit ?? 'percent') : null;
    if (needsMove(kind) && move === null) throw DomainError.said('validation_failed', conditionAlertTexts.required('move'), { field: 'move' });
    if (kind === 'premium_falls' && moveUnit === 'percent' && move !== null && move >= 100) {
      throw DomainError.said('validation_failed', conditionAlertTexts.moveTooLarge, { field: 'move' });
    }
    const level = needsLevel(kind) ? (body.level ?? null) : null;
    if (needsLevel(kind) && level === null) throw DomainError.said('validation_failed', conditionAlertTexts.required('level'), { field: 'level' });
    if (!isPremiumAlert(kind) && level !== null && level > maxIvLevel) {
      throw DomainError.said('validation_failed', conditionAlertTexts.ivLevelTooHigh(maxIvLevel), { field: 'level' });
    }
    return db.transaction(async (tx) => {
      // Serialises this trader's creations, so two at once cannot both pass the cap.
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const { rows: counted } = await tx.query<{ count: string }>('SELECT count(*) AS count FROM condition_alerts WHERE user_id = $1', [userId]);
      if (Number(counted[0]?.count ?? 0) >= conditionAlertsPerUser) {
        throw DomainError.said('invalid_params', conditionAlertTexts.tooMany(conditionAlertsPerUser), { field: 'kind' });
      }
      const { rows } = await tx.query<ConditionAlertRow>(
        `INSERT INTO condition_alerts (user_id, kind, index_name, legs, expiry, from_minute, move, move_unit, level, checked_through, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${conditionAlertColumns}`,
        // Judged from the first minute that ends after it is made: a cross the trader saw before making it is no news.
        [userId, kind, index, legs, expiry, fromMinute, move, moveUnit, level, new Date(Math.floor(now.getTime() / 60_000) * 60_000), now],
      );
      return { condition_alert: conditionAlertOf(rows[0]!, now, sessions) };
    });
  }

  async function remove(userId: number, id: number): Promise<Schemas['MessageResponse']> {
    const { rows } = await db.query('DELETE FROM condition_alerts WHERE user_id = $1 AND id = $2 RETURNING id', [userId, id]);
    if (rows.length === 0) throw DomainError.said('not_found', notFoundTexts.thing('price_alert'), { field: 'id' });
    return told(doneTexts.priceAlertDeleted);
  }

  return { list, create, remove };
}

export type ConditionAlertsService = ReturnType<typeof createConditionAlertsService>;
