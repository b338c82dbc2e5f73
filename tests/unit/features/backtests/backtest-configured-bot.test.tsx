// A backtest of a bot configured on the spot (issue 25): the New backtest screen as the app composes it
// (the backtests feature given the Bots screen's form), choosing a saved bot or one configured here, the
// form's own checks, the request sent; then the report naming the bot as configured and "Save as a bot"
// creating a paused paper bot. HTTP is MSW.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BacktestsScreen } from '@/app/routes/backtests-screen';
import { BacktestReportScreen } from '@/features/backtests/routes/backtest-report-screen';
import { configureApiClients } from '@/lib/api/clients';
import { forgetLastKnown } from '@/lib/persist/last-known';
import { plainText } from '../../support/plain-text';
import { doneBacktest } from './backtest-fixtures';
import { API, handlers, renderAt, resetState, state } from './backtests-harness';

vi.mock('@/features/backtests/components/equity-chart-draw', () => ({ drawEquity: () => () => undefined }));

const shortStraddle = {
  id: 11,
  slug: 'short_straddle',
  name: 'Short straddle',
  description: 'Sell the at-the-money call and put.',
  parameters: {
    type: 'object',
    additionalProperties: false,
    properties: {
      strike_offset: { type: 'integer', title: 'Strike offset', minimum: -10, maximum: 10, default: 0 },
      trailing_sl: { type: 'boolean', title: 'Trailing stop-loss', default: false },
    },
  },
};

