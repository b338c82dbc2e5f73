// The implied volatility measures the IV charts draw (issue 40), computed from what market history holds
// (day-prices.ts). Every IV is NSE's option chain's: Black–Scholes on the index at 10 % (quant/exchange-volatility.ts,
// the same solve the chain, the simulator and the replay show), so a chart's ATM IV at a minute is the chain's
// IV of that strike at that minute. Where the recorder stored the IV the chain showed, that one is read.
//
// - ATM IV: at a minute, the strike nearest the index level among those whose call and put both have a price,
//   the mean of the call's and the put's IV (NSE's convention reads the put a point or so above the call at
//   one strike; their mean is what Sensibull and Opstra chart as ATM IV). A minute without the index's level,
//   or whose call or put IV cannot be solved, is a gap.
// - IV rank and IV percentile (as Sensibull and Opstra define them), over the days of a lookback before the day:
//   IV rank = (IV now − lowest) / (highest − lowest) × 100, the lowest and highest taken over the lookback's
//   days and today; IV percentile = the share of the lookback's days whose IV was below today's, × 100.
import { exchangeImpliedVolatility } from '../../../../quant/exchange-volatility.ts';
import { yearsToExpiry } from '../../../../quant/option-inputs.ts';
import { clockMinutes, istOffsetMs } from '../../market/ist.ts';
import { dayEndMinute } from '../demo-day.ts';
import { regularSessionOn, type TradingCalendar } from '../../market/trading-calendar.ts';
import type { ContractMinute, ExpiryMinutes, IndexMinute, IvSource } from './day-prices.ts';

/** NSE's regular sessions by date (market_sessions): a day's minutes and an expiry's close are read from them. */
export type IvSessions = Pick<TradingCalendar, 'regular'>;

/**
 * A day's session in IST minutes of the day: its first minute (09:15) and its last (15:39 since 3 August 2026,
 * 15:29 before).
 */
export function sessionMinutesOn(sessions: IvSessions, day: string): { first: number; last: number } {
  const { open, close } = regularSessionOn(sessions, day);
  return { first: clockMinutes(open), last: clockMinutes(close) - 1 };
}

/**
 * The minutes a chart reads of a day: its session, or on a day of the demo market's minutes alone (every index
 * minute simulated: it is recorded at any hour) the whole IST day (history/demo-day.ts).
 */
