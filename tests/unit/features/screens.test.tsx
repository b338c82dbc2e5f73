import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { type ComponentType } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BrokerListScreen } from '@/features/brokers/routes/broker-list-screen.tsx';
import { BrokerLoginReturnScreen } from '@/features/brokers/routes/broker-login-return-screen.tsx';
import { ErrorPageScreen } from '@/features/errors/routes/error-page-screen.tsx';
import { PortfolioScreen } from '@/features/portfolios/routes/portfolio-screen.tsx';
import { SettingsScreen } from '@/features/settings/routes/settings-screen.tsx';
import alerts from '@/i18n/locales/fr/alerts.json';
import analytics from '@/i18n/locales/fr/analytics.json';
import brokers from '@/i18n/locales/fr/brokers.json';
import charts from '@/i18n/locales/fr/charts.json';
import common from '@/i18n/locales/fr/common.json';
import errors from '@/i18n/locales/fr/errors.json';
import form from '@/i18n/locales/fr/form.json';
import orders from '@/i18n/locales/fr/orders.json';
import portfolios from '@/i18n/locales/fr/portfolios.json';
import positions from '@/i18n/locales/fr/positions.json';
import settings from '@/i18n/locales/fr/settings.json';
import strategies from '@/i18n/locales/fr/strategies.json';
import validation from '@/i18n/locales/fr/validation.json';
import { configureApiClients } from '@/lib/api/clients';
import { plainText } from '../support/plain-text.ts';
import { capabilitiesOf } from '../support/broker-capabilities.ts';

const frMessages: Record<string, string> = {
  ...alerts,
  ...analytics,
  ...brokers,
  ...charts,
  ...common,
  ...errors,
  ...form,
  ...orders,
  ...portfolios,
  ...positions,
  ...settings,
  ...strategies,
  ...validation,
};

let intlErrors: string[] = [];

afterEach(() => {
  intlErrors = [];
});

