// The kill switch shows itself on the moment the arm is answered (issue 36): the header's button says how many
// accounts are armed, in words and colour, and the kill switch page's card behind the result dialog says "On",
// both from the answer, with every later read of the switches held back (nothing waits for a read). A read
// sent before the answer and received after it does not turn the switch back off. HTTP is MSW.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { useArmedKillSwitch } from '@/app/trading/kill-switch-notice';
import { KillSwitchButton, KillSwitchDialog } from '@/features/kill-switch/components/kill-switch-button';
import { KillSwitchScreen } from '@/features/kill-switch/routes/kill-switch-screen';
import { frMessages } from '@/i18n/locales/fr/index';
import { configureApiClients } from '@/lib/api/clients';
import { tokenAtom } from '@/lib/session/auth-atoms';
import { store } from '@/lib/store';
import { keepArmAnswer, killSwitchesAtom, readKillSwitches } from '@/lib/trading/kill-switches';
import { plainText } from '../support/plain-text';

type KillSwitch = components['schemas']['KillSwitch'];
type ArmResult = components['schemas']['KillSwitchResult'];
const API = 'http://api.test';
const off = (account_number: string): KillSwitch => ({ account_number, armed: false, armed_at: null, reason: null, cool_off_until: null, events: [] });
const armedAt = '2026-11-20T05:00:00.000Z';
const answer = (...accounts: string[]): ArmResult => ({
  message: 'Kill switch on',
  accounts: accounts.map((account_number) => ({ account_number, armed_at: armedAt, blocked: true, cancelled: [], exits: [], flat: true, message: 'New orders blocked' })),
});
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

let armed = false;
const server = setupServer(
  // Every read of the switches after the arm is held: what shows then can only come from the answer.
  http.get(`${API}/api/kill-switch/`, async () => {
    if (armed) await delay('infinite');
    return HttpResponse.json({ kill_switches: [off('PA1234'), off('PA5678')] });
  }),
  http.post(`${API}/api/kill-switch/arm/`, async ({ request }) => {
    const body = (await request.json()) as { account_number?: string };
    armed = true;
    return HttpResponse.json(answer(...(body.account_number === undefined ? ['PA1234', 'PA5678'] : [body.account_number])));
  }),
  http.get(`${API}/api/accounts/all-accounts/`, () => HttpResponse.json({ broker_accounts: [account(1, 'Main paper', 'PA1234'), account(2, 'Swing', 'PA5678')] })),
  http.get(`${API}/api/risk-limits/:account/`, ({ params }) =>
    HttpResponse.json({
      limits: { max_loss_today: null, profit_lock_from: null, profit_lock_keep_percent: null, max_trades_today: null, max_lots_per_order: null, max_open_positions: null },
      usage: { account_number: String(params['account']), pnl_today: 0, peak_pnl_today: 0, trades_today: 0, open_positions: 0, as_of: armedAt, session_open: true },
    }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// The confirmation's code loads on its own once a screen has drawn (shell-parts.tsx); here before the first tap.
beforeAll(async () => {
  await KillSwitchDialog.preload();
}, 60_000);
let session = 0;
beforeEach(() => {
  armed = false;
  configureApiClients({ apiBaseUrl: API, analyticsUrl: `${API}/analytics`, analyticsAnonKey: 'k' });
  // A session of its own: nothing of the previous test's switches shows.
  session += 1;
  store.set(tokenAtom, `token-${session}`);
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderWith(node: React.ReactNode, locale: 'en' | 'fr' = 'en') {
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : {}}>
      <MemoryRouter initialEntries={['/app/kill-switch']}>{node}</MemoryRouter>
    </IntlProvider>,
  );
}

async function stopTrading(accountNumber: string | null) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Kill switch' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Stop trading now?' });
  if (accountNumber !== null) {
    await within(dialog).findByRole('option', { name: accountNumber });
    await user.selectOptions(within(dialog).getByLabelText('Accounts'), accountNumber);
  }
  await user.click(within(dialog).getByRole('button', { name: 'Stop trading' }));
  return screen.findByRole('alertdialog', { name: 'Kill switch on' });
}