export function dayMinutesOf(sessions: IvSessions, day: string, indexMinutes: ReadonlyMap<number, IndexMinute>): { first: number; last: number } {
  const demoDay = indexMinutes.size > 0 && [...indexMinutes.values()].every((minute) => minute.simulated);
  return demoDay ? { first: 0, last: dayEndMinute - 1 } : sessionMinutesOn(sessions, day);
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The instant an IST minute of a day ends (its close is the price at that instant). */
export const minuteEndMs = (day: string, minute: number) => Date.parse(`${day}T00:00:00Z`) - istOffsetMs + (minute + 1) * 60_000;

/** The IV (percent, 2 decimals) the chain shows for a price: NSE's convention; null where no volatility explains it. */
export function chainIv(kind: 'CE' | 'PE', spotPaise: number, strikePaise: number, pricePaise: number, atMs: number, expiryMs: number): number | null {
  if (pricePaise <= 0) return null;
  const years = yearsToExpiry(atMs, expiryMs);
  const iv = exchangeImpliedVolatility({ kind, spot: spotPaise / 100, strike: strikePaise / 100, years, price: pricePaise / 100 });
  return iv === null ? null : round2(iv * 100);
}

/** The contract's last minute at or before `minute` (its last traded price then, as the chain shows it). */
export function minuteAtOrBefore(minutes: readonly ContractMinute[], minute: number): ContractMinute | null {
  let low = 0;
  let high = minutes.length - 1;
  let found: ContractMinute | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const candle = minutes[middle] as ContractMinute;
    if (candle.minute <= minute) {
      found = candle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** A contract's IV at a minute: the one the recorder stored, else solved from its price and the index's level. */
function contractIv(kind: 'CE' | 'PE', strikePaise: number, candle: ContractMinute, spotPaise: number, day: string, minute: number, expiryMs: number): number | null {
  if (candle.ivBp !== null) return candle.ivBp / 100;
  return chainIv(kind, spotPaise, strikePaise, candle.closePaise, minuteEndMs(day, minute), expiryMs);
}

/** What a number built from several sources is said to come from: simulated if any part is. */
function sourceOf(parts: readonly (IvSource | 'simulated-index' | null)[]): IvSource {
  if (parts.some((part) => part === 'simulated' || part === 'simulated-index')) return 'simulated';
  return (parts.find((part) => part !== null && part !== 'simulated-index') as IvSource | undefined) ?? 'recorded';
}

export type AtmPoint = { iv: number; callIv: number; putIv: number; strike: number; spot: number; source: IvSource };

export type AtmPair = { strike: number; call: ContractMinute; put: ContractMinute };

/**
 * The ATM strike at a minute and its call's and put's last minutes then: the strike nearest the index level
 * (`spotPaise`) whose call and put both have a minute at or before `minute`, the lower of two as near; null
 * without one. `strikes` ascending.
 */
export function atmPair(contracts: ExpiryMinutes, strikes: readonly number[], spotPaise: number, minute: number): AtmPair | null {
  let best: AtmPair | null = null;
  for (const strike of strikes) {
    if (best !== null && Math.abs(strike - spotPaise) >= Math.abs(best.strike - spotPaise)) continue;
    const sides = contracts.get(strike);
    const call = sides === undefined ? null : minuteAtOrBefore(sides.CE, minute);
    const put = sides === undefined ? null : minuteAtOrBefore(sides.PE, minute);
    if (call !== null && put !== null) best = { strike, call, put };
  }
  return best;
}

/** The ATM IV at one minute (see the header), or null for a gap. `expiryMs`: when the expiry's contracts stop trading. */
export function atmAtMinute(contracts: ExpiryMinutes, strikes: readonly number[], index: IndexMinute | undefined, day: string, minute: number, expiryMs: number): AtmPoint | null {
  if (index === undefined) return null;
  const spot = index.closePaise;
  const best = atmPair(contracts, strikes, spot, minute);
  if (best === null) return null;
  const callIv = contractIv('CE', best.strike, best.call, spot, day, minute, expiryMs);
  const putIv = contractIv('PE', best.strike, best.put, spot, day, minute, expiryMs);
  if (callIv === null || putIv === null) return null;
  return {
    iv: round2((callIv + putIv) / 2),
    callIv,
    putIv,
    strike: best.strike / 100,
    spot: spot / 100,
    source: sourceOf([best.call.source, best.put.source, index.simulated ? 'simulated-index' : null]),
  };
}

/**
 * The ATM IV at a bhavcopy day's close (`closeMs`, the end of its last minute), from the settlement prices of the
 * call and put at the strike nearest the level.
 */
export function atmAtSettlement(closeMs: number, expiryMs: number, levelPaise: number, atm: { strikePaise: number; callPaise: number; putPaise: number }): AtmPoint | null {
  const callIv = chainIv('CE', levelPaise, atm.strikePaise, atm.callPaise, closeMs, expiryMs);
  const putIv = chainIv('PE', levelPaise, atm.strikePaise, atm.putPaise, closeMs, expiryMs);
  if (callIv === null || putIv === null) return null;
  return { iv: round2((callIv + putIv) / 2), callIv, putIv, strike: atm.strikePaise / 100, spot: levelPaise / 100, source: 'bhavcopy' };
}

/**
 * The expiry the across-days series follows on a day: the near month, i.e. the first monthly expiry after the
 * day (a monthly being the last listed expiry of its calendar month). On its expiry day a contract has hours
 * left and its IV says little, so the series rolls to the next month that morning.
 */
export function nearMonthExpiry(day: string, listed: readonly string[]): string | null {
  const lastOfMonth = new Map<string, string>();
  for (const expiry of listed) {
    const month = expiry.slice(0, 7);
    const known = lastOfMonth.get(month);
    if (known === undefined || expiry > known) lastOfMonth.set(month, expiry);
  }
  return [...lastOfMonth.values()].filter((expiry) => expiry > day).sort()[0] ?? null;
}

export type IvStanding = { iv: number; rank: number | null; percentile: number; low: number; high: number; days: number };

/**
 * IV rank and IV percentile of `now` against the lookback's earlier days (see the header), or null without an
 * earlier day. Rank is null when every IV of the lookback and today is the same (no range to place it in).
 */
export function ivStanding(now: number, earlier: readonly number[]): IvStanding | null {
  if (earlier.length === 0) return null;
  const low = Math.min(now, ...earlier);
  const high = Math.max(now, ...earlier);
  const below = earlier.filter((iv) => iv < now).length;
  return {
    iv: now,
    rank: high === low ? null : round2(((now - low) / (high - low)) * 100),
    percentile: round2((below / earlier.length) * 100),
    low,
    high,
    days: earlier.length,
  };
}
