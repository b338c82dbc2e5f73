// @vitest-environment node
// The report's pure parts: compare-with-record figures, the P&L calendar and the CSV.
import { describe, expect, it } from 'vitest';
import { compareWithRecord, dailyFigures } from '@/features/backtests/model/compare-record';
import { pnlCalendar } from '@/features/backtests/model/pnl-calendar';
import { csvColumns, reportCsv } from '@/features/backtests/model/report-csv';
import { drawdownPoints } from '@/features/backtests/components/equity-chart-draw';
import { doneBacktest } from './backtest-fixtures';

const run = (trading_day: string, pnl: number | null, entries = 1) => ({ trading_day, state: 'exited' as const, reason: null, entries, pnl, actions: [] });

describe('compare with the bot’s record', () => {
  it('keeps only the days both cover, a record day without trade as 0, a day left in position out', () => {
    const comparison = compareWithRecord(doneBacktest.daily, [
      run('2024-07-11', 300),
      run('2024-07-10', 900.25),
      run('2024-07-09', null, 0),
      run('2024-07-08', null, 1),
    ]);
    expect(comparison.days).toEqual([
      { date: '2024-07-09', backtest: -1000, record: 0, difference: -1000 },
      { date: '2024-07-10', backtest: 1000.5, record: 900.25, difference: 100.25 },
    ]);
    expect(comparison.backtest.netPnl).toBe(0.5);
    expect(comparison.record.netPnl).toBe(900.25);
  });

  it('sums in paise and measures the drawdown from the running peak', () => {
    expect(dailyFigures([0.1, 0.2, -0.3, 1, -0.7, -0.6, 2])).toEqual({
      days: 7,
      netPnl: 1.7,
      winningDays: 4,
      winRate: 4 / 7,
      averageDay: 0.24,
      bestDay: 2,
      worstDay: -0.7,
      maxDrawdown: 1.3,
    });
    expect(dailyFigures([])).toMatchObject({ days: 0, netPnl: 0, winRate: null, bestDay: null, maxDrawdown: 0 });
  });
});

describe('the P&L calendar', () => {
  it('lays each month out Monday to Friday with the days traded', () => {
    const [july] = pnlCalendar(doneBacktest.daily);
    expect(july!.month).toBe('2024-07');
    expect(july!.total).toBe(1500.5);
    // 1 July 2024 is a Monday: the second week holds 8, 9 and 10 July.
    expect(july!.weeks[1]!.slice(0, 3)).toEqual([
      { date: '2024-07-08', pnl: 1500 },
      { date: '2024-07-09', pnl: -1000 },
      { date: '2024-07-10', pnl: 1000.5 },
    ]);
    expect(july!.weeks[1]![3]).toEqual({ date: '2024-07-11', pnl: null });
    expect(july!.weeks).toHaveLength(5);
  });
});

describe('the CSV', () => {
  it('writes a line per leg with its trade’s figures, headers in the given words, and defuses formulas', () => {
    const headers = Object.fromEntries(csvColumns.map((column) => [column, column === 'trade' ? 'Trade, no.' : column])) as Record<(typeof csvColumns)[number], string>;
    const csv = reportCsv({ ...doneBacktest, trades: [{ ...doneBacktest.trades[0]!, legs: [{ ...doneBacktest.trades[0]!.legs[0]!, tradingsymbol: '=HYPERLINK("x")' }] }] }, headers);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]!.startsWith('"Trade, no.",entered_at,exited_at,tradingsymbol')).toBe(true);
    expect(lines[1]).toBe(`1,2024-07-08T04:00:00.000Z,2024-07-08T09:45:00.000Z,"'=HYPERLINK(""x"")",SELL,25,105.35,true,90.1,true,exit,1600,100,1500`);
    expect(reportCsv(doneBacktest, headers).trimEnd().split('\r\n')).toHaveLength(7);
  });
});

describe('the drawdown pane', () => {
  it('draws each drawdown downwards from zero, a day at its peak at 0 and never -0 (its label read "-₹0")', () => {
    const points = drawdownPoints([
      { date: '2024-10-07', equity: 500098, drawdown: 0 },
      { date: '2024-10-08', equity: 500028.36, drawdown: 69.64 },
    ]);
    expect(points.map((point) => point.time)).toEqual(['2024-10-07', '2024-10-08']);
    expect(Object.is(points[0]!.value, 0)).toBe(true);
    expect(points[1]!.value).toBe(-69.64);
  });
});