describe('arming from the header', () => {
  it('turns the header button red with the count of armed accounts, in words, as the answer comes', async () => {
    renderWith(<KillSwitchButton />);
    const result = await stopTrading('PA5678');
    expect(result).toBeTruthy();
    // The dialog hides the page from screen readers: the button is looked up among hidden elements too.
    const button = await screen.findByRole('button', { name: 'Kill switch · 1 armed: Swing (PA5678)', hidden: true });
    expect(button.getAttribute('data-armed')).toBe('true');
    expect(button.className).toContain('bg-danger');
    // The words shown: the count alone on a phone, with "Kill switch" from 768 px.
    expect([...button.querySelectorAll('span')].map((span) => span.textContent)).toEqual(['1 armed', 'Kill switch · 1 armed']);
  });

  it('says it in French', async () => {
    renderWith(<KillSwitchButton />, 'fr');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Coupe-circuit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Arrêter de trader maintenant ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Arrêter de trader' }));
    await screen.findByRole('alertdialog', { name: 'Coupe-circuit activé' });
    const button = await screen.findByRole('button', { name: 'Coupe-circuit · 2 activés : Main paper (PA1234) et Swing (PA5678)', hidden: true });
    expect([...button.querySelectorAll('span')].map((span) => span.textContent)).toEqual(['2 activés', 'Coupe-circuit · 2 activés']);
  });
});

describe('the kill switch page behind the result dialog', () => {
  it('says the account is on, since the answer’s time, while the result is still open', async () => {
    renderWith(
      <>
        <KillSwitchButton />
        <KillSwitchScreen />
      </>,
    );
    const cards = await screen.findAllByTestId('account-switch');
    expect(cards.map((card) => within(card).getByTestId('switch-state').textContent)).toEqual(['Off: orders are allowed.', 'Off: orders are allowed.']);
    await stopTrading('PA1234');
    const states = () => screen.getAllByTestId('account-switch').map((card) => plainText(within(card).getByTestId('switch-state').textContent ?? ''));
    expect(states()[0]).toBe('On since 20 Nov 2026, 10:30:00: new orders are blocked.');
    expect(states()[1]).toBe('Off: orders are allowed.');
  });
});

describe('the desk of the account', () => {
  function Desk() {
    const on = useArmedKillSwitch({ id: 1, name: 'Main paper', account_number: 'PA1234', broker: 'paper' });
    return on === null ? <p>no notice</p> : <p data-testid="notice">on since {on.armed_at}</p>;
  }

  it('says its switch is on at the answer, not at its next poll', async () => {
    renderWith(
      <>
        <KillSwitchButton />
        <Desk />
      </>,
    );
    expect(await screen.findByText('no notice')).toBeTruthy();
    await stopTrading('PA1234');
    expect(screen.getByTestId('notice').textContent).toBe(`on since ${armedAt}`);
  });
});

describe('the switches’ shared copy', () => {
  it('drops a read that was sent before an arm answer and arrives after it', async () => {
    let answerRead: (list: KillSwitch[]) => void = () => undefined;
    const read = readKillSwitches(() => new Promise<KillSwitch[]>((resolve) => (answerRead = resolve)));
    keepArmAnswer(answer('PA1234'));
    answerRead([off('PA1234')]);
    await read;
    expect(store.get(killSwitchesAtom)).toEqual([{ ...off('PA1234'), armed: true, armed_at: armedAt, reason_i18n: null }]);
    // A read sent after the answer is kept.
    await readKillSwitches(async () => [off('PA1234')]);
    expect(store.get(killSwitchesAtom)).toEqual([off('PA1234')]);
  });

  it('is not shown to another session on this device', async () => {
    await readKillSwitches(async () => [off('PA1234')]);
    expect(store.get(killSwitchesAtom)).toHaveLength(1);
    store.set(tokenAtom, 'someone-else');
    expect(store.get(killSwitchesAtom)).toBeNull();
  });
});
