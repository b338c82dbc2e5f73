// The dashboard and live trade say what to do next from what the trader has: no broker account, an
// account not logged in to its broker, no portfolio, no bot, or all of it. HTTP is MSW with bodies typed
// from the OpenAPI schemas; an unexpected request fails the test.
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '@openapi/main';
import { isStepDone, nextStep, type SetupFacts } from '@/app/getting-started/setup-progress';
import { DashboardScreen } from '@/app/routes/dashboard-screen';
import { LiveTradeScreen } from '@/app/routes/live-trade-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { withoutIsolates } from '@/lib/format/isolate';

type Schemas = components['schemas'];

const API = 'http://api.test';
// Live trade's option chain, for every test (requests may outlive one): one expiry, no strikes, no stream
// (the feed polls market_data).
const server = setupServer(
    http.get(`${API}/api/market/expiries/`, () =>
      HttpResponse.json({ index: 'NIFTY', underlying: 'NSE:NIFTY 50', expiries: [{ date: '2026-12-01', kind: 'weekly', closes_at: '2026-12-01T10:10:00.000Z' }] } satisfies Schemas['ExpiriesResponse']),
    ),
    http.get(`${API}/api/market/instruments/`, () =>
      HttpResponse.json({
        index: 'NIFTY',
        underlying: 'NSE:NIFTY 50',
        expiry: '2026-12-01',
        kind: 'weekly',
        strike_step: 50,
        lot_size: 65,
        freeze_quantity: 1800,
        valid_until: '2026-12-01T10:00:00Z',
        instruments: [],
      } satisfies Schemas['InstrumentsResponse']),
    ),
    http.post(`${API}/api/market/stream/`, () => HttpResponse.json({ message: 'Not Found', code: 'not_found' }, { status: 404 })),
    http.post(`${API}/analytics/functions/v1/market_data`, () => HttpResponse.json({ data: {} })),
    http.get(`${API}/analytics/rest/v1/commentary`, () =>
      HttpResponse.json([], { headers: { 'x-fetched-at': '2026-11-20T05:00:00.000Z', 'content-range': '*/0' } }),
    ),
);

const account: Schemas['BrokerAccount'] = {
  id: 1,
  broker: 'paper',
  name: 'Main',
  account_number: 'PA1234',
  api_key: 'paper_key',
  capital: 500000,
  is_logged_in: false,
  session_expires_at: null,
};
const loggedIn: Schemas['BrokerAccount'] = { ...account, is_logged_in: true, session_expires_at: '2099-01-17T00:30:00Z' };
const portfolio: Schemas['Portfolio'] = { id: 21, broker_account: 1, name: 'Weekly', description: '', capital: 100000 };
const dailyBot: Schemas['DailyBot'] = {
  id: 41,
  portfolio_id: 21,
  name: 'Morning condor',
  base_strategy: 3,
  underlying: 'NIFTY',
  lots: 1,
  stop_loss_pct: 25,
  target_pct: 50,
  status: 'active',
  params: {},
  mode: 'paper',
  entry_time: '09:20',
  exit_time: '15:10',
  weekdays: [1],
};

type Backend = { accounts: Schemas['BrokerAccount'][]; portfolios: Schemas['Portfolio'][]; dailyBots: Schemas['DailyBot'][] };

function serve({ accounts, portfolios, dailyBots }: Backend) {
  server.use(
    http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: accounts })),
    http.get(`${API}/api/portfolios/all-portfolios/:accountId/`, ({ params }) =>
      HttpResponse.json({ portfolios: portfolios.filter((item) => item.broker_account === Number(params.accountId)) }),
    ),
    http.get(`${API}/api/trading_bots/trading_bots/:portfolioId/`, () => HttpResponse.json({ trading_bots: [] })),
    http.get(`${API}/api/daily_bots/daily_bots/:portfolioId/`, ({ params }) =>
      HttpResponse.json({ daily_bots: dailyBots.filter((bot) => bot.portfolio_id === Number(params.portfolioId)) }),
    ),
    http.get(`${API}/api/bots/state/:portfolioId/`, ({ params }) =>
      HttpResponse.json({
        bots: dailyBots
          .filter((bot) => bot.portfolio_id === Number(params.portfolioId))
          .map((bot) => ({
            kind: 'daily',
            bot_id: bot.id,
            trading_day: '2026-11-20',
            state: 'in_position',
            reason: null,
            pnl_today: -1250.5,
            entries_today: 1,
            open_positions: 2,
            last_action: null,
            next_action_at: null,
            approve_first: false,
          })),
        as_of: '2026-11-20T05:00:00.000Z',
      }),
    ),
    http.get(`${API}/api/position/position/:portfolioId/`, () =>
      HttpResponse.json({ data: { positions: [], status: 'OK', as_of: '2026-11-20T05:00:00.000Z' } }),
    ),
    http.get(`${API}/api/position-book/position-book/:accountNumber`, () =>
      HttpResponse.json({ position_book: { net: [], day: [], margins: { available: 0, used: 0, equity: 0 }, status: 'OK', as_of: null } }),
    ),
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' }));
afterEach(() => server.resetHandlers());

