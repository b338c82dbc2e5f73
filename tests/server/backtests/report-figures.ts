// The report's summary figures checked against its own trades and days, computed here the plain way: the win
// rate, average win and loss and expectancy from the trades' net P&L; the net P&L as the days' sum; the
// maximum drawdown (amount, from the peak's day to the trough's, in trading days) from the running peak of
// the days' cumulative P&L; the best and worst day; the equity curve ending at capital + net P&L.
import { expect } from 'vitest';
import type { components } from '../../../openapi/main.d.ts';

type Backtest = components['schemas']['Backtest'];

const paise = (rupees: number) => Math.round(rupees * 100);

export function expectSummaryOfItsTradesAndDays(report: Backtest, capitalRupees: number): void {
  const summary = report.summary!;
  const nets = report.trades.map((trade) => paise(trade.net_pnl));
  const wins = nets.filter((net) => net > 0);
  const losses = nets.filter((net) => net <= 0);
  const mean = (values: number[]) => (values.length === 0 ? null : Math.round(values.reduce((a, b) => a + b, 0) / values.length) / 100);
  expect(summary.trades).toBe(nets.length);
  expect(summary.win_rate).toBe(nets.length === 0 ? null : wins.length / nets.length);
  // To the paisa: the report averages whole paise, as here.
  expect(summary.avg_win).toBe(mean(wins));
  expect(summary.avg_loss).toBe(mean(losses));
  expect(summary.expectancy).toBe(mean(nets));

  const days = report.daily!;
  expect(days.map((day) => day.date)).toEqual(report.equity.map((point) => point.date));
  const total = days.reduce((sum, day) => sum + paise(day.pnl), 0);
  expect(paise(summary.net_pnl)).toBe(total);
  expect(paise(summary.gross_pnl) - paise(summary.charges.total)).toBe(total);
  expect(paise(report.equity.at(-1)!.equity)).toBe(paise(capitalRupees) + total);

  let cumulative = 0;
  let peak = { value: 0, at: 0 };
  let worst = { amount: 0, from: null as string | null, to: null as string | null, days: 0 };
  for (const [n, day] of days.entries()) {
    cumulative += paise(day.pnl);
    if (cumulative > peak.value) peak = { value: cumulative, at: n };
    if (peak.value - cumulative > worst.amount) worst = { amount: peak.value - cumulative, from: days[peak.at]!.date, to: day.date, days: n - peak.at };
    expect(paise(report.equity[n]!.drawdown)).toBe(peak.value - cumulative);
  }
  expect(summary.max_drawdown).toEqual({ amount: worst.amount / 100, from: worst.from, to: worst.to, days: worst.days });
  const sorted = [...days].sort((a, b) => a.pnl - b.pnl);
  expect(summary.best_day).toEqual(sorted.at(-1));
  expect(summary.worst_day).toEqual(sorted[0]);
}
