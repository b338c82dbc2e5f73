// How a premium or IV alert (condition-alerts-service.ts) is judged, minute by minute (pure). It is the bot
// conditions' code (bots/engine/conditions.ts), run on the minutes the premium and IV charts draw:
// - premium_falls / premium_rises / premium_crosses_above_vwap / premium_crosses_below_vwap: premiumConditionMet on
//   the strategy's combined premium from the day's fixing minute (`from_minute`), the reference a move is measured
//   from and where the VWAP is anchored, as a bot's "09:20 straddle" is;
// - premium_crosses_above / _below a level: the price alerts' own crossing rule (watchers/price-watcher.ts crossed:
//   from one side of the level on a minute to it or beyond on the next);
// - iv_above / iv_below / iv_crosses_above / iv_crosses_below: ivConditionMet on the expiry's ATM IV minute by minute.
// Each minute is judged once, on the series up to it (the last completed minute, as a bot reads it): the watcher
// keeps the end of the last minute judged. A minute that ended more than `staleAfterMs` before the look is judged
// but never fires (a server that was down does not tell of a cross from an hour ago, as a bot does not act on it).
import { conditionKind, ivConditionMet, premiumConditionMet, vwapSeries, type ConditionSettings, type IvMinute, type PremiumMinute } from '../bots/engine/conditions.ts';
import { crossed } from './watchers/price-watcher.ts';

export const conditionAlertKinds = [
  'premium_falls',
  'premium_rises',
  'premium_crosses_above_vwap',
  'premium_crosses_below_vwap',
  'premium_crosses_above',
  'premium_crosses_below',
  'iv_above',
  'iv_below',
  'iv_crosses_above',
  'iv_crosses_below',
] as const;
export type ConditionAlertKind = (typeof conditionAlertKinds)[number];

export const isPremiumAlert = (kind: ConditionAlertKind) => kind.startsWith('premium_');
export const needsMove = (kind: ConditionAlertKind) => kind === 'premium_falls' || kind === 'premium_rises';
export const needsLevel = (kind: ConditionAlertKind) => !isPremiumAlert(kind) || kind === 'premium_crosses_above' || kind === 'premium_crosses_below';
/** Kinds measured from the fixing minute (a fall or rise from it, a VWAP anchored at it); a level is judged all day. */
export const fromFixingMinute = (kind: ConditionAlertKind) => isPremiumAlert(kind) && !needsLevel(kind);

export type AlertRule = {
  kind: ConditionAlertKind;
  fromMinute: string;
  move: number | null;
  moveUnit: 'percent' | 'points' | null;
  /** Rupees for a premium level, percent for an IV level. */
  level: number | null;
};

/** A minute found met: its end, and the value then (premium rupees or IV percent). */
export type AlertMet = { at: number; value: number; reference: number | null; vwap: number | null };

export type Judged = {
  /** The first minute met among those not judged before, fresh enough to tell. */
  met: AlertMet | null;
  /** The end of the last minute judged now (null: none was new), and its value. */
  through: number | null;
  last: number | null;
};

/** How long after its end a met minute is still told. */
export const staleAfterMs = 3 * 60_000;

const settingsOf = (rule: AlertRule): ConditionSettings => ({
  strikesAt: rule.fromMinute,
  move: rule.move ?? 0,
  moveUnit: rule.moveUnit ?? 'percent',
  ivLevel: rule.level ?? 0,
});

const toPaise = (rupees: number) => Math.round(rupees * 100);

/**
 * Judges each minute of `series` (the day's combined premium, oldest first; from the fixing minute for a move or a
 * VWAP) that ended after `checkedThrough` and by `now`.
 */
export function judgePremium(rule: AlertRule, series: readonly PremiumMinute[], checkedThrough: number | null, now: number): Judged {
  const judged: Judged = { met: null, through: null, last: null };
  for (let i = 0; i < series.length; i += 1) {
    const minute = series[i]!;
    if (minute.end > now || (checkedThrough !== null && minute.end <= checkedThrough)) continue;
    judged.through = minute.end;
    judged.last = minute.premium;
    if (judged.met !== null || i === 0 || now - minute.end > staleAfterMs) continue;
    if (rule.kind === 'premium_crosses_above' || rule.kind === 'premium_crosses_below') {
      const before = series[i - 1]!;
      if (crossed(rule.kind === 'premium_crosses_above' ? 'above' : 'below', toPaise(rule.level!), toPaise(before.premium), toPaise(minute.premium))) {
        judged.met = { at: minute.end, value: minute.premium, reference: null, vwap: null };
      }
      continue;
    }
    const upTo = series.slice(0, i + 1);
    if (premiumConditionMet(conditionKind(rule.kind), upTo, settingsOf(rule)) !== null) {
      const vwap = rule.kind.endsWith('_vwap') ? (vwapSeries(upTo).at(-1) ?? null) : null;
      judged.met = { at: minute.end, value: minute.premium, reference: series[0]!.premium, vwap };
    }
  }
  return judged;
}

/**
 * Judges each minute of the day's ATM IV (oldest first; `null` a gap) that ended after `checkedThrough` and by
 * `now`. A cross needs the minute before it: after a gap, a minute can be above or below but not cross.
 */
export function judgeIv(rule: AlertRule, minutes: readonly (IvMinute | null)[], checkedThrough: number | null, now: number): Judged {
  const judged: Judged = { met: null, through: null, last: null };
  for (let i = 0; i < minutes.length; i += 1) {
    const minute = minutes[i];
    if (minute === null || minute === undefined) continue;
    if (minute.end > now || (checkedThrough !== null && minute.end <= checkedThrough)) continue;
    judged.through = minute.end;
    judged.last = minute.iv;
    if (judged.met !== null || now - minute.end > staleAfterMs) continue;
    const before = minutes[i - 1];
    const pair = before === null || before === undefined ? [minute] : [before, minute];
    if (ivConditionMet(conditionKind(rule.kind), pair, settingsOf(rule)) !== null) judged.met = { at: minute.end, value: minute.iv, reference: null, vwap: null };
  }
  return judged;
}