function renderScreen(Screen: ComponentType, locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <MemoryRouter>
        <Screen />
      </MemoryRouter>
    </IntlProvider>,
  );
}

type State = { state: string; backend: Backend; summary: string; current: string; done: string[]; link: [string, string] };

/** Each state: what the backend holds, the step the screens must point to, and where its link goes. */
const states: State[] = [
  {
    state: 'no broker account',
    backend: { accounts: [], portfolios: [], dailyBots: [] },
    summary: 'Start by linking a broker account: every portfolio and bot lives under it.',
    current: 'Link a broker account',
    done: [],
    link: ['Go to broker accounts', '/app/broker'],
  },
  {
    state: 'an account not logged in to its broker',
    backend: { accounts: [account], portfolios: [], dailyBots: [] },
    summary: 'Your broker account is linked. Log in to your broker to open today’s session.',
    current: 'Log in to your broker',
    done: ['Link a broker account'],
    link: ['Go to broker accounts', '/app/broker'],
  },
  {
    state: 'no portfolio',
    backend: { accounts: [loggedIn], portfolios: [], dailyBots: [] },
    summary: 'You are logged in to your broker. Create a portfolio to group your bots.',
    current: 'Create a portfolio',
    done: ['Link a broker account', 'Log in to your broker'],
    link: ['Go to portfolios', '/app/portfolio'],
  },
  {
    state: 'no bot',
    backend: { accounts: [loggedIn], portfolios: [portfolio], dailyBots: [] },
    summary: 'Your portfolio is ready. Add a bot to it.',
    current: 'Add a bot',
    done: ['Link a broker account', 'Log in to your broker', 'Create a portfolio'],
    link: ['Go to portfolios', '/app/portfolio'],
  },
];

const allDone: Backend = { accounts: [loggedIn], portfolios: [portfolio], dailyBots: [dailyBot] };

function stepNames(filter: (step: HTMLElement) => boolean): string[] {
  return within(within(screen.getByRole('region', { name: /^(Getting started|Pour commencer)$/ })).getByRole('list'))
    .getAllByRole('listitem')
    .filter(filter)
    .map((step) => within(step).getByRole('heading', { level: 3 }).textContent ?? '');
}

describe('the dashboard', () => {
  it.each(states)('with $state, points to the next step and marks the ones done', async ({ backend, summary, current, done, link }) => {
    serve(backend);
    renderScreen(DashboardScreen);
    expect((await screen.findByText(summary)).getAttribute('role')).toBe('status');
    expect(stepNames((step) => step.getAttribute('aria-current') === 'step')).toEqual([current]);
    expect(stepNames((step) => within(step).queryByText('Done') !== null)).toEqual(done);
    const next = screen.getByRole('listitem', { current: 'step' });
    expect(within(next).getByRole('link', { name: link[0] }).getAttribute('href')).toBe(link[1]);
  });

  it('with no broker account, says so in the positions tile too, never that positions could not be read', async () => {
    serve(states[0]!.backend);
    renderScreen(DashboardScreen);
    const positions = await screen.findByRole('region', { name: 'Open positions' });
    expect(await within(positions).findByText('No broker account linked yet.')).toBeTruthy();
    expect(screen.queryByText('Positions could not be read')).toBeNull();
  });

  it('with everything done, says so and shows the day instead of the steps', async () => {
    serve(allDone);
    renderScreen(DashboardScreen);
    expect(await screen.findByText(/^You are set up/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
    expect(screen.queryByRole('listitem', { current: 'step' })).toBeNull();
    const pnl = screen.getByRole('region', { name: 'P&L today' });
    // No trade today: ₹0.00 net, and the figure says it is net with gross and charges beside it.
    expect(await within(pnl).findByText(/Gross ₹0\.00 · charges ₹0\.00/, { normalizer: (text) => text.replace(/[\u2066-\u2069]/g, '') })).toBeTruthy();
    const bots = screen.getByRole('region', { name: 'Bots' });
    expect(within(bots).getByText('1 running · 1 in position · 0 paused')).toBeTruthy();
    // Net, with its sign and its word: colour is not the only signal.
    expect(within(bots).getByText('Net P&L today')).toBeTruthy();
    expect(withoutIsolates(bots.querySelector('[data-field="bot-pnl"]')?.textContent ?? '')).toBe('loss-₹1,250.50');
    expect(within(bots).queryByText(/do not trade/)).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Open positions' })).getByText('No open position')).toBeTruthy();
  });

  it('counts a session closed at 06:00 IST as not logged in, even with portfolios and bots', async () => {
    serve({ ...allDone, accounts: [{ ...loggedIn, session_expires_at: '2020-01-17T00:30:00Z' }] });
    renderScreen(DashboardScreen);
    expect(await screen.findByText('Your broker account is linked. Log in to your broker to open today’s session.')).toBeTruthy();
    expect(stepNames((step) => within(step).queryByText('Done') !== null)).toEqual([
      'Link a broker account',
      'Create a portfolio',
      'Add a bot',
    ]);
  });

  it('speaks French', async () => {
    serve(allDone);
    renderScreen(DashboardScreen, 'fr');
    expect(await screen.findByText(/^Tout est prêt/)).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'P&L du jour' })).toBeTruthy();
  });
});