/** Renders `Screen` at `url`, mounted on `path` as the app's router mounts it (under an /app layout), in French. */
function renderScreen(Screen: ComponentType, path: string, url: string) {
  const route = path.startsWith('/app/') ? (
    <Route path="/app" element={<Outlet />}>
      <Route path={path.slice('/app/'.length)} element={<Screen />} />
    </Route>
  ) : (
    <Route path={path} element={<Screen />} />
  );
  return render(
    <IntlProvider locale="fr-FR" messages={frMessages} onError={(error) => intlErrors.push(error.message)}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>{route}</Routes>
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('broker screens', () => {
  const api = 'http://api.test';
  const account = {
    id: 11,
    broker: 'paper',
    name: 'Compte principal',
    account_number: 'PA1234',
    api_key: 'paper_key',
    capital: 500000,
    is_logged_in: false,
    session_expires_at: null,
  };
  let accounts: (typeof account)[] = [];
  const server = setupServer(
    http.get(`${api}/api/brokers/brokers/`, () =>
      HttpResponse.json({ brokers: [{ id: 1, name: 'paper', display_name: 'Paper broker', login_url: '/broker-login/paper', capabilities: capabilitiesOf('paper') }] }),
    ),
    http.get(`${api}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: accounts })),
  );

  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    configureApiClients({ apiBaseUrl: api, analyticsUrl: `${api}/analytics`, analyticsAnonKey: 'k' });
  });
  afterAll(() => server.close());

  it('BrokerListScreen lists the accounts in French', async () => {
    accounts = [account];
    renderScreen(BrokerListScreen, '/app/broker', '/app/broker');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Comptes de courtage');
    expect(screen.getByRole('status').textContent).toBe('Chargement de vos comptes de courtage…');
    const item = await screen.findByRole('listitem', { name: 'Compte principal' });
    expect(within(item).getByText('Déconnecté')).toBeTruthy();
    expect(within(item).getByText('500 000,00 ₹', { normalizer: plainText })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Se connecter au courtier : Compte principal' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter un compte' })).toBeTruthy();
    expect(intlErrors).toEqual([]);
  });

  it('BrokerListScreen leads to linking a first account when there is none', async () => {
    accounts = [];
    renderScreen(BrokerListScreen, '/app/broker', '/app/broker');
    const empty = await screen.findByRole('region', { name: 'Liez votre premier compte de courtage' });
    expect(within(empty).getByRole('button', { name: 'Ajouter un compte' })).toBeTruthy();
    expect(intlErrors).toEqual([]);
  });

  it('BrokerLoginReturnScreen names the broker of the URL and says a cancelled login was cancelled', () => {
    renderScreen(BrokerLoginReturnScreen, '/app/broker/:broker/*', '/app/broker/paper/callback?status=cancelled');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Connexion au courtier');
    expect(screen.getByText('Courtier : Courtier papier (simulé)')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Connexion au courtier annulée');
    const back = screen.getByRole('link', { name: 'Retour aux comptes de courtage' });
    expect(back.getAttribute('href')).toBe('/app/broker');
    expect(intlErrors).toEqual([]);
  });
});

describe('PortfolioScreen', () => {
  const api = 'http://api.test';
  const account = {
    id: 11,
    broker: 'paper',
    name: 'Compte principal',
    account_number: 'PA1234',
    api_key: 'paper_key',
    capital: 500000,
    is_logged_in: true,
    session_expires_at: null,
  };
  const portfolio = { id: 5, broker_account: 11, name: 'Hebdomadaire', description: '', capital: 300000 };
  const server = setupServer(
    http.get(`${api}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [account] })),
    http.get(`${api}/api/portfolios/all-portfolios/11/`, () => HttpResponse.json({ portfolios: [portfolio] })),
    http.get(`${api}/api/base_strategies/base_strategies/`, () => HttpResponse.json({ base_strategies: [] })),
    http.get(`${api}/api/trading_bots/trading_bots/5/`, () => HttpResponse.json({ trading_bots: [] })),
    http.get(`${api}/api/daily_bots/daily_bots/5/`, () => HttpResponse.json({ daily_bots: [] })),
    http.get(`${api}/api/bots/state/5/`, () => HttpResponse.json({ bots: [], as_of: '2026-11-20T05:00:00Z' })),
  );

  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    configureApiClients({ apiBaseUrl: api, analyticsUrl: `${api}/analytics`, analyticsAnonKey: 'k' });
  });
  afterAll(() => server.close());

  it('shows the account’s portfolios and leads to a first bot, in French', async () => {
    renderScreen(PortfolioScreen, '/app/portfolio', '/app/portfolio');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Portefeuilles et bots');
    const card = await screen.findByRole('article', { name: 'Hebdomadaire' });
    expect(within(card).getByText('Aucune description')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Compte de courtage' })).toBeTruthy();
    expect(screen.getByText('300 000 ₹ alloués sur 500 000 ₹', { normalizer: plainText })).toBeTruthy();
    const empty = await screen.findByRole('region', { name: 'Aucun bot de trading pour l’instant' });
    expect(within(empty).getByRole('button', { name: 'Créez un bot à partir d’une stratégie de base' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Bots de trading (0)' })).toBeTruthy();
    expect(screen.getByText('Trading simulé uniquement')).toBeTruthy();
    expect(intlErrors).toEqual([]);
  });
});

// The dashboard and live trade follow what the trader has: tests/unit/app/getting-started.test.tsx.

describe('ErrorPageScreen', () => {
  it.each(['/app/error-page-1', '/auth/error-page-1'])('at %s says something went wrong and links home', (url) => {
    renderScreen(ErrorPageScreen, url, url);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Un problème est survenu');
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe('/');
    expect(intlErrors).toEqual([]);
  });
});

describe('SettingsScreen', () => {
  const mount = '/app/pages/setting/*';
  const api = 'http://api.test';
  const profile = {
    id: 1,
    email: 'asha@example.in',
    name: 'Asha Verma',
    mobile: '+919876543210',
    trade_defaults: { product: 'MIS', order_type: 'MARKET', lots: 2, index: 'NIFTY', confirm_before_order: true },
  };
  // The profile and trade-defaults sections read the profile when they open.
  const server = setupServer(http.get(`${api}/api/profile/user/`, () => HttpResponse.json({ user: profile })));

  beforeAll(() => {
    server.listen({ onUnhandledRequest: 'error' });
    configureApiClients({ apiBaseUrl: api, analyticsUrl: `${api}/analytics`, analyticsAnonKey: 'k' });
  });
  afterAll(() => server.close());

  function currentSection() {
    const nav = screen.getByRole('navigation', { name: 'Sections des paramètres' });
    return within(nav)
      .getAllByRole('link')
      .filter((link) => link.getAttribute('aria-current') === 'page')
      .map((link) => link.textContent);
  }

  function section() {
    return screen.getByRole('heading', { level: 2 }).textContent;
  }

  it('opens on the profile sub-page, loads the profile and shows the form in French', async () => {
    renderScreen(SettingsScreen, mount, '/app/pages/setting/');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Paramètres');
    expect(section()).toBe('Profil');
    expect(currentSection()).toEqual(['Profil']);
    expect(screen.getByRole('status').textContent).toBe('Chargement de votre profil…');
    expect(((await screen.findByLabelText(/^Nom complet/)) as HTMLInputElement).value).toBe('Asha Verma');
    expect(screen.getByRole('button', { name: 'Enregistrer les modifications' })).toBeTruthy();
    expect(intlErrors).toEqual([]);
  });

  it('moves between sub-pages through its navigation, from any sub-page', async () => {
    const user = userEvent.setup();
    renderScreen(SettingsScreen, mount, '/app/pages/setting/password');
    expect(section()).toBe('Mot de passe');
    expect(currentSection()).toEqual(['Changer le mot de passe']);
    for (const label of [/^Mot de passe actuel/, /^Nouveau mot de passe/, /^Confirmer le nouveau mot de passe/]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }

    const tradeDefaults = screen.getByRole('link', { name: 'Préférences de trading' });
    await user.click(tradeDefaults);
    expect(section()).toBe('Préférences de trading');
    expect(currentSection()).toEqual(['Préférences de trading']);
    // The nav stays mounted, so keyboard focus is not lost to the page body.
    expect(document.activeElement).toBe(tradeDefaults);
    expect(((await screen.findByLabelText(/^Quantité en lots/)) as HTMLInputElement).value).toBe('2');
    expect(screen.getByRole('group', { name: 'Produit' })).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Profil' }));
    expect(currentSection()).toEqual(['Profil']);
    expect(screen.getByRole('link', { name: 'Profil' }).getAttribute('href')).toBe('/app/pages/setting/profile');
    await screen.findByLabelText(/^Nom complet/);
    expect(intlErrors).toEqual([]);
  });

  it.each(['/app/pages/setting/nowhere', '/app/pages/setting/no/where'])('sends %s to the profile', async (url) => {
    renderScreen(SettingsScreen, mount, url);
    expect(currentSection()).toEqual(['Profil']);
    expect(screen.getByRole('link', { name: 'Profil' }).getAttribute('href')).toBe('/app/pages/setting/profile');
    await screen.findByLabelText(/^Nom complet/);
  });
});
