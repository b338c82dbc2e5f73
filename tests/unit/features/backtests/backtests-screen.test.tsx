// The backtests screen (issue 25): starting a backtest of a saved bot, the server's coded refusal in the
// trader's language, the list's progress read again until done, cancel and delete. HTTP is MSW.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BacktestsScreen } from '@/features/backtests/routes/backtests-screen';
import { configureApiClients } from '@/lib/api/clients';
import { forgetLastKnown } from '@/lib/persist/last-known';
import { plainText } from '../../support/plain-text';
import { doneBacktest } from './backtest-fixtures';
import { API, handlers, renderAt, resetState, state } from './backtests-harness';

const server = setupServer(...handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  resetState();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function fillForm(user: ReturnType<typeof userEvent.setup>, bot: string) {
  await screen.findByRole('option', { name: bot });
  await user.selectOptions(screen.getByLabelText('Bot'), bot);
  await user.type(screen.getByLabelText('From'), '08/07/2024');
  await user.type(screen.getByLabelText('To'), '10/07/2024');
  await user.clear(screen.getByLabelText(/Capital/));
  await user.type(screen.getByLabelText(/Capital/), '250000.5');
}

describe('starting a backtest', () => {
  it('offers the saved daily and trading bots and queues the chosen one over the range with its capital', async () => {
    state.backtests = [doneBacktest];
    const user = userEvent.setup();
    renderAt('/app/backtests', <BacktestsScreen />);
    const select = await screen.findByLabelText('Bot');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(within(select).getByRole('group', { name: 'Daily bots' })).toBeTruthy();
    expect(within(select).getByRole('option', { name: 'Trend rider (NIFTY, Weekly)' })).toBeTruthy();
    await fillForm(user, 'Morning straddle (NIFTY, Weekly)');
    await user.click(screen.getByRole('button', { name: 'Start backtest' }));
    // A future held is rolled a trading day before its expiry unless the trader says otherwise.
    await waitFor(() => expect(state.created).toEqual([{ from: '2024-07-08', to: '2024-07-10', capital: 250000.5, futures_roll_days: 1, daily_bot_id: 11 }]));
    await waitFor(() => expect(screen.getAllByTestId('backtest-row')).toHaveLength(2));
    expect(plainText(screen.getAllByTestId('backtest-row')[0]!.textContent ?? '')).toContain('Queued · 0% done');
  });

  it('offline, after a reload, offers the last-known bots with their time, not "Your bots could not be loaded." (issue 36)', async () => {
    const first = renderAt('/app/backtests', <BacktestsScreen />);
    await screen.findByRole('option', { name: 'Trend rider (NIFTY, Weekly)' });
    first.unmount();
    // A reload on a dead network: nothing of this visit in memory, only the device's copy.
    forgetLastKnown();
    server.use(http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.error()));
    renderAt('/app/backtests', <BacktestsScreen />);
    const select = await screen.findByLabelText('Bot');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(screen.getByText(/^Last known, as of \d\d:\d\d:\d\d IST: it could not be refreshed\.$/, { normalizer: plainText })).toBeTruthy();
    expect(screen.queryByText('Your bots could not be loaded.')).toBeNull();
  });

  it('sends a trading bot as trading_bot_id', async () => {
    state.backtests = [doneBacktest];
    const user = userEvent.setup();
    renderAt('/app/backtests', <BacktestsScreen />);
    await fillForm(user, 'Trend rider (NIFTY, Weekly)');
    await user.click(screen.getByRole('button', { name: 'Start backtest' }));
    await waitFor(() => expect(state.created).toEqual([{ from: '2024-07-08', to: '2024-07-10', capital: 250000.5, futures_roll_days: 1, trading_bot_id: 12 }]));
  });

  it('sends the futures roll the trader chose, 0 to let a future expire, and says what a bad one lacks', async () => {
    state.backtests = [doneBacktest];
    const user = userEvent.setup();
    renderAt('/app/backtests', <BacktestsScreen />);
    await fillForm(user, 'Trend rider (NIFTY, Weekly)');
    const roll = screen.getByLabelText(/Roll futures/);
    await user.clear(roll);
    await user.type(roll, '11');
    await user.click(screen.getByRole('button', { name: 'Start backtest' }));
    expect(await screen.findByText('Enter a whole number of trading days from 0 to 10.')).toBeTruthy();
    expect(state.created).toEqual([]);
    await user.clear(roll);
    await user.type(roll, '0');
    await user.click(screen.getByRole('button', { name: 'Start backtest' }));
    await waitFor(() => expect(state.created).toEqual([{ from: '2024-07-08', to: '2024-07-10', capital: 250000.5, futures_roll_days: 0, trading_bot_id: 12 }]));
  });

  it('says the server’s refusal in French from its code', async () => {
    state.refusal = {
      message: 'No NIFTY option history is imported between 2024-07-08 and 2024-07-10.',
      code: 'backtest_no_history',
      details: { text: { code: 'backtest.no_history', params: { index: 'NIFTY', from: '2024-07-08', to: '2024-07-10' } } },
    };
    const user = userEvent.setup();
    renderAt('/app/backtests', <BacktestsScreen />, 'fr');
    await screen.findByRole('option', { name: 'Morning straddle (NIFTY, Weekly)' });
    await user.selectOptions(screen.getByLabelText('Bot'), 'Morning straddle (NIFTY, Weekly)');
    await user.type(screen.getByLabelText('Du'), '08/07/2024');
    await user.type(screen.getByLabelText('Au'), '10/07/2024');
    await user.click(screen.getByRole('button', { name: 'Lancer le backtest' }));
    const alert = await screen.findByRole('alert');
    expect(plainText(alert.textContent ?? '')).toContain('NIFTY');
    expect(plainText(alert.textContent ?? '')).toContain('08/07/2024');
    expect(plainText(alert.textContent ?? '')).not.toContain('is imported');
  });

  it('asks for a bot before sending anything', async () => {
    const user = userEvent.setup();
    renderAt('/app/backtests', <BacktestsScreen />);
    await screen.findByText('No backtest yet');
    await user.click(screen.getByRole('button', { name: 'Start backtest' }));
    expect(await screen.findByText('Choose the bot to backtest.')).toBeTruthy();
    expect(state.created).toEqual([]);
  });
});

