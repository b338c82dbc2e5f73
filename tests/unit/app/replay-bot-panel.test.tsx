// A replay's bot on the replay desk (issue 39): run a saved bot in the open replay (the backtests' own chooser,
// the bots on the replay's index), see it as the server runs it (its state, its positions and its log, marked as
// the bot's), its refusals said, and its report (the backtests' own sections) once the replayed day has closed.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { ReplayBotPanel } from '@/app/replay/replay-bot-panel';
import { configureApiClients } from '@/lib/api/clients';
import { forgetLastKnown } from '@/lib/persist/last-known';
import type { HeldReplay } from '@/lib/replay/replay-atom';
import { doneBacktest } from '../features/backtests/backtest-fixtures';
import { API, handlers } from '../features/backtests/backtests-harness';
import { botState } from '../features/bot-state-fixtures';

vi.mock('@/features/backtests/components/equity-chart-draw', () => ({ drawEquity: () => () => undefined }));

type Schemas = components['schemas'];

const replay: Schemas['Replay'] = {
  id: 5,
  index: 'NIFTY',
  day: '2024-07-08',
  session: { open: '09:15', close: '15:30', mis_square_off: '15:25' },
  origin: 'history',
  index_path: 'minutes',
  start: '09:15',
  at: '2024-07-08T04:00:00.000Z',
  minute: '09:30',
  speed: 0,
  at_close: false,
  created_at: '2026-11-27T08:00:00.000Z',
  updated_at: '2026-11-27T08:00:00.000Z',
};
const held: HeldReplay = { replay, readAt: Date.now(), asOf: null, move: 0 };

const leg: Schemas['Position'] = {
  tradingsymbol: 'NIFTY2471124300CE',
  exchange: 'NFO',
  product: 'MIS',
  quantity: -25,
  overnight_quantity: 0,
  average_price: 105.35,
  last_price: 99.1,
  close_price: 110,
  pnl: 156.25,
  realised: 0,
  unrealised: 156.25,
  charges: 30,
  charges_status: 'priced',
  net_pnl: 126.25,
  lot_size: 25,
  expiry: '2024-07-11',
  m2m: 156.25,
  buy_quantity: 0,
  buy_price: 0,
  buy_value: 0,
  sell_quantity: 25,
  sell_price: 105.35,
  sell_value: 2633.75,
  day_buy_quantity: 0,
  day_sell_quantity: 25,
  portfolio_id: 1,
  priced: true,
};

const entered: Schemas['BotActionRecord'] = {
  action: 'enter',
  sequence: 1,
  leg: null,
  status: 'completed',
  claimed_at: '2024-07-08T03:50:00.000Z',
  completed_at: '2024-07-08T03:50:00.000Z',
  message: null,
  order_ids: ['1'],
};

const running = (over: Partial<Schemas['ReplayBot']> = {}): Schemas['ReplayBot'] => ({
  bot: { ...doneBacktest.bot },
  account_number: 'RB1',
  attached_at: '2024-07-08T03:45:00.000Z',
  state: botState({ id: 11 }, 'daily', { state: 'in_position', pnl_today: 126.25, entries_today: 1, open_positions: 1, last_action: entered }),
  actions: [entered],
  positions: [leg],
  report_final: false,
  stopped: false,
  ...over,
});

const served: { bot: Schemas['ReplayBot'] | null; attached: unknown[]; refusal: unknown; reports: number; stops: number } = { bot: null, attached: [], refusal: null, reports: 0, stops: 0 };

