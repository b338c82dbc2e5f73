// MSW handlers and a renderer for the backtest screens: one paper account, one portfolio, a daily bot and a
// trading bot, the backtests the test sets, and the daily bot's paper record.
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { components } from '@openapi/main';
import { frMessages } from '@/i18n/locales/fr/index';

type Backtest = components['schemas']['Backtest'];
export const API = 'http://api.test';

export const state: {
  backtests: Backtest[];
  reads: number;
  created: unknown[];
  deleted: number[];
  refusal: unknown;
  fail: boolean;
} = { backtests: [], reads: 0, created: [], deleted: [], refusal: null, fail: false };

export function resetState() {
  Object.assign(state, { backtests: [], reads: 0, created: [], deleted: [], refusal: null, fail: false });
}

const account = { id: 1, broker: 'paper', name: 'Paper desk', account_number: 'PA1', api_key: 'k', capital: 500000, is_logged_in: true, session_expires_at: null };
const portfolio = { id: 3, broker_account: 1, name: 'Weekly', description: '', capital: 500000 };
const botBase = { portfolio_id: 3, base_strategy: 1, underlying: 'NIFTY', lots: 1, stop_loss_pct: 30, target_pct: 50, status: 'active', params: {}, mode: 'paper', exit_time: '15:15' };

export const handlers = [
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [account] })),
  http.get(`${API}/api/portfolios/all-portfolios/1/`, () => HttpResponse.json({ portfolios: [portfolio] })),
  http.get(`${API}/api/daily_bots/daily_bots/3/`, () =>
    HttpResponse.json({ daily_bots: [{ ...botBase, id: 11, name: 'Morning straddle', entry_time: '09:20', weekdays: [1, 2, 3, 4, 5] }] }),
  ),
  http.get(`${API}/api/trading_bots/trading_bots/3/`, () =>
    HttpResponse.json({ trading_bots: [{ ...botBase, id: 12, name: 'Trend rider', entry_from: '09:30', entry_until: '14:30' }] }),
  ),
  http.get(`${API}/api/backtests/`, () => {
    state.reads += 1;
    if (state.fail) return HttpResponse.error();
    return HttpResponse.json({ backtests: state.backtests.map((backtest) => ({ ...backtest, trades: [], equity: [], daily: [] })) });
  }),
  http.get(`${API}/api/backtests/:id/`, ({ params }) => {
    state.reads += 1;
    if (state.fail) return HttpResponse.error();
    const found = state.backtests.find((backtest) => backtest.id === Number(params.id));
    return found === undefined ? HttpResponse.json({ message: 'Not found', code: 'not_found' }, { status: 404 }) : HttpResponse.json({ backtest: found });
  }),
  http.post(`${API}/api/backtests/`, async ({ request }) => {
    const body = await request.json();
    state.created.push(body);
    if (state.refusal !== null) return HttpResponse.json(state.refusal, { status: 422 });
    const queued = { ...state.backtests[0]!, id: 99, status: 'queued' as const, progress: 0, summary: null };
    state.backtests = [queued, ...state.backtests];
    return HttpResponse.json({ backtest: queued }, { status: 202 });
  }),
  http.delete(`${API}/api/backtests/:id/`, ({ params }) => {
    const id = Number(params.id);
    state.deleted.push(id);
    const found = state.backtests.find((backtest) => backtest.id === id)!;
    if (found.status === 'queued' || found.status === 'running') {
      const cancelled = { ...found, status: 'cancelled' as const };
      state.backtests = state.backtests.map((backtest) => (backtest.id === id ? cancelled : backtest));
      return HttpResponse.json({ backtest: cancelled });
    }
    state.backtests = state.backtests.filter((backtest) => backtest.id !== id);
    return HttpResponse.json({ backtest: null });
  }),
  http.get(`${API}/api/bots/runs/daily/11/`, () =>
    HttpResponse.json({
      bot: { kind: 'daily', id: 11, name: 'Morning straddle' },
      runs: [
        { trading_day: '2024-07-10', state: 'exited', reason: null, entries: 1, pnl: 900.25, actions: [] },
        { trading_day: '2024-07-09', state: 'exited', reason: null, entries: 1, pnl: -1200, actions: [] },
      ],
    }),
  ),
];

export function renderAt(path: string, screen: ReactNode, locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/app/backtests" element={screen} />
          <Route path="/app/backtests/:id" element={screen} />
        </Routes>
      </MemoryRouter>
    </IntlProvider>,
  );
}
