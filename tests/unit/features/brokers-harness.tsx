/**
 * What the broker-account tests share: an MSW server (an unexpected request fails the test) with the API
 * client pointed at it, the two broker screens rendered as the app mounts them, and the session state
 * reset around each test.
 */
import { render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { StrictMode, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { components } from '@openapi/main';
import { brokersAtom } from '@/features/brokers/atoms/brokers-atom';
import { BrokerListScreen } from '@/features/brokers/routes/broker-list-screen';
import { BrokerLoginReturnScreen } from '@/features/brokers/routes/broker-login-return-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { removeValue } from '@/lib/persist/idb-storage';
import { forgetLastKnown } from '@/lib/persist/last-known';
import { notificationsAtom } from '@/lib/notify/notifications-atom';
import { tokenAtom } from '@/lib/session/auth-atoms';
import {
  brokerAccountsAtom,
  loginBrokerAccountIdAtom,
  selectedAccountAtom,
} from '@/lib/session/user-profile-atoms';
import { store } from '@/lib/store';
import { capabilitiesOf } from '../support/broker-capabilities.ts';

export type Broker = components['schemas']['Broker'];
export type BrokerAccount = components['schemas']['BrokerAccount'];

export const API = 'http://api.test';
export const server = setupServer();

export const paper: Broker = {
  id: 1,
  name: 'paper',
  display_name: 'Paper broker (simulated)',
  login_url: '/broker-login/paper',
  capabilities: capabilitiesOf('paper'),
};
export const kite: Broker = { id: 2, name: 'kite', display_name: 'Zerodha Kite', login_url: 'https://kite.example/connect/login?v=3', capabilities: capabilitiesOf('kite') };

/** A session end far ahead, so "logged in" holds whenever the tests run. */
export const SESSION_END = '2099-01-17T06:00:00+05:30';

export const main: BrokerAccount = {
  id: 11,
  broker: 'paper',
  name: 'Main paper account',
  account_number: 'PA1234',
  api_key: 'paper_key+1/2',
  capital: 500000,
  is_logged_in: false,
  session_expires_at: null,
};
export const swing: BrokerAccount = {
  id: 12,
  broker: 'kite',
  name: 'Swing',
  account_number: 'ZX9876',
  api_key: 'kite_abc',
  capital: 1250000.5,
  is_logged_in: true,
  session_expires_at: SESSION_END,
};

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** Call once at the top of a test file: starts the server and resets the session state around each test. */
export function useBrokersServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(async () => {
    // jsdom has no ResizeObserver; Headless UI's menu watches its button with one.
    vi.stubGlobal('ResizeObserver', NoResizeObserver);
    configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
    store.set(tokenAtom, 'token-abc');
    store.set(notificationsAtom, []);
    store.set(brokersAtom, []);
    // Each test is a new session: no last-known copy of another test's accounts, in memory or on the device.
    forgetLastKnown();
    await removeValue('snapshot:brokers:accounts:2');
    store.set(brokerAccountsAtom, []);
    store.set(selectedAccountAtom, null);
    store.set(loginBrokerAccountIdAtom, null);
    // Each account's row reads its execution policy (issue 60): the broker's default, market with protection.
    server.use(http.get(`${API}/api/accounts/account-execution/:accountId/`, () => HttpResponse.json({ execution: executionOf() })));
  });
  afterEach(() => {
    server.resetHandlers();
    vi.unstubAllGlobals();
  });
}

export function serveBrokers(brokers: Broker[] = [paper, kite]) {
  server.use(http.get(`${API}/api/brokers/brokers/`, () => HttpResponse.json({ brokers })));
}

export function serveAccounts(accounts: BrokerAccount[]) {
  server.use(http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: accounts })));
  // Each live account's row reads its compliance state.
  server.use(
    http.get(`${API}/api/accounts/account-compliance/:accountId/`, ({ params }) =>
      HttpResponse.json({ compliance: complianceOf(accounts.find((account) => account.id === Number(params.accountId)) ?? main) }),
    ),
  );
}

/** An account's execution policy as the server answers it: not stored, chosen by the broker's rules (none here). */
export function executionOf(changes: Partial<components['schemas']['ExecutionPolicy']> = {}): components['schemas']['ExecutionPolicy'] {
  const angelOne = { broker: 'angelone', broker_name: 'Angel One', rule: 'no_market' as const, value: null, effective_from: '2026-04-01', source: "Angel One, \"What's changing in SmartAPI access from April 1, 2026\"" };
  return {
    mode: 'market',
    buffer_unit: 'percent',
    buffer_value: 8,
    interval_seconds: 10,
    max_tries: 5,
    max_seconds: 50,
    entry_fallback: 'cancel',
    stored: false,
    rules_of: 'paper',
    paper_rules_of: null,
    rules: [],
    defaults_from: '2026-04-01',
    defaults_source: 'AlgoTest help, "Limit order execution update"',
    limit_only_brokers: [angelOne],
    ...changes,
  };
}

/** A Kite account's compliance state as the server reads it: no orders yet, nothing set. */
export function complianceOf(account: BrokerAccount, changes: Partial<components['schemas']['AccountCompliance']> = {}): components['schemas']['AccountCompliance'] {
  return {
    account_id: account.id,
    session: account.is_logged_in ? { state: 'logged_in', until: account.session_expires_at } : { state: 'logged_out', until: null },
    orders: { peak_per_second: 0, peak_at: null, limits: [{ orders: 10, window_seconds: 1 }, { orders: 400, window_seconds: 60 }, { orders: 5000, window_seconds: null }] },
    algo: { algo_id: null, sent: null, field: null },
    static_ip: null,
    ...changes,
  };
}

type Method = 'post' | 'put' | 'delete';
export type Call = { path: string; body: unknown };

/** Every call of `method` to `path` (MSW path syntax), with its body, and the answer given. */
export function record(method: Method, path: string, answer: (body: unknown) => Response) {
  const calls: Call[] = [];
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      const text = await request.text();
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      calls.push({ path: new URL(request.url).pathname, body });
      return answer(body);
    }),
  );
  return calls;
}

/** Shows where the router is, so a test can see a navigation happen. */
function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function providers(children: ReactNode, strict: boolean, locale: 'en' | 'fr') {
  const tree = (
    <Provider store={store}>
      <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
        {children}
      </IntlProvider>
    </Provider>
  );
  return strict ? <StrictMode>{tree}</StrictMode> : tree;
}

export function renderBrokers(url = '/app/broker', { strict = false, locale = 'en' as 'en' | 'fr' } = {}) {
  return render(
    providers(
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/app/broker" element={<BrokerListScreen />} />
          <Route path="/app/broker/:broker/*" element={<BrokerLoginReturnScreen />} />
        </Routes>
        <Where />
      </MemoryRouter>,
      strict,
      locale,
    ),
  );
}

export function where(): string {
  return screen.getByTestId('where').textContent ?? '';
}

export function notifications() {
  return store.get(notificationsAtom).map((n) => ({
    kind: n.kind,
    title: typeof n.title === 'string' ? n.title : n.title.defaultMessage,
    description: n.description === undefined || typeof n.description === 'string' ? n.description : n.description.defaultMessage,
    values: n.values,
  }));
}

export function input(label: RegExp): HTMLInputElement {
  const element = screen.getByLabelText(label);
  if (!(element instanceof HTMLInputElement)) throw new Error(`${String(label)} is not an input`);
  return element;
}

/** What a screen reader reads after a field's name: its hint and error (aria-describedby). */
export function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
