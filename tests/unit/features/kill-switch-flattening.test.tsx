// The kill switch says the flattening is under way while its exits go out (issue 37): the server answers once
// every exit is placed, paced at the broker's 10 orders a second per account, so 40 positions on one account
// take about four seconds; meanwhile the dialog says what is happening and why it takes a while, in the
// trader's language, and the result replaces it. HTTP is MSW; the arm's answer waits for the test.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { KillSwitchButton, KillSwitchDialog } from '@/features/kill-switch/components/kill-switch-button';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';

type KillSwitch = components['schemas']['KillSwitch'];
type ArmResult = components['schemas']['KillSwitchResult'];
const API = 'http://api.test';
const off: KillSwitch = { account_number: 'PA1234', armed: false, armed_at: null, reason: null, cool_off_until: null, events: [] };
const answer: ArmResult = {
  message: 'Kill switch on',
  accounts: [{ account_number: 'PA1234', armed_at: '2026-11-20T05:00:00.000Z', blocked: true, cancelled: [], exits: [], flat: true, message: 'New orders blocked' }],
};

/** The arm answers once this test lets it (set up before the request, so letting it early is kept). */
let answerArm: () => void = () => undefined;
let armAnswered = Promise.resolve();
const server = setupServer(
  http.get(`${API}/api/kill-switch/`, () => HttpResponse.json({ kill_switches: [off] })),
  http.post(`${API}/api/kill-switch/arm/`, async () => {
    await armAnswered;
    return HttpResponse.json(answer);
  }),
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [] })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The confirmation's code loads on its own once a screen has drawn (shell-parts.tsx); here before the first tap.
beforeAll(async () => {
  await KillSwitchDialog.preload();
}, 60_000);
let session = 0;
beforeEach(() => {
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  session += 1;
  store.set(tokenAtom, `flattening-${session}`);
  armAnswered = new Promise((resolve) => {
    answerArm = resolve;
  });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderIn(locale: 'en' | 'fr') {
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <MemoryRouter initialEntries={['/app']}>
        <KillSwitchButton />
      </MemoryRouter>
    </IntlProvider>,
  );
}

const cases = [
  {
    locale: 'en',
    button: 'Kill switch',
    dialog: 'Stop trading now?',
    confirm: 'Stop trading',
    underWay: /Stopping trading: .*10 orders a second per account, so many positions take a few seconds/,
    result: 'Kill switch on',
  },
  {
    locale: 'fr',
    button: 'Coupe-circuit',
    dialog: 'Arrêter de trader maintenant ?',
    confirm: 'Arrêter de trader',
    underWay: /Arrêt du trading : .*10 ordres par seconde et par compte : beaucoup de positions prennent quelques secondes/,
    result: 'Coupe-circuit activé',
  },
] as const;

describe.each(cases)('while the exits go out ($locale)', ({ locale, button, dialog, confirm, underWay, result }) => {
  it('says the flattening is under way until the answer lists the outcome', async () => {
    renderIn(locale);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: button }));
    const asking = await screen.findByRole('alertdialog', { name: dialog });
    // Nothing is under way before the trader confirms.
    expect(within(asking).queryByRole('status')).toBeNull();
    await user.click(within(asking).getByRole('button', { name: confirm }));
    expect((await within(asking).findByRole('status')).textContent).toMatch(underWay);
    answerArm();
    await screen.findByRole('alertdialog', { name: result });
    expect(screen.queryByText(underWay)).toBeNull();
  });
});
