// Which account a kill switch is on for: the header's button names it, and the desk of that account says so
// before any order is typed, linking to the kill switch page (issue 24). HTTP is MSW.
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { KillSwitchNotice, useArmedKillSwitch } from '@/app/trading/kill-switch-notice';
import { KillSwitchButton, KillSwitchDialog } from '@/features/kill-switch/components/kill-switch-button';
import type { TradingAccount } from '@/features/orders/api/trading-types';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { plainText } from '../support/plain-text';

type KillSwitch = components['schemas']['KillSwitch'];
const API = 'http://api.test';
const off = (account_number: string): KillSwitch => ({ account_number, armed: false, armed_at: null, reason: null, cool_off_until: null, events: [] });
const on = (account_number: string): KillSwitch => ({ ...off(account_number), armed: true, armed_at: '2026-11-20T05:00:00.000Z', reason: 'Daily loss limit' });
const account = (id: number, name: string, account_number: string): components['schemas']['BrokerAccount'] => ({
  id,
  broker: 'paper',
  name,
  account_number,
  api_key: 'paper_key',
  capital: 500000,
  is_logged_in: true,
  session_expires_at: '2099-01-17T06:00:00+05:30',
});

let switches: KillSwitch[] = [];
let reads = 0;
const server = setupServer(
  http.get(`${API}/api/kill-switch/`, () => {
    reads += 1;
    return HttpResponse.json({ kill_switches: switches });
  }),
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [account(1, 'Main paper', 'PA1234'), account(2, 'Swing', 'PA5678')] })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The confirmation's code loads on its own once a screen has drawn (shell-parts.tsx); here before the first tap.
beforeAll(async () => {
  await KillSwitchDialog.preload();
}, 60_000);
beforeEach(() => configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function Desk({ account: shown }: { account: TradingAccount }) {
  const armed = useArmedKillSwitch(shown);
  return armed === null ? <p>no notice</p> : <KillSwitchNotice account={shown} armed={armed} />;
}

function renderWith(node: React.ReactNode, locale: 'en' | 'fr' = 'en') {
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <MemoryRouter>{node}</MemoryRouter>
    </IntlProvider>,
  );
}

describe('the header kill switch', () => {
  it('names the account whose switch is on', async () => {
    switches = [off('PA1234'), on('PA5678')];
    renderWith(<KillSwitchButton />);
    expect(await screen.findByRole('button', { name: 'Kill switch · 1 armed: Swing (PA5678)' })).toBeTruthy();
  });

  it('names every account whose switch is on', async () => {
    switches = [on('PA1234'), on('PA5678')];
    renderWith(<KillSwitchButton />, 'fr');
    expect(await screen.findByRole('button', { name: 'Coupe-circuit · 2 activés : Main paper (PA1234) et Swing (PA5678)' })).toBeTruthy();
  });
});

describe('the desk of an account whose kill switch is on', () => {
  const paper: TradingAccount = { id: 1, name: 'Main paper', account_number: 'PA1234', broker: 'paper' };

  it('says so, naming the account, with a link to the kill switch page', async () => {
    switches = [on('PA1234')];
    renderWith(<Desk account={paper} />);
    const notice = await screen.findByTestId('kill-switch-notice');
    expect(plainText(notice.textContent ?? '')).toContain('The kill switch of Main paper (PA1234) is on since 20 Nov 2026, 10:30:00: new orders are refused');
    expect(screen.getByRole('link', { name: 'Kill switch page' }).getAttribute('href')).toBe('/app/kill-switch');
  });

  it('says nothing when only another account’s switch is on', async () => {
    switches = [off('PA1234'), on('PA5678')];
    reads = 0;
    renderWith(<Desk account={paper} />);
    // Once the switches are read (and the answer applied), still no notice.
    await waitFor(() => expect(reads).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('no notice')).toBeTruthy();
  });
});
