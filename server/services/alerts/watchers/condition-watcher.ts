// Premium and IV alerts (condition-alerts-service.ts): on each look, every armed alert's series of the day is read
// as its chart draws it (the strategy's combined premium from its legs' recorded minutes, premium-series.ts; the
// expiry's ATM IV minute by minute, iv-charts.ts), and each minute it has not judged yet is judged by the bot
// conditions' code (condition-judge.ts). The first met minute fires the alert and turns it off; a minute already
// judged is never judged again (checked_through). An alert whose expiry is over is turned off, the trader told once.
//
// Exactly once across instances: the watcher runs in the leader's transaction (alert-watchers.ts) and holds each
// alert's row, and the alert it writes has a dedupe key per alert.
import type { Queryable } from '../../../db/database.ts';
import { isHistoryIndex } from '../../history/history-files.ts';
import { ivDay } from '../../history/volatility/iv-charts.ts';
import { minuteEndMs } from '../../history/volatility/iv-measures.ts';
import { istDate } from '../../market/ist.ts';
import { combineLegs } from '../../premium/premium-candles.ts';
import { parseLegs } from '../../premium/premium-legs.ts';
import { readLegMinutes } from '../../premium/premium-store.ts';
import { said } from '../../texts/said.ts';
import type { IvMinute, PremiumMinute } from '../../bots/engine/conditions.ts';
import { recordAlert } from '../alert-log.ts';
import { conditionAlertColumns, legsWords, type ConditionAlertRow } from '../condition-alerts-service.ts';
import { fromFixingMinute, isPremiumAlert, judgeIv, judgePremium, type AlertMet, type AlertRule, type Judged } from '../condition-judge.ts';
import { contractExpired } from '../price-alerts-service.ts';
import { loadSegmentSessions, segmentOf } from '../../market/calendar-data.ts';

const minuteMs = 60_000;
const istOffsetSeconds = 19_800;

const ruleOf = (row: ConditionAlertRow): AlertRule => ({
  kind: row.kind,
  fromMinute: row.from_minute,
  move: row.move === null ? null : Number(row.move),
  moveUnit: row.move_unit,
  level: row.level === null ? null : Number(row.level),
});

/** The IST minute of the day (HH:MM) a candle starting at `time` (Unix seconds) is. */
const minuteOf = (time: number) => {
  const minutes = Math.floor(((time + istOffsetSeconds) % 86_400) / 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

/** A minute of the strategy's premium, with its IST minute of the day (HH:MM). */
type DayPremium = PremiumMinute & { minute: string };

/** The strategy's combined premium on `day`, each minute as the chart draws it (a minute a leg lacks is no minute). */
async function premiumMinutes(tx: Queryable, legsText: string, day: string): Promise<DayPremium[]> {
  const { legs } = parseLegs(legsText);
  const index = legs[0]!.index;
  const minutes = await readLegMinutes(tx, index, legs, day, day, day);
  const { candles } = combineLegs(
    legs.map((leg) => leg.coefficient),
    minutes,
  );
  return candles.map((candle) => ({ end: (candle.time + 60) * 1000, premium: candle.close / 100, volume: candle.volume, minute: minuteOf(candle.time) }));
}

/** The expiry's ATM IV on `day`, minute by minute from the first with one (null: a gap). */
async function ivMinutes(tx: Queryable, index: string, day: string, expiry: string): Promise<(IvMinute | null)[]> {
  if (!isHistoryIndex(index)) return [];
  const answer = await ivDay(tx, index, day, expiry);
  return answer.minutes.map((clock, i) => {
    const iv = answer.iv[i];
    const minute = Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));
    return iv === null || iv === undefined ? null : { end: minuteEndMs(day, minute), iv };
  });
}

const rupees = (value: number) => value.toFixed(2);

function metText(row: ConditionAlertRow, met: AlertMet): { title: ReturnType<typeof said>; body: ReturnType<typeof said> } {
  const premium = isPremiumAlert(row.kind);
  const subject = premium ? legsWords(row.legs!) : `${row.index_name} ${row.expiry}`;
  const level = row.level === null ? 0 : Number(row.level);
  const move = row.move === null ? 0 : Number(row.move);
  const unit = row.move_unit ?? 'percent';
  const moveWords = unit === 'points' ? `${move} points` : `${move}%`;
  const english: Record<ConditionAlertRow['kind'], string> = {
    premium_falls: `The premium fell ${moveWords} from ${rupees(met.reference ?? 0)} at ${row.from_minute} to ${rupees(met.value)}.`,
    premium_rises: `The premium rose ${moveWords} from ${rupees(met.reference ?? 0)} at ${row.from_minute} to ${rupees(met.value)}.`,
    premium_crosses_above_vwap: `The premium ${rupees(met.value)} crossed above its VWAP ${rupees(met.vwap ?? 0)} (from ${row.from_minute}).`,
    premium_crosses_below_vwap: `The premium ${rupees(met.value)} crossed below its VWAP ${rupees(met.vwap ?? 0)} (from ${row.from_minute}).`,
    premium_crosses_above: `The premium rose above ${rupees(level)}: ${rupees(met.value)}.`,
    premium_crosses_below: `The premium fell below ${rupees(level)}: ${rupees(met.value)}.`,
    iv_above: `ATM IV ${met.value.toFixed(2)}% is above ${level}%.`,
    iv_below: `ATM IV ${met.value.toFixed(2)}% is below ${level}%.`,
    iv_crosses_above: `ATM IV crossed above ${level}%: ${met.value.toFixed(2)}%.`,
    iv_crosses_below: `ATM IV crossed below ${level}%: ${met.value.toFixed(2)}%.`,
  };
  const at = new Date(met.at - minuteMs);
  const minute = minuteOf(at.getTime() / 1000);
  return {
    title: said(
      'alert.condition_met_title',
      { subject_kind: premium ? 'premium' : 'iv', subject, expiry: row.expiry, minute },
      premium ? `Premium alert at ${minute}: ${subject}` : `IV alert at ${minute}: ${subject}`,
    ),
    body: said(
      'alert.condition_met_body',
      {
        kind: row.kind,
        value: Math.round(met.value * 100) / 100,
        reference: met.reference === null ? 0 : Math.round(met.reference * 100) / 100,
        vwap: met.vwap === null ? 0 : Math.round(met.vwap * 100) / 100,
        level,
        move,
        unit,
        from_minute: row.from_minute,
      },
      `${english[row.kind]} This alert fired once and is now off.`,
    ),
  };
}