describe('the list', () => {
  it('reads a running backtest again until it is done, then offers its report', async () => {
    state.backtests = [{ ...doneBacktest, status: 'running', progress: 0.4, summary: null }];
    renderAt('/app/backtests', <BacktestsScreen />);
    const row = await screen.findByTestId('backtest-row');
    expect(plainText(row.textContent ?? '')).toContain('Running · 40% done');
    expect(screen.getByRole('progressbar', { name: 'Progress of the backtest of Morning straddle' }).getAttribute('value')).toBe('0.4');
    state.backtests = [doneBacktest];
    expect(await screen.findByRole('link', { name: 'Open report' }, { timeout: 6000 })).toBeTruthy();
    expect(plainText(screen.getByTestId('backtest-row').textContent ?? '')).toContain('Net P&L after charges: +₹1,500.50');
    const reads = state.reads;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    // Done: no more reads.
    expect(state.reads).toBe(reads);
  });

  it('cancels a running backtest at once, and deletes a finished one after asking', async () => {
    state.backtests = [{ ...doneBacktest, id: 8, status: 'running', progress: 0.1, summary: null }, doneBacktest];
    const user = userEvent.setup();
    renderAt('/app/backtests', <BacktestsScreen />);
    await user.click(await screen.findByRole('button', { name: 'Cancel backtest' }));
    await waitFor(() => expect(plainText(screen.getAllByTestId('backtest-row')[0]!.textContent ?? '')).toContain('Cancelled'));
    expect(state.deleted).toEqual([8]);
    await user.click(within(screen.getAllByTestId('backtest-row')[1]!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('backtest-row')).toHaveLength(1));
    expect(state.deleted).toEqual([8, 7]);
  });
});
