/**
 * A price alert whose level the price has already reached (issue 36: "above ₹140" on an option trading at
 * ₹331 was accepted silently, and would never fire until the price fell under ₹140 and rose again): the form
 * shows the live price under the level, says the level is already met, with that price, and asks before
 * saving; the trader can save it anyway or change the level. Without a live price it says so and checks
 * nothing. Every saved alert is confirmed by name in a notification (a status, read out). The alerts page
 * (an index, its price from the app's live feed) and the dialog of an option (the chain's, a position's)
 * behave alike. HTTP is MSW.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { PriceAlertDialog } from '@/features/alerts/components/price-alert-dialog';
import { alreadyMet } from '@/features/alerts/model/already-met';
import { frMessages } from '@/i18n/locales/fr/index';
import { API, market, renderAlerts, server, useAlertsServer, type PriceAlert } from './alerts-harness';
import { plainText } from '../support/plain-text.ts';

useAlertsServer();

let created: unknown[] = [];
beforeEach(() => {
  created = [];
  // NIFTY trades at 24,310.50 on the app's live feed; BANKNIFTY has no price.
  market.quotes = { 'NSE:NIFTY 50': { last_price: 24310.5, timestamp: '2026-11-24T04:00:00Z' } };
  server.use(
    http.get(`${API}/api/price-alerts/`, () => HttpResponse.json({ price_alerts: [] })),
    http.post(`${API}/api/price-alerts/`, async ({ request }) => {
      const body = (await request.json()) as Pick<PriceAlert, 'symbol' | 'direction' | 'level' | 'repeat'>;
      created.push(body);
      const alert: PriceAlert = { ...body, id: created.length, active: true, expired: false, last_price: null, triggered_count: 0, last_triggered_at: null, created_at: '2026-11-24T04:00:00Z' };
      return HttpResponse.json({ price_alert: alert }, { status: 201 });
    }),
  );
});

const described = (field: HTMLElement) => (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
const notifications = () => within(screen.getByRole('region', { name: 'Notifications' }));

function renderPage(locale: 'en' | 'fr' = 'en') {
  renderAlerts('/app/strategy_alerts?view=price', { locale, defaultLocale: 'en', messages: locale === 'fr' ? frMessages : undefined });
  render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <Toaster />
    </IntlProvider>,
  );
}

describe('already met', () => {
  it('is the level reached or passed in the alert’s direction: the server fires only on a crossing', () => {
    expect(alreadyMet('above', 140, 331)).toBe(true);
    expect(alreadyMet('above', 140, 140)).toBe(true);
    expect(alreadyMet('above', 140, 139.95)).toBe(false);
    expect(alreadyMet('below', 140, 139.95)).toBe(true);
    expect(alreadyMet('below', 140, 140)).toBe(true);
    expect(alreadyMet('below', 140, 140.05)).toBe(false);
  });
});

describe('on the alerts page, an index at its live price', () => {
  it('asks before saving a level already passed, with the price; Change the level goes back to it, Save anyway saves', async () => {
    const user = userEvent.setup();
    renderPage();
    const level = await screen.findByLabelText('Level (points)');
    await waitFor(() => expect(plainText(described(level))).toBe('Last price now: 24,310.5'));
    await user.type(level, '24000');
    await user.click(screen.getByRole('button', { name: 'Create alert' }));

    const question = screen.getByRole('alert');
    expect(plainText(question.textContent ?? '')).toContain(
      'NIFTY is already at or above 24,000Its last price is 24,310.5. The alert fires when the price crosses 24,000 upwards, so not before it has fallen below it. Save it anyway, or change the level?',
    );
    expect(created).toEqual([]);
    // The safe choice has the focus; it leads back to the level, and nothing is sent.
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Change the level' }));
    await user.click(within(question).getByRole('button', { name: 'Change the level' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(level);
    expect(created).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Create alert' }));
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(created).toEqual([{ symbol: 'NIFTY', direction: 'above', level: 24000, repeat: 'once' }]));
    const confirmation = await notifications().findByRole('status');
    expect(plainText(confirmation.textContent ?? '')).toContain('Price alert set: NIFTY above 24,000');
  });

  it('asks again when the values change into another level already passed, and not for one still ahead', async () => {
    const user = userEvent.setup();
    renderPage();
    const level = await screen.findByLabelText('Level (points)');
    await waitFor(() => expect(plainText(described(level))).toContain('24,310.5'));
    await user.selectOptions(screen.getByLabelText('When the last price crosses'), 'below');
    await user.type(level, '25000');
    await user.click(screen.getByRole('button', { name: 'Create alert' }));
    expect(plainText(screen.getByRole('alert').textContent ?? '')).toContain('NIFTY is already at or below 25,000');
    // Another level: the question goes; 24,000 below is still ahead of the price, so it is saved at once.
    await user.clear(level);
    await user.type(level, '24000');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(created).toEqual([{ symbol: 'NIFTY', direction: 'below', level: 24000, repeat: 'once' }]));
    expect(plainText((await notifications().findByRole('status')).textContent ?? '')).toContain('Price alert set: NIFTY below 24,000');
  });

  it('says when there is no live price, and then checks nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.selectOptions(await screen.findByLabelText('Index'), 'BANKNIFTY');
    const level = screen.getByLabelText('Level (points)');
    expect(described(level)).toBe('No live price now: whether the level is already passed cannot be checked.');
    await user.type(level, '1');
    await user.click(screen.getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(created).toEqual([{ symbol: 'BANKNIFTY', direction: 'above', level: 1, repeat: 'once' }]));
  });

  it('asks in French', async () => {
    const user = userEvent.setup();
    renderPage('fr');
    const level = await screen.findByLabelText('Niveau (points)');
    await waitFor(() => expect(plainText(described(level))).toBe('Dernier cours actuel : 24 310,5'));
    await user.type(level, '24000');
    await user.click(screen.getByRole('button', { name: 'Créer l’alerte' }));
    expect(plainText(screen.getByRole('alert').textContent ?? '')).toContain('NIFTY est déjà au niveau de 24 000 ou au-dessus');
    await user.click(screen.getByRole('button', { name: 'Enregistrer quand même' }));
    expect(plainText((await notifications().findByRole('status')).textContent ?? '')).toContain('Alerte de prix créée : NIFTY au-dessus de 24 000');
  });
});

describe('in the dialog of an option (the chain’s bell, a position’s)', () => {
  const contract = { tradingsymbol: 'NIFTY26D0124000CE', name: 'NIFTY' as const, strike: 24000, instrument_type: 'CE' as const, expiry: '2026-12-01' };
  // Closed as the screens close it: the page, the notifications with it, is no longer hidden behind it.
  function Opened({ lastPrice, onClose }: { lastPrice: number | null; onClose: () => void }) {
    const [open, setOpen] = useState(true);
    const close = () => {
      onClose();
      setOpen(false);
    };
    return open ? <PriceAlertDialog contract={contract} lastPrice={lastPrice} onClose={close} /> : null;
  }
  function renderDialog(lastPrice: number | null) {
    const onClose = vi.fn();
    render(
      <IntlProvider locale="en" defaultLocale="en">
        <Opened lastPrice={lastPrice} onClose={onClose} />
        <Toaster />
      </IntlProvider>,
    );
    return onClose;
  }

  it('asks before saving "above ₹140" on an option trading at ₹331, then confirms it by name', async () => {
    const user = userEvent.setup();
    const onClose = renderDialog(331);
    const dialog = await screen.findByRole('dialog', { name: 'Price alert on NIFTY 01 Dec 24000 CE' });
    const level = within(dialog).getByLabelText('Price (₹)');
    expect(plainText(described(level))).toBe('Last price now: ₹331.00');
    await user.clear(level);
    await user.type(level, '140');
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    const question = within(dialog).getByRole('alert');
    expect(plainText(question.textContent ?? '')).toContain('NIFTY26D0124000CE is already at or above ₹140.00Its last price is ₹331.00.');
    expect(created).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(created).toEqual([{ symbol: 'NIFTY26D0124000CE', direction: 'above', level: 140, repeat: 'once' }]));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(plainText((await notifications().findByRole('status')).textContent ?? '')).toContain('Price alert set: NIFTY26D0124000CE above ₹140.00');
  });

  it('says when the option has no live price, and saves without asking', async () => {
    const user = userEvent.setup();
    renderDialog(null);
    const dialog = await screen.findByRole('dialog');
    const level = within(dialog).getByLabelText('Price (₹)');
    expect(described(level)).toBe('No live price now: whether the level is already passed cannot be checked.');
    await user.type(level, '140');
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(created).toHaveLength(1));
  });

  it('starts the level at the price that arrives after the bell was tapped, unless the trader typed one', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <IntlProvider locale="en" defaultLocale="en">
        <PriceAlertDialog contract={contract} lastPrice={null} onClose={() => {}} />
      </IntlProvider>,
    );
    const level = within(await screen.findByRole('dialog')).getByLabelText('Price (₹)');
    expect(level).toHaveProperty('value', '');
    const priced = (lastPrice: number) => (
      <IntlProvider locale="en" defaultLocale="en">
        <PriceAlertDialog contract={contract} lastPrice={lastPrice} onClose={() => {}} />
      </IntlProvider>
    );
    rerender(priced(331));
    expect(level).toHaveProperty('value', '331.00');
    await user.clear(level);
    rerender(priced(332.5));
    expect(level).toHaveProperty('value', '');
  });
});
