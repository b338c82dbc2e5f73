// The backtest report (issue 25): every figure, charges by kind, the calendar, each trade with its legs,
// modelled marks and exit rule, the comparison with the bot's paper record, French, and the report kept on
// the device for offline. HTTP is MSW.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BacktestReportScreen } from '@/features/backtests/routes/backtest-report-screen';
import { configureApiClients } from '@/lib/api/clients';
import { forgetLastKnown } from '@/lib/persist/last-known';
import { plainText } from '../../support/plain-text';
import { doneBacktest, trade } from './backtest-fixtures';
import { API, handlers, renderAt, resetState, state } from './backtests-harness';

// The chart draws on a canvas jsdom has not: what it is given to draw is what this test reads.
const drawEquity = vi.hoisted(() => vi.fn((_box: HTMLElement, _points: unknown) => () => undefined));
vi.mock('@/features/backtests/components/equity-chart-draw', () => ({ drawEquity }));

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  resetState();
  state.backtests = [doneBacktest];
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const text = (element: Element) => plainText(element.textContent ?? '');

function figure(name: string): string {
  const list = screen.getByTestId('summary-figures');
  const term = within(list).getByText(name, { selector: 'dt' });
  return text(term.parentElement!);
}

describe('the report', () => {
  it('shows every figure of the summary', async () => {
    renderAt('/app/backtests/7', <BacktestReportScreen />);
    await screen.findByTestId('summary-figures');
    expect(screen.getByRole('heading', { level: 1, name: 'Morning straddle' })).toBeTruthy();
    expect(figure('Net P&L after charges')).toBe('Net P&L after charges+₹1,500.50Gross P&L +₹1,800.50');
    expect(figure('Charges')).toBe('Charges₹300.00');
    expect(figure('Trades')).toBe('Trades3');
    expect(figure('Win rate')).toBe('Win rate66.7%');
    expect(figure('Average win')).toBe('Average win+₹1,250.25');
    expect(figure('Average loss')).toBe('Average loss-₹1,000.00');
    expect(figure('Expectancy (per trade)')).toBe('Expectancy (per trade)+₹500.17');
    expect(figure('Maximum drawdown')).toBe('Maximum drawdown₹1,000.0008 Jul 2024 to 09 Jul 2024, 1 trading day');
    expect(figure('Best day')).toBe('Best day+₹1,500.00on 08 Jul 2024');
    expect(figure('Worst day')).toBe('Worst day-₹1,000.00on 09 Jul 2024');
    expect(figure('Most margin used')).toBe('Most margin used₹2,35,000.00');
    expect(figure('Prices modelled')).toBe('Prices modelled50%Fills: 3 at real prices, 3 modelled');
    const kinds = within(screen.getByTestId('charges-by-kind')).getAllByRole('definition').map(text);
    expect(kinds).toEqual(['₹80.00', '₹210.00', '₹5.00', '₹1.00', '₹1.00', '₹3.00']);
    await vi.waitFor(() => expect(drawEquity).toHaveBeenCalled());
    expect(drawEquity.mock.calls.at(-1)![1]).toEqual(doneBacktest.equity);
    expect(screen.getByTestId('equity-chart').getAttribute('aria-label')).toBe(
      'Equity from \u206808 Jul 2024\u2069 to \u206810 Jul 2024\u2069, ending at \u2068₹5,01,500.50\u2069; deepest drawdown \u2068₹1,000.00\u2069.',
    );
  });

  it('shows what the execution policy cost when it re-priced the bot’s orders, and nothing when it did not', async () => {
    state.backtests = [{ ...doneBacktest, summary: { ...doneBacktest.summary!, execution_slippage: { amount: 16.88, orders: 4 } } }];
    renderAt('/app/backtests/7', <BacktestReportScreen />);
    await screen.findByTestId('summary-figures');
    expect(figure('Cost of limit orders')).toBe('Cost of limit orders₹16.88against the mid when first priced, over 4 orders re-priced by the execution policy');
  });

  it('leaves the cost of limit orders out for a MARKET account', async () => {
    renderAt('/app/backtests/7', <BacktestReportScreen />);
    await screen.findByTestId('summary-figures');
    expect(within(screen.getByTestId('summary-figures')).queryByText('Cost of limit orders')).toBeNull();
  });

  it('lays the daily P&L out on a calendar and lists every trade with its legs, modelled prices and exit rule', async () => {
    renderAt('/app/backtests/7', <BacktestReportScreen />);
    const month = await screen.findByTestId('calendar-month');
    expect(text(month.querySelector('caption')!)).toBe('July 2024: +₹1,501');
    expect(within(month).getByTitle((title) => plainText(title) === '08 Jul 2024: +₹1,500.00')).toBeTruthy();
    const trades = screen.getAllByTestId('backtest-trade');
    expect(trades).toHaveLength(3);
    expect(text(trades[1]!)).toContain('Closed by Stop-loss · gross -₹900.00, charges ₹100.00, net -₹1,000.00');
    expect(text(trades[1]!)).toContain('Stop-loss hit at 30%');
    const legs = within(trades[0]!).getAllByRole('row').slice(1).map(text);
    expect(legs).toEqual(['NIFTY 11 Jul 24300 CESELL25₹105.35modelled₹90.10modelledExit time', 'NIFTY 11 Jul 24300 PESELL25₹98.20₹101.45Exit time']);
    expect(text(within(trades[2]!).getAllByRole('row')[1]!)).toBe('NIFTY 11 Jul 24300 CESELL25₹105.35modelled₹90.10Expiry (settlement price)');
  });

  // Issue 62: backtest trades did not show MIS or NRML.
  it('says each trade’s product, and nothing for a report made before it was recorded (en, fr)', async () => {
    state.backtests = [{ ...doneBacktest, trades: [{ ...trade(1, '2024-07-08', 1500), product: 'MIS' }, { ...trade(2, '2024-07-09', -1000), product: 'NRML' }, trade(3, '2024-07-10', 1)] }];
    const { unmount } = renderAt('/app/backtests/7', <BacktestReportScreen />);
    await screen.findAllByTestId('backtest-trade');
    const products = () => screen.getAllByTestId('backtest-trade').map((item) => item.querySelector('[data-testid="backtest-trade-product"]')?.textContent ?? null);
    expect(products()).toEqual(['Intraday (MIS)', 'Overnight (NRML)', null]);
    unmount();
    renderAt('/app/backtests/7', <BacktestReportScreen />, 'fr');
    await screen.findAllByTestId('backtest-trade');
    expect(products()).toEqual(['Intrajournalier (MIS)', 'Report (NRML)', null]);
  });

  it('compares the backtest with the bot’s paper record over the days both cover, figure by figure', async () => {
    renderAt('/app/backtests/7', <BacktestReportScreen />);
    const figures = await screen.findByTestId('compare-figures');
    expect(text(screen.getByText(/both cover/))).toBe('Over the 2 days both cover, 09 Jul 2024 to 10 Jul 2024.');
    const rows = within(figures).getAllByRole('row').map(text);
    expect(rows[0]).toBe('FigureBacktestPaperDifference');
    expect(rows[1]).toBe('Net P&L after charges+₹0.50-₹299.75+₹300.25');
    expect(rows[2]).toBe('Days220');
    expect(rows).toContain('Worst day-₹1,000.00-₹1,200.00+₹200.00');
    // A drawdown is an amount, not a gain: no sign on either side.
    expect(rows).toContain('Maximum drawdown₹1,000.00₹1,200.00-₹200.00');
  });

  it('exports the trades as CSV', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:report';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAt('/app/backtests/7', <BacktestReportScreen />);
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    expect(csv.split('\r\n')[0]).toBe('Trade,Entered at,Exited at,Symbol,Side,Qty,Entry price,Entry modelled,Exit price,Exit modelled,Closed by,Trade gross P&L,Trade charges,Trade net P&L');
    expect(csv.trimEnd().split('\r\n')).toHaveLength(7);
    click.mockRestore();
  });

  it('speaks French', async () => {
    renderAt('/app/backtests/7', <BacktestReportScreen />, 'fr');
    await screen.findByTestId('summary-figures');
    expect(figure('P&L net de frais')).toContain('P&L brut');
    expect(screen.getByRole('heading', { name: 'Comparer avec l’historique du bot' })).toBeTruthy();
    const figures = await screen.findByTestId('compare-figures');
    expect(within(figures).getAllByRole('columnheader').map(text)).toEqual(['Chiffre', 'Backtest', 'Papier', 'Écart']);
  });

  // Issue 63: a future rolled to the next month inside a backtest.
  it('shows a trade\'s futures roll with its spread, the month closed by the roll (en, fr)', async () => {
    const leg = (tradingsymbol: string, expiry: string, exit: number, rule: 'roll' | 'end_of_backtest') => ({
      tradingsymbol,
      option_type: 'FUT' as const,
      strike: null,
      expiry,
      side: 'BUY' as const,
      quantity: 500,
      entry_price: 1546,
      exit_price: exit,
      entry_modelled: true,
      exit_modelled: true,
      exit_rule: rule,
    });
    const roll = { at: '2025-12-29T09:59:00.000Z', from: 'RELIANCE25DECFUT', to: 'RELIANCE26JANFUT', side: 'BUY' as const, quantity: 500, from_quantity: 500, close_price: 1545.2, open_price: 1554.6, spread: 9.4, spread_paid: 4700, charges: 120.5 };
    const rolled = { ...trade(1, '2024-07-08', 1500), legs: [leg('RELIANCE25DECFUT', '2025-12-30', 1545.2, 'roll'), leg('RELIANCE26JANFUT', '2026-01-27', 1597, 'end_of_backtest')], rolls: [roll] };
    state.backtests = [{ ...doneBacktest, trades: [rolled] }];
    const { unmount } = renderAt('/app/backtests/7', <BacktestReportScreen />);
    const line = await screen.findByTestId('backtest-roll');
    expect(text(line)).toMatch(/^RELIANCE 30 Dec FUT rolled to RELIANCE 27 Jan FUT on .*: spread \+₹9\.40 a unit, \+₹4,700\.00 on the position, charges ₹120\.50$/);
    expect(text(within(screen.getByTestId('backtest-trade')).getAllByRole('row')[1]!)).toContain('Rolled to the next month');
    unmount();
    renderAt('/app/backtests/7', <BacktestReportScreen />, 'fr');
    expect(text(await screen.findByTestId('backtest-roll'))).toMatch(/^RELIANCE 30 déc\. FUT reporté sur RELIANCE 27 janv\. FUT le .* : écart \+9,40 ₹ par unité, \+4 700,00 ₹ sur la position, frais 120,50 ₹$/);
  });

  it('says in French which trade the risk limit closed and when it stopped the day', async () => {
    const at = doneBacktest.trades[0]!.exited_at;
    const reason = { code: 'kill_switch.max_loss' as const, params: { loss: 1500, limit: 1500 } };
    const english = 'Risk limit: today’s loss of ₹1,500.00 reached your maximum loss of ₹1,500.00.';
    const trades = doneBacktest.trades.map((trade, index) => (index === 0 ? { ...trade, exit_rule: 'kill_switch' as const, reason: english, reason_i18n: reason } : trade));
    state.backtests = [{ ...doneBacktest, trades, risk_stops: [{ at, reason: english, reason_i18n: reason }] }];
    renderAt('/app/backtests/7', <BacktestReportScreen />, 'fr');
    const stop = await screen.findByTestId('backtest-risk-stop');
    expect(text(stop)).toMatch(/^Une limite de risque a arrêté le trading à .*, pour le reste de la journée : Limite de risque : la perte du jour de 1 500,00 ₹ a atteint votre perte maximale de 1 500,00 ₹\.$/);
    expect(text(screen.getAllByTestId('backtest-trade')[0]!)).toContain('Limite de risque : la perte du jour de 1 500,00 ₹');
    expect(screen.queryByText(english)).toBeNull();
  });

  it('reads a running backtest again until its report is in', async () => {
    state.backtests = [{ ...doneBacktest, status: 'running', progress: 0.5, summary: null, trades: [], equity: [], daily: [] }];
    renderAt('/app/backtests/7', <BacktestReportScreen />);
    expect(text(await screen.findByTestId('backtest-status'))).toContain('Running · 50% done');
    state.backtests = [doneBacktest];
    expect(await screen.findByTestId('summary-figures', {}, { timeout: 6000 })).toBeTruthy();
  });
});

describe('offline', () => {
  it('opens a report read before from the device, with the time it was read', async () => {
    const first = renderAt('/app/backtests/7', <BacktestReportScreen />);
    await screen.findByTestId('summary-figures');
    first.unmount();
    // A reload: nothing in memory, the copy comes from IndexedDB.
    forgetLastKnown();
    state.fail = true;
    renderAt('/app/backtests/7', <BacktestReportScreen />);
    expect(text(await screen.findByText(/^Last known, as of/))).toMatch(/^Last known, as of .+ IST: it could not be refreshed\.$/);
    expect(figure('Net P&L after charges')).toContain('+₹1,500.50');
  });
});
