// "Compare": a backtest beside the bot's own record (paper, later live) over the days both cover, figure by
// figure. The record has one net P&L per day, so both sides are reduced to the same daily figures. A record
// day without a trade counts as 0; a day it left in position has no P&L yet (null) and is left out of both.
import type { BacktestDay } from '@/features/backtests/api/backtest-calls';
import type { BotRun } from '@/features/backtests/api/saved-bots';
import { toPaise, toRupees } from '@/features/backtests/model/paise';

export type DailyFigures = {
  days: number;
  netPnl: number;
  winningDays: number;
  /** Share of days with a positive P&L, 0 to 1; null without days. */
  winRate: number | null;
  averageDay: number | null;
  bestDay: number | null;
  worstDay: number | null;
  /** The largest fall of the cumulative P&L from an earlier peak, 0 or more. */
  maxDrawdown: number;
};

export type ComparedDay = { date: string; backtest: number; record: number; difference: number };
export type Comparison = { days: ComparedDay[]; backtest: DailyFigures; record: DailyFigures };

export function dailyFigures(pnls: readonly number[]): DailyFigures {
  const paise = pnls.map(toPaise);
  const total = paise.reduce((sum, value) => sum + value, 0);
  let cumulative = 0;
  let peak = 0;
  let drawdown = 0;
  for (const value of paise) {
    cumulative += value;
    peak = Math.max(peak, cumulative);
    drawdown = Math.max(drawdown, peak - cumulative);
  }
  const winning = paise.filter((value) => value > 0).length;
  return {
    days: paise.length,
    netPnl: toRupees(total),
    winningDays: winning,
    winRate: paise.length === 0 ? null : winning / paise.length,
    averageDay: paise.length === 0 ? null : toRupees(Math.round(total / paise.length)),
    bestDay: paise.length === 0 ? null : toRupees(Math.max(...paise)),
    worstDay: paise.length === 0 ? null : toRupees(Math.min(...paise)),
    maxDrawdown: toRupees(drawdown),
  };
}

/** The days both cover, oldest first, and each side's figures over exactly those days. */
export function compareWithRecord(daily: readonly BacktestDay[], runs: readonly BotRun[]): Comparison {
  const recordByDay = new Map<string, number>();
  for (const run of runs) {
    if (run.pnl !== null) recordByDay.set(run.trading_day, run.pnl);
    else if (run.entries === 0) recordByDay.set(run.trading_day, 0);
  }
  const days = daily
    .filter((day) => recordByDay.has(day.date))
    .map((day): ComparedDay => {
      const record = recordByDay.get(day.date)!;
      return { date: day.date, backtest: day.pnl, record, difference: toRupees(toPaise(day.pnl) - toPaise(record)) };
    })
    .sort((a, b) => a.date.localeCompare(b.date));
  return { days, backtest: dailyFigures(days.map((day) => day.backtest)), record: dailyFigures(days.map((day) => day.record)) };
}
