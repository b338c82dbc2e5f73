/**
 * What the portfolio screen tests share: an in-memory trading backend behind MSW (an unexpected request
 * fails the test) that keeps accounts, portfolios, strategies and bots and records every change it is
 * asked for, the screen rendered as the app mounts it, and readers for what the trader sees.
 */
import { render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { components } from '@openapi/main';
import { baseStrategiesAtom } from '@/features/portfolios/atoms/base-strategies-atom';
import { dailyBotsAtom } from '@/features/portfolios/atoms/daily-bots-atom';
import { tradingBotsAtom } from '@/features/portfolios/atoms/trading-bots-atom';
import { PortfolioScreen } from '@/features/portfolios/routes/portfolio-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { portfolioListStampAtom } from '@/features/portfolios/atoms/portfolio-list-stamp-atom';
import { withoutIsolates } from '@/lib/format/isolate';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { tokenAtom } from '@/lib/session/auth-atoms';
import {
  brokerAccountsAtom,
  brokerPortfoliosAtom,
  selectedAccountAtom,
  selectedPortfolioAtom,
  userDataAtom,
} from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import { clearUserData } from '@/lib/persist/clear-user-data';

type Schemas = components['schemas'];
export type BrokerAccount = Schemas['BrokerAccount'];
export type Portfolio = Schemas['Portfolio'];
export type BaseStrategy = Schemas['BaseStrategy'];
export type TradingBot = Schemas['TradingBot'];
export type DailyBot = Schemas['DailyBot'];
export type BotState = Schemas['BotState'];
export type BotRun = Schemas['BotRun'];

export const API = 'http://api.test';
export const server = setupServer();

export const mainAccount: BrokerAccount = {
  id: 1,
  broker: 'paper',
  name: 'Main paper account',
  account_number: 'PA1234',
  api_key: 'key-main',
  capital: 500000,
  is_logged_in: true,
  session_expires_at: '2026-03-03T00:30:00Z',
};
export const spareAccount: BrokerAccount = { ...mainAccount, id: 2, name: 'Spare account', account_number: 'PA9999', capital: 200000 };

export const shortStraddle: BaseStrategy = {
  id: 11,
  slug: 'short_straddle',
  name: 'Short straddle',
  description: 'Sell the at-the-money call and put.',
  parameters: {
    type: 'object',
    additionalProperties: false,
    required: ['strike_offset', 'expiry'],
    properties: {
      strike_offset: { type: 'integer', title: 'Strike offset', description: 'Steps away from the ATM strike', minimum: -10, maximum: 10, default: 0 },
      expiry: { type: 'string', title: 'Expiry', enum: ['weekly', 'monthly'], default: 'weekly' },
      reenter: { type: 'boolean', title: 'Re-enter after a stop-loss', default: false },
      premium_cap: { type: 'number', exclusiveMinimum: 0, maximum: 500, multipleOf: 0.05 },
    },
  },
};
export const ironCondor: BaseStrategy = {
  id: 12,
  slug: 'iron_condor',
  name: 'Iron condor',
  description: 'Sell a strangle and buy wings on both sides.',
  parameters: {
    type: 'object',
    properties: { wing_width: { type: 'integer', title: 'Wing width', minimum: 50, maximum: 1000, multipleOf: 50, default: 200 } },
  },
};

export const weekly: Portfolio = { id: 21, broker_account: 1, name: 'Weekly expiry', description: 'Expiry-day straddles', capital: 300000 };
export const monthly: Portfolio = { id: 22, broker_account: 1, name: 'Monthly', description: '', capital: 100000 };

export const straddleBot: TradingBot = {
  id: 31,
  portfolio_id: 21,
  name: 'Tuesday straddle',
  base_strategy: 11,
  underlying: 'NIFTY',
  lots: 2,
  stop_loss_pct: 25,
  target_pct: 50,
  status: 'active',
  params: { strike_offset: 0, expiry: 'weekly', reenter: false },
  mode: 'paper',
  entry_from: '09:30',
  entry_until: '14:30',
  exit_time: '15:15',
};
const { entry_from: _from, entry_until: _until, ...botCommon } = straddleBot;
export const morningBot: DailyBot = {
  ...botCommon,
  id: 41,
  name: 'Morning condor',
  base_strategy: 12,
  params: { wing_width: 200 },
  entry_time: '09:20',
  exit_time: '15:10',
  weekdays: [1, 3, 5],
};

export type Recorded = { method: string; path: string; body: unknown };

/** The backend's state for one test; change it before rendering. */
export const backend = {
  accounts: [] as BrokerAccount[],
  portfolios: [] as Portfolio[],
  strategies: [] as BaseStrategy[],
  tradingBots: [] as TradingBot[],
  dailyBots: [] as DailyBot[],
  /** Today's state of each bot (GET /api/bots/state/:portfolioId/ answers those of the portfolio's bots). */
  botStates: [] as BotState[],
  /** Each bot's runs, keyed `kind/id`. */
  botRuns: {} as Record<string, BotRun[]>,
  /** How many times each portfolio's bot states were read. */
  stateReads: [] as number[],
  /** Every PUT, POST and DELETE, in order. */
  changes: [] as Recorded[],
};

let nextId = 100;
const notFound = () => HttpResponse.json({ message: 'Not Found', code: 'not_found' }, { status: 404 });

async function record(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = request.method === 'DELETE' ? undefined : await request.json();
  backend.changes.push({ method: request.method, path: new URL(request.url).pathname, body });
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

/** CRUD for one kind of bot over `key` of the backend; `one` is the answer's field for a single bot. */
function botRoutes(plural: string, singular: string, key: 'tradingBots' | 'dailyBots') {
  const list = () => backend[key] as (TradingBot | DailyBot)[];
  const set = (bots: (TradingBot | DailyBot)[]) => Object.assign(backend, { [key]: bots });
  return [
    http.get(`${API}/api/${plural}/${plural}/:portfolioId/`, ({ params }) =>
      HttpResponse.json({ [plural]: list().filter((bot) => bot.portfolio_id === Number(params.portfolioId)) }),
    ),
    http.post(`${API}/api/${plural}/${plural}/:portfolioId/`, async ({ request }) => {
      const body = await record(request);
      const bot = { status: 'active', ...body, id: (nextId += 1) } as TradingBot;
      set([...list(), bot]);
      return HttpResponse.json({ [singular]: bot }, { status: 201 });
    }),
    http.put(`${API}/api/${plural}/${singular}/:id/`, async ({ request, params }) => {
      const body = await record(request);
      const bot = list().find((candidate) => candidate.id === Number(params.id));
      if (!bot) return notFound();
      const updated = { ...bot, ...body };
      set(list().map((candidate) => (candidate.id === bot.id ? updated : candidate)));
      return HttpResponse.json({ [singular]: updated });
    }),
    http.delete(`${API}/api/${plural}/${singular}/:id/`, async ({ request, params }) => {
      await record(request);
      set(list().filter((bot) => bot.id !== Number(params.id)));
      return HttpResponse.json({ message: 'Deleted' });
    }),
  ];
}

const routes = [
  // The app's reachability probe (lib/network): asked when requests stop being answered.
  http.get(`${API}/api/health/`, () => HttpResponse.json({ status: 'ok' })),
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: backend.accounts })),
  http.get(`${API}/api/portfolios/all-portfolios/:accountId/`, ({ params }) =>
    HttpResponse.json({ portfolios: backend.portfolios.filter((p) => p.broker_account === Number(params.accountId)) }),
  ),
  http.post(`${API}/api/portfolios/portfolios/`, async ({ request }) => {
    const body = await record(request);
    const created = { description: '', ...body, id: (nextId += 1) } as Portfolio;
    backend.portfolios = [...backend.portfolios, created];
    return HttpResponse.json({ portfolios: created }, { status: 201 });
  }),
  http.put(`${API}/api/portfolios/portfolios/:id/`, async ({ request, params }) => {
    const body = await record(request);
    const portfolio = backend.portfolios.find((candidate) => candidate.id === Number(params.id));
    if (!portfolio) return notFound();
    const updated = { ...portfolio, ...body };
    backend.portfolios = backend.portfolios.map((candidate) => (candidate.id === updated.id ? updated : candidate));
    return HttpResponse.json({ portfolios: updated });
  }),
  http.delete(`${API}/api/portfolios/portfolios/:id/`, async ({ request, params }) => {
    await record(request);
    const portfolio = backend.portfolios.find((candidate) => candidate.id === Number(params.id));
    if (!portfolio) return notFound();
    backend.portfolios = backend.portfolios.filter((candidate) => candidate.id !== portfolio.id);
    const remaining = backend.portfolios.filter((candidate) => candidate.broker_account === portfolio.broker_account);
    return HttpResponse.json({ message: 'Deleted', portfolios: remaining });
  }),
  http.get(`${API}/api/bots/state/:portfolioId/`, ({ params }) => {
    const portfolioId = Number(params.portfolioId);
    backend.stateReads.push(portfolioId);
    const mine = (kind: 'trading' | 'daily', id: number) =>
      (kind === 'trading' ? backend.tradingBots : backend.dailyBots).some((bot) => bot.id === id && bot.portfolio_id === portfolioId);
    const bots = backend.botStates.filter((state) => mine(state.kind, state.bot_id));
    return HttpResponse.json({ bots, as_of: '2026-11-24T04:00:00Z' });
  }),
  http.get(`${API}/api/bots/runs/:kind/:id/`, ({ params }) => {
    const kind = params.kind === 'daily' ? 'daily' : 'trading';
    const bot = (kind === 'trading' ? backend.tradingBots : backend.dailyBots).find((candidate) => candidate.id === Number(params.id));
    if (!bot) return notFound();
    return HttpResponse.json({ bot: { kind, id: bot.id, name: bot.name }, runs: backend.botRuns[`${kind}/${bot.id}`] ?? [] });
  }),
  http.get(`${API}/api/base_strategies/base_strategies/`, () => HttpResponse.json({ base_strategies: backend.strategies })),
  ...botRoutes('trading_bots', 'trading_bot', 'tradingBots'),
  ...botRoutes('daily_bots', 'daily_bot', 'dailyBots'),
];

