// The bots' conditions on a strategy's premium and on implied volatility (pure: the reads are condition-reads.ts).
//
// The premium watched is the at-the-money straddle of the bot's expiry whose strike is fixed at a minute of the
// day (`condition_strikes_at`, 09:20 by default): the strike nearest the index's close of that minute, the call
// and the put bought together. Its series is the straddle's premium (call + put, rupees) at the close of each
// completed minute from the fixing minute on; the fixing minute's close is the reference a fall or rise is
// measured from ("the 09:20 straddle falls 20 % from its open").
//
// As the trend signals (signals.ts), a condition is read on the LAST completed minute only, so it never flickers
// with the minute still forming, and a server that was down does not act on a cross from an hour ago:
// - premium_falls / premium_rises: the premium crossed the reference − (+) the move (in percent of the reference,
//   or points) on the last minute: beyond it now, not on the minute before.
// - premium_crosses_above_vwap / _below_vwap: the premium crossed its VWAP on the last minute. The VWAP is anchored
//   at the fixing minute (the straddle exists from then) and weights each minute's premium by the legs' traded
//   volume that minute. Where the day's prices are modelled (the simulator, a backtest day without recorded option
//   minutes) there is no volume: every minute then weighs the same, the premium's time-weighted average, which is
//   what a chart of a modelled day draws as its VWAP too. A minute with volume recorded for neither leg in a day
//   that has some weighs nothing, as on a broker's chart.
// - iv_above / iv_below: the ATM IV of the last completed minute is above (below) the level (a state: met for as
//   long as it holds). iv_crosses_above / _below: it crossed the level on the last minute.
// The ATM IV of a minute is the average of the call's and the put's implied volatilities at the strike nearest the
// index's close of that minute (Black-76 on the forward, quant/premium-volatility.ts), as the chain reads it.

export const conditionKindList = [
  'none',
  'premium_falls',
  'premium_rises',
  'premium_crosses_above_vwap',
  'premium_crosses_below_vwap',
  'iv_above',
  'iv_below',
  'iv_crosses_above',
  'iv_crosses_below',
] as const;
export type ConditionKind = (typeof conditionKindList)[number];

export type ConditionSettings = {
  strikesAt: string;
  move: number;
  moveUnit: 'percent' | 'points';
  /** Percent (15 for 15 %). */
  ivLevel: number;
};

/** One completed minute of the straddle: its premium (rupees) and its legs' traded volume, null when the data has none. */
export type PremiumMinute = { end: number; premium: number; volume: number | null };
/** One completed minute's ATM IV, percent. */
export type IvMinute = { end: number; iv: number };

/** A condition met on the last completed minute: the minute's end. */
export type Met = { at: Date; text: string };

export const isPremiumCondition = (kind: ConditionKind) => kind.startsWith('premium_');
export const isIvCondition = (kind: ConditionKind) => kind.startsWith('iv_');
export const needsVwap = (kind: ConditionKind) => kind.endsWith('_vwap');

export function conditionKind(value: unknown): ConditionKind {
  return (conditionKindList as readonly unknown[]).includes(value) ? (value as ConditionKind) : 'none';
}

export function conditionSettings(params: Record<string, unknown>): ConditionSettings {
  const number = (value: unknown, fallback: number) => (Number.isFinite(value) ? (value as number) : fallback);
  return {
    strikesAt: typeof params.condition_strikes_at === 'string' ? params.condition_strikes_at : '09:20',
    move: number(params.premium_move, 20),
    moveUnit: params.premium_move_unit === 'points' ? 'points' : 'percent',
    ivLevel: number(params.iv_level, 15),
  };
}

/** The premium a fall (rise) of the move from the reference reaches. */
export function premiumThreshold(reference: number, settings: ConditionSettings, direction: 'falls' | 'rises'): number {
  const move = settings.moveUnit === 'points' ? settings.move : (reference * settings.move) / 100;
  return direction === 'falls' ? reference - move : reference + move;
}

/**
 * The VWAP after each minute, from the first: Σ premium × volume / Σ volume where the series has volume, the plain
 * average where it has none at all (see the header); null while no minute has weighed anything yet.
 */
export function vwapSeries(series: readonly PremiumMinute[]): (number | null)[] {
  const weighted = series.some((minute) => minute.volume !== null && minute.volume > 0);
  let sum = 0;
  let weight = 0;
  return series.map((minute) => {
    const w = weighted ? (minute.volume ?? 0) : 1;
    sum += minute.premium * w;
    weight += w;
    return weight > 0 ? sum / weight : null;
  });
}

const rupees = (value: number) => value.toFixed(2);

/** Whether the premium condition is met on the series' last minute (the series starts at the fixing minute). */
export function premiumConditionMet(kind: ConditionKind, series: readonly PremiumMinute[], settings: ConditionSettings): Met | null {
  if (series.length < 2) return null;
  const last = series[series.length - 1]!;
  const before = series[series.length - 2]!;
  const at = new Date(last.end);
  if (kind === 'premium_falls' || kind === 'premium_rises') {
    const reference = series[0]!.premium;
    const falls = kind === 'premium_falls';
    const threshold = premiumThreshold(reference, settings, falls ? 'falls' : 'rises');
    const crossed = falls ? last.premium <= threshold && before.premium > threshold : last.premium >= threshold && before.premium < threshold;
    if (!crossed) return null;
    const move = settings.moveUnit === 'points' ? `${settings.move} points` : `${settings.move}%`;
    return { at, text: `the ${settings.strikesAt} straddle ${falls ? 'fell' : 'rose'} ${move} from ${rupees(reference)} to ${rupees(last.premium)}` };
  }
  if (needsVwap(kind)) {
    const vwap = vwapSeries(series);
    const now = vwap[vwap.length - 1];
    const then = vwap[vwap.length - 2];
    if (now == null || then == null) return null;
    const above = kind === 'premium_crosses_above_vwap';
    const crossed = above ? last.premium > now && before.premium <= then : last.premium < now && before.premium >= then;
    if (!crossed) return null;
    return { at, text: `the ${settings.strikesAt} straddle's premium ${rupees(last.premium)} crossed ${above ? 'above' : 'below'} its VWAP ${rupees(now)}` };
  }
  return null;
}

/** Whether the IV condition is met on the last of the minutes (the last two completed minutes suffice). */
export function ivConditionMet(kind: ConditionKind, minutes: readonly IvMinute[], settings: ConditionSettings): Met | null {
  const last = minutes[minutes.length - 1];
  if (last === undefined) return null;
  const before = minutes[minutes.length - 2];
  const level = settings.ivLevel;
  const iv = last.iv.toFixed(2);
  const at = new Date(last.end);
  switch (kind) {
    case 'iv_above':
      return last.iv > level ? { at, text: `ATM IV ${iv}% is above ${level}%` } : null;
    case 'iv_below':
      return last.iv < level ? { at, text: `ATM IV ${iv}% is below ${level}%` } : null;
    case 'iv_crosses_above':
      return before !== undefined && before.iv <= level && last.iv > level ? { at, text: `ATM IV crossed above ${level}% (${iv}%)` } : null;
    case 'iv_crosses_below':
      return before !== undefined && before.iv >= level && last.iv < level ? { at, text: `ATM IV crossed below ${level}% (${iv}%)` } : null;
    default:
      return null;
  }
}