describe('live trade', () => {
  it('with no broker account, names the first step and links to it', async () => {
    serve(states[0]!.backend);
    renderScreen(LiveTradeScreen);
    const region = await screen.findByRole('region', { name: 'Set up a broker account to trade' });
    expect(within(region).getByText(/The next step is: Link a broker account\.$/)).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'Go to broker accounts' }).getAttribute('href')).toBe('/app/broker');
  });

  afterEach(() => vi.unstubAllGlobals());

  it('with an account not logged in to its broker, shows the desk with a way to log in', async () => {
    serve(states[1]!.backend);
    // A phone's desk (jsdom has no matchMedia): the link stands under the folded line, not inside its sheet.
    renderScreen(LiveTradeScreen);
    expect((await screen.findByRole('link', { name: 'Log in to the broker' })).getAttribute('href')).toBe('/app/broker');
    expect(screen.queryByRole('region', { name: 'Set up a broker account to trade' })).toBeNull();
  });

  it('with everything done, opens the desk on the account and its portfolio, with its positions', async () => {
    // A laptop: the pickers over the chain. (jsdom has no matchMedia: without this stub it is a phone.)
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    serve(allDone);
    renderScreen(LiveTradeScreen);
    const portfolioChoice = await screen.findByRole('combobox', { name: 'Portfolio' });
    await waitFor(() => expect((portfolioChoice as HTMLSelectElement).value).toBe(String(portfolio.id)));
    expect(await screen.findByText('No positions today.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in to the broker' })).toBeNull();
  });

  it.each([
    { locale: 'en', line: 'PaperPA1234 · NIFTY · 1 Dec · ±10 strikes', sheet: 'Account and chain', portfolioLabel: 'Portfolio', option: 'Paper · Main (PA1234)' },
    { locale: 'fr', line: 'SimuléPA1234 · NIFTY · 1 déc. · ±10 prix d’exercice', sheet: 'Compte et chaîne', portfolioLabel: 'Portefeuille', option: 'Simulé · Main (PA1234)' },
  ] as const)('on a phone ($locale), folds the account and the chain into one line that opens them in a sheet', async ({ locale, line, sheet, portfolioLabel, option }) => {
    // Issue 36: five pickers filled the phone's first screen and no strike showed.
    serve(allDone);
    renderScreen(LiveTradeScreen, locale);
    const fold = await screen.findByTestId('desk-fold');
    await waitFor(() => expect(withoutIsolates(fold.textContent ?? '').replace(/^.*?:/, '')).toBe(line));
    expect(screen.queryByRole('combobox')).toBeNull();
    await userEvent.click(fold);
    const dialog = await screen.findByRole('dialog', { name: sheet });
    const account = within(dialog).getAllByRole('combobox')[0] as HTMLSelectElement;
    // Paper or live first: a select too narrow cuts the end of its text, never the mode.
    expect(withoutIsolates(account.selectedOptions[0]?.textContent ?? '')).toBe(option);
    expect((within(dialog).getByRole('combobox', { name: portfolioLabel }) as HTMLSelectElement).value).toBe(String(portfolio.id));
    expect(within(dialog).getAllByRole('combobox')).toHaveLength(5);
  });
});

describe('setup progress', () => {
  const facts = (partial: Partial<SetupFacts>): SetupFacts => ({ hasAccount: false, loggedIn: false, hasPortfolio: false, hasBot: false, ...partial });

  it('takes the first step not done, in the order they can be done', () => {
    expect(nextStep(facts({}))).toBe('link-account');
    expect(nextStep(facts({ hasAccount: true }))).toBe('log-in');
    expect(nextStep(facts({ hasAccount: true, loggedIn: true }))).toBe('create-portfolio');
    expect(nextStep(facts({ hasAccount: true, loggedIn: true, hasPortfolio: true }))).toBe('add-bot');
    expect(nextStep(facts({ hasAccount: true, loggedIn: true, hasPortfolio: true, hasBot: true }))).toBeNull();
    expect(isStepDone('log-in', facts({ loggedIn: true }))).toBe(false);
  });
});