const linkOf = (row: ConditionAlertRow) =>
  isPremiumAlert(row.kind)
    ? `/app/premium?legs=${encodeURIComponent(row.legs!)}`
    : `/app/volatility?index=${encodeURIComponent(row.index_name)}&expiry=${row.expiry}`;

export function createConditionWatcher() {
  return async function watchConditions(tx: Queryable, now: Date): Promise<number> {
    const { rows } = await tx.query<ConditionAlertRow>(`SELECT ${conditionAlertColumns} FROM condition_alerts WHERE active ORDER BY id FOR UPDATE`);
    let written = 0;
    const day = istDate(now);
    // The end of the last completed minute: nothing newer can be judged yet.
    const lastEnd = Math.floor(now.getTime() / minuteMs) * minuteMs;
    // One read per strategy (or expiry) however many alerts watch it.
    const premiums = new Map<string, Promise<DayPremium[]>>();
    const ivs = new Map<string, Promise<(IvMinute | null)[]>>();
    const sessions = await loadSegmentSessions(tx);
    for (const row of rows) {
      if (contractExpired(row.expiry, now, segmentOf(sessions, row.exchange))) {
        const premium = isPremiumAlert(row.kind);
        const subject = premium ? legsWords(row.legs!) : `${row.index_name} ${row.expiry}`;
        const id = await recordAlert(tx, {
          userId: row.user_id,
          accountId: null,
          category: 'price',
          event: 'price_alert_expired',
          severity: 'info',
          title: said(
            'alert.condition_expired_title',
            { subject_kind: premium ? 'premium' : 'iv', subject, expiry: row.expiry },
            `${premium ? 'Premium' : 'IV'} alert off: ${subject} expired on ${row.expiry}`,
          ),
          body: said('alert.condition_expired_body', { expiry: row.expiry }, `The expiry ${row.expiry} ended at that day's close; the alert can no longer fire.`),
          link: '/app/strategy_alerts?view=price',
          at: now,
          dedupeKey: `condition:${row.id}:expired`,
        });
        if (id !== null) written += 1;
        await tx.query('UPDATE condition_alerts SET active = false WHERE id = $1', [row.id]);
        continue;
      }
      const checked = row.checked_through === null ? null : new Date(row.checked_through).getTime();
      // Every completed minute judged already: nothing to read this look.
      if (checked !== null && checked >= lastEnd) continue;
      const rule = ruleOf(row);
      let judged: Judged;
      if (isPremiumAlert(row.kind)) {
        const key = row.legs!;
        if (!premiums.has(key)) premiums.set(key, premiumMinutes(tx, key, day));
        let series = await premiums.get(key)!;
        if (fromFixingMinute(row.kind)) {
          // The reference is the fixing minute's own premium: without it (not yet, or a gap) nothing is judged.
          const start = series.findIndex((minute) => minute.minute === row.from_minute);
          series = start < 0 ? [] : series.slice(start);
        }
        judged = judgePremium(rule, series, checked, now.getTime());
      } else {
        const key = `${row.index_name}|${row.expiry}`;
        if (!ivs.has(key)) ivs.set(key, ivMinutes(tx, row.index_name, day, row.expiry));
        judged = judgeIv(rule, await ivs.get(key)!, checked, now.getTime());
      }
      if (judged.through === null) continue;
      if (judged.met === null) {
        await tx.query('UPDATE condition_alerts SET checked_through = $2, last_value = $3 WHERE id = $1', [row.id, new Date(judged.through), judged.last]);
        continue;
      }
      const { title, body } = metText(row, judged.met);
      const id = await recordAlert(tx, {
        userId: row.user_id,
        accountId: null,
        category: 'price',
        event: 'price_crossed',
        severity: 'info',
        title,
        body,
        link: linkOf(row),
        at: now,
        dedupeKey: `condition:${row.id}:met`,
      });
      if (id !== null) written += 1;
      await tx.query(
        'UPDATE condition_alerts SET active = false, checked_through = $2, last_value = $3, triggered_at = $4, triggered_text = $5 WHERE id = $1',
        [row.id, new Date(judged.met.at), judged.met.value, now, body.text],
      );
    }
    return written;
  };
}