const savedBots: unknown[] = [];
const server = setupServer(
  ...handlers,
  http.get(`${API}/api/base_strategies/base_strategies/`, () => HttpResponse.json({ base_strategies: [shortStraddle] })),
  http.post(`${API}/api/daily_bots/daily_bots/:portfolioId/`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    savedBots.push(body);
    return HttpResponse.json({ daily_bot: { ...body, id: 31, status: 'paused', mode: 'paper' } }, { status: 201 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  resetState();
  savedBots.length = 0;
  await forgetLastKnown();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const field = <T extends HTMLElement = HTMLInputElement>(label: RegExp | string) => screen.getByLabelText<T>(label);

async function configureHere(user: ReturnType<typeof userEvent.setup>) {
  renderAt('/app/backtests', <BacktestsScreen />);
  await screen.findByRole('option', { name: 'Morning straddle (NIFTY, Weekly)' });
  await user.click(screen.getByRole('radio', { name: 'Configure a bot here' }));
  await screen.findByLabelText(/^Base strategy/);
}

async function fillRange(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('From'), '07/10/2024');
  await user.type(field('To'), '10/10/2024');
}

// Typing a whole bot form takes several seconds of user-event on a busy 2-core machine.
describe('a bot configured on the spot', { timeout: 45_000 }, () => {
  it('offers the Bots screen’s form instead of the saved bots, and sends the bot it describes', async () => {
    state.backtests = [doneBacktest];
    const user = userEvent.setup();
    await configureHere(user);
    // The saved bots' list gives way to the bot form: strategy, what every bot has, its parameters, its day.
    expect(screen.queryByLabelText('Bot')).toBeNull();
    expect(field<HTMLSelectElement>('Portfolio').value).toBe('3');
    await user.selectOptions(field<HTMLSelectElement>(/^Base strategy/), 'Short straddle');
    await user.type(field(/^Bot name/), 'Quick straddle');
    await user.clear(field(/^Strike offset/));
    await user.type(field(/^Strike offset/), '1');
    await user.click(screen.getByRole('checkbox', { name: 'Trailing stop-loss' }));
    await user.clear(field(/^Entry time/));
    await user.type(field(/^Entry time/), '09:45');
    await fillRange(user);
    await user.click(screen.getByRole('button', { name: 'Start backtest' }));

    await waitFor(() =>
      expect(state.created).toEqual([
        {
          from: '2024-10-07',
          to: '2024-10-10',
          capital: 500000,
          // The form's roll field at its default: a day before expiry (it matters only to a bot holding futures).
          futures_roll_days: 1,
          bot: {
            portfolio_id: 3,
            name: 'Quick straddle',
            base_strategy: 11,
            underlying: 'NIFTY',
            lots: 1,
            stop_loss_pct: 25,
            target_pct: 50,
            params: { strike_offset: 1, trailing_sl: true },
            entry_time: '09:45',
            exit_time: '15:15',
            weekdays: [1, 2, 3, 4, 5],
          },
        },
      ]),
    );
  });

  it('checks the bot as the Bots screen does and sends nothing while a field is wrong', async () => {
    const user = userEvent.setup();
    await configureHere(user);
    await user.clear(field(/^Lots per leg/));
    await user.type(field(/^Lots per leg/), '0');
    await fillRange(user);
    await user.click(screen.getByRole('button', { name: 'Start backtest' }));
    expect(await screen.findByText('Choose the base strategy the bot runs')).toBeTruthy();
    expect(plainText(screen.getByText(/Lots per leg must be/).textContent ?? '')).toBe('Lots per leg must be between 1 and 1,000');
    expect(document.activeElement).toBe(field(/^Base strategy/));
    expect(state.created).toEqual([]);
  });

  it('sends a trading bot with its entry window, and a saved bot again once the trader goes back to one', async () => {
    state.backtests = [doneBacktest];
    const user = userEvent.setup();
    await configureHere(user);
    await user.click(screen.getByRole('radio', { name: 'Trading bot' }));
    await user.selectOptions(field<HTMLSelectElement>(/^Base strategy/), 'Short straddle');
    await user.type(field(/^Bot name/), 'Window straddle');
    expect(screen.queryByLabelText(/^Entry time/)).toBeNull();
    await user.clear(field(/^Entries until/));
    await user.type(field(/^Entries until/), '13:00');
    await fillRange(user);
    await user.click(screen.getByRole('button', { name: 'Start backtest' }));
    await waitFor(() => expect(state.created).toHaveLength(1));
    expect(state.created[0]).toMatchObject({ bot: { name: 'Window straddle', entry_from: '09:30', entry_until: '13:00', exit_time: '15:15' } });
    expect(state.created[0]).not.toHaveProperty('bot.weekdays');

    await user.click(screen.getByRole('radio', { name: 'A saved bot' }));
    await user.selectOptions(field('Bot'), 'Morning straddle (NIFTY, Weekly)');
    await user.click(screen.getByRole('button', { name: 'Start backtest' }));
    await waitFor(() => expect(state.created).toHaveLength(2));
    expect(state.created[1]).toEqual({ from: '2024-10-07', to: '2024-10-10', capital: 500000, futures_roll_days: 1, daily_bot_id: 11 });
  });

  it('is offered in French', async () => {
    renderAt('/app/backtests', <BacktestsScreen />, 'fr');
    expect(await screen.findByRole('radio', { name: 'Configurer un bot ici' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Un bot enregistré' })).toBeTruthy();
  });
});

describe('the report of a bot configured on the spot', () => {
  const configured = {
    ...doneBacktest,
    bot: { ...doneBacktest.bot, id: null, name: 'Quick straddle', params: { strike_offset: 1 }, stop_loss_pct: 30 },
  };

  it('names the bot as configured and saves it as a paused paper bot with the fields backtested', async () => {
    state.backtests = [configured];
    const user = userEvent.setup();
    renderAt('/app/backtests/7', <BacktestReportScreen />);
    const title = await screen.findByRole('heading', { level: 1, name: /configured for this backtest/ });
    expect(plainText(title.textContent ?? '')).toBe('Short straddle 09:20–15:15, configured for this backtest');
    expect(screen.getByText(/has no paper record to compare/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save as a bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as a paper bot' });
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLSelectElement>('Paper portfolio').value).toBe('3'));
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Quick straddle');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(plainText((await screen.findByRole('status')).textContent ?? '')).toContain('Saved as the paper bot Quick straddle in Weekly, paused.');
    expect(savedBots).toEqual([
      {
        portfolio_id: 3,
        name: 'Quick straddle',
        base_strategy: 11,
        underlying: 'NIFTY',
        lots: 1,
        stop_loss_pct: 30,
        target_pct: 50,
        params: { strike_offset: 1 },
        mode: 'paper',
        status: 'paused',
        entry_time: '09:20',
        exit_time: '15:15',
        weekdays: [1, 2, 3, 4, 5],
      },
    ]);
    // Saved once: the button is gone.
    expect(screen.queryByRole('button', { name: 'Save as a bot' })).toBeNull();
  });

  it('offers no save for a saved bot', async () => {
    state.backtests = [doneBacktest];
    renderAt('/app/backtests/7', <BacktestReportScreen />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning straddle' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save as a bot' })).toBeNull();
  });
});