const server = setupServer(
  ...handlers,
  http.get(`${API}/api/replays/5/bot/`, () => HttpResponse.json({ replay, replay_bot: served.bot })),
  http.post(`${API}/api/replays/5/bot/`, async ({ request }) => {
    served.attached.push(await request.json());
    if (served.refusal !== null) return HttpResponse.json(served.refusal, { status: 409 });
    served.bot = running();
    return HttpResponse.json({ replay, replay_bot: served.bot }, { status: 201 });
  }),
  http.post(`${API}/api/replays/5/bot/stop/`, () => {
    served.stops += 1;
    const exited = { ...entered, action: 'pause_exit' as const, sequence: 2, claimed_at: '2024-07-08T04:10:00.000Z', completed_at: '2024-07-08T04:10:00.000Z' };
    served.bot = running({
      stopped: true,
      actions: [entered, exited],
      positions: [{ ...leg, quantity: 0 }],
      state: botState({ id: 11 }, 'daily', { state: 'exited', pnl_today: 80, entries_today: 1, last_action: exited }),
    });
    return HttpResponse.json({ replay, replay_bot: served.bot });
  }),
  http.get(`${API}/api/replays/5/bot/report/`, () => {
    served.reports += 1;
    const { summary, trades, equity, daily } = doneBacktest;
    return HttpResponse.json({ replay, final: served.bot?.report_final ?? false, summary, trades, equity, daily, risk_stops: [], no_trade_days: [] });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  Object.assign(served, { bot: null, attached: [], refusal: null, reports: 0, stops: 0 });
  await forgetLastKnown();
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderPanel = () =>
  render(
    <IntlProvider locale="en-IN" defaultLocale="en-IN">
      <MemoryRouter>
        <ReplayBotPanel held={held} />
      </MemoryRouter>
    </IntlProvider>,
  );

describe('the replay’s bot on the desk', () => {
  it('runs a saved bot in the replay and shows it as the bot’s: its state, positions and log', async () => {
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Run a bot' }));
    const dialog = screen.getByRole('dialog', { name: 'Run a bot in the replay' });
    await within(dialog).findByRole('option', { name: 'Morning straddle (NIFTY, Weekly)' });
    await user.selectOptions(within(dialog).getByLabelText('Bot'), 'daily:11');
    await user.click(within(dialog).getByRole('button', { name: 'Run it in the replay' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(served.attached).toEqual([{ daily_bot_id: 11, futures_roll_days: 1 }]);
    const panel = screen.getByRole('region', { name: 'Bot in this replay' });
    expect(within(panel).getByText('Bot · RB1')).toBeTruthy();
    expect(within(panel).getByText('Morning straddle · NIFTY')).toBeTruthy();
    expect(within(panel).getByText('In position')).toBeTruthy();
    const positions = within(panel).getByRole('region', { name: 'The bot’s positions' });
    expect(within(positions).getByText('NIFTY 11 Jul 24300 CE')).toBeTruthy();
    const log = within(panel).getByRole('region', { name: 'The bot’s log' });
    expect(log.textContent).toMatch(/Entered.*09:20/);
    // The report before the close is asked for, and says it is not final.
    expect(served.reports).toBe(0);
    await user.click(within(panel).getByRole('button', { name: 'Show the report so far' }));
    expect(await within(panel).findByText(/So far: an open trade is valued/)).toBeTruthy();
  }, 60_000);

  it('stops the bot when the trader confirms: its exit in the log, nothing left to stop', async () => {
    served.bot = running();
    const user = userEvent.setup();
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Bot in this replay' });
    await user.click(await within(panel).findByRole('button', { name: 'Stop the bot' }));
    const ask = screen.getByRole('alertdialog', { name: 'Stop the bot?' });
    expect(served.stops).toBe(0);
    await user.click(within(ask).getByRole('button', { name: 'Stop the bot' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(served.stops).toBe(1);
    expect(within(panel).getByRole('region', { name: 'The bot’s log' }).textContent).toMatch(/Exited on pause.*09:40/);
    expect(within(panel).queryByRole('button', { name: 'Stop the bot' })).toBeNull();
  });

  it('says why the server refused the bot, in the dialog', async () => {
    served.refusal = { message: 'The replay already runs the bot Morning straddle.', code: 'replay_bot_attached' };
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Run a bot' }));
    const dialog = screen.getByRole('dialog', { name: 'Run a bot in the replay' });
    await within(dialog).findByRole('option', { name: 'Morning straddle (NIFTY, Weekly)' });
    await user.click(within(dialog).getByRole('button', { name: 'Run it in the replay' }));
    // No bot chosen: nothing sent, the trader told.
    expect(await within(dialog).findByText('Choose the bot to run in the replay.')).toBeTruthy();
    expect(served.attached).toEqual([]);
    await user.selectOptions(within(dialog).getByLabelText('Bot'), 'trading:12');
    await user.click(within(dialog).getByRole('button', { name: 'Run it in the replay' }));
    expect(await within(dialog).findByText('The replay already runs the bot Morning straddle.')).toBeTruthy();
    expect(served.attached).toEqual([{ trading_bot_id: 12, futures_roll_days: 1 }]);
  }, 60_000);

  it('shows the backtest’s report once the replayed day has closed, as found after a reload', async () => {
    served.bot = running({ report_final: true, positions: [] });
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Bot in this replay' });
    expect(await within(panel).findByText('The replayed day has closed: this is the backtest of the day, to the paisa.')).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Figures' })).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Every trade' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Show the report so far' })).toBeNull();
  });
});