/** Call once at the top of a test file: starts the server and resets the backend and the app state around each test. */
export function usePortfolioBackend() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(async () => {
    // A fresh device: no last-known copy (bots, their states, the catalogue) left by an earlier test.
    await clearUserData();
    configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
    Object.assign(backend, {
      accounts: [mainAccount],
      portfolios: [weekly, monthly],
      strategies: [shortStraddle, ironCondor],
      tradingBots: [straddleBot],
      dailyBots: [morningBot],
      botStates: [],
      botRuns: {},
      stateReads: [],
      changes: [],
    });
    server.use(...routes);
    store.set(tokenAtom, 'token-abc');
    store.set(notificationsAtom, []);
    store.set(userDataAtom, null);
    store.set(brokerAccountsAtom, []);
    store.set(selectedAccountAtom, null);
    store.set(brokerPortfoliosAtom, []);
    store.set(portfolioListStampAtom, null);
    store.set(selectedPortfolioAtom, null);
    store.set(baseStrategiesAtom, null);
    store.set(tradingBotsAtom, { portfolioId: null, bots: [] });
    store.set(dailyBotsAtom, { portfolioId: null, bots: [] });
  });
  afterEach(() => server.resetHandlers());
}

/** In English by default; in French with the app's French catalogue. */
export function renderPortfolioScreen(locale: 'en' | 'fr' = 'en') {
  return render(
    <Provider store={store}>
      <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
        <MemoryRouter initialEntries={['/app/portfolio']}>
          <Routes>
            <Route path="/app/portfolio" element={<PortfolioScreen />} />
          </Routes>
        </MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
}

/** The card of a portfolio or bot, found by its heading. */
export function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

export async function findCard(name: string): Promise<HTMLElement> {
  return screen.findByRole('article', { name });
}

export function cardNames(): string[] {
  return screen.queryAllByRole('article').map((article) => within(article).getByRole('heading').textContent ?? '');
}

/** What a screen reader reads after a field's name: its hint and error (aria-describedby); isolates are silent. */
export function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return withoutIsolates(ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' '));
}

export function field<T extends HTMLElement = HTMLInputElement>(label: string | RegExp): T {
  return screen.getByLabelText(label) as T;
}

export function notifications() {
  return store.get(notificationsAtom).map((n) => ({
    kind: n.kind,
    title: typeof n.title === 'string' ? n.title : n.title.defaultMessage,
    values: n.values,
  }));
}
