/**
 * Price alerts on the alerts screen: the list with its last price and how often each fired (an index's
 * level in points, an option's in rupees), creating one for an index (what is sent), an option's made from
 * the contract picked in the chain (nothing typed), the form's own checks, the server's refusal, and deleting.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { IntlProvider } from 'react-intl';
import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PriceAlertDialog } from '@/features/alerts/components/price-alert-dialog';
import { frMessages } from '@/i18n/locales/fr/index';
import { forgetLastKnown } from '@/lib/persist/last-known';
import { API, renderAlerts, server, useAlertsServer, type PriceAlert } from './alerts-harness';
import { plainText } from '../support/plain-text.ts';

useAlertsServer();

const niftyAbove: PriceAlert = {
  id: 4,
  symbol: 'NIFTY',
  direction: 'above',
  level: 24500,
  repeat: 'every_time',
  active: true,
  expired: false,
  last_price: 24412.35,
  triggered_count: 2,
  last_triggered_at: '2026-11-20T05:00:00Z',
  created_at: '2026-11-19T05:00:00Z',
};

let stored: PriceAlert[] = [];
let created: unknown[] = [];
let deleted: string[] = [];
beforeEach(() => {
  stored = [niftyAbove];
  created = [];
  deleted = [];
  server.use(
    http.get(`${API}/api/price-alerts/`, () => HttpResponse.json({ price_alerts: stored })),
    http.post(`${API}/api/price-alerts/`, async ({ request }) => {
      const body = (await request.json()) as Pick<PriceAlert, 'symbol' | 'direction' | 'level' | 'repeat'>;
      created.push(body);
      if (body.symbol === 'NIFTY26D0199999CE') {
        return HttpResponse.json({ message: 'symbol: no such instrument', code: 'unknown_instrument', field: 'symbol' }, { status: 422 });
      }
      const alert: PriceAlert = { ...niftyAbove, ...body, id: 10 + created.length, last_price: null, triggered_count: 0, last_triggered_at: null };
      return HttpResponse.json({ price_alert: alert }, { status: 201 });
    }),
    http.delete(`${API}/api/price-alerts/:id/`, ({ params }) => {
      deleted.push(String(params['id']));
      return HttpResponse.json({ message: 'Deleted' });
    }),
  );
});

const list = () => screen.getByRole('list', { name: 'Your price alerts' });
/** What a field's description (its hint, its error) reads. */
const described = (field: HTMLElement) => (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

describe('price alerts', () => {
  it('lists each alert with its rule, how often, the last price and how many times it fired', async () => {
    renderAlerts('/app/strategy_alerts?view=price');
    // An index's level is in points, not rupees.
    const row = await screen.findByText('NIFTY above 24,500', { normalizer: plainText });
    const item = row.closest('li')!;
    expect(within(item).getByText('Every time')).toBeTruthy();
    expect(within(item).getByText('Last price 24,412.35', { normalizer: plainText })).toBeTruthy();
    expect(item.textContent).not.toContain('₹');
    expect(within(item).getByText('Triggered 2 times')).toBeTruthy();
  });

  it('offline after a reload, lists the alerts last read with their time, not "could not be loaded" (issue 36)', async () => {
    const first = renderAlerts('/app/strategy_alerts?view=price');
    await screen.findByText('NIFTY above 24,500', { normalizer: plainText });
    first.unmount();
    // A reload on a dead network: nothing of this visit in memory, only the device's copy.
    forgetLastKnown();
    server.use(http.get(`${API}/api/price-alerts/`, () => HttpResponse.error()));
    renderAlerts('/app/strategy_alerts?view=price');
    expect(await screen.findByText('NIFTY above 24,500', { normalizer: plainText })).toBeTruthy();
    expect(screen.getByText(/^Last known, as of \d\d:\d\d:\d\d IST: it could not be refreshed\.$/, { normalizer: plainText })).toBeTruthy();
    expect(screen.queryByText('Your price alerts could not be loaded.')).toBeNull();
  });

  it('says whether an alert that is off fired or lost its contract at expiry', async () => {
    stored = [
      { ...niftyAbove, id: 5, symbol: 'NIFTY26N2424000CE', repeat: 'once', active: false, triggered_count: 1 },
      { ...niftyAbove, id: 6, symbol: 'NIFTY26N2424000PE', repeat: 'every_time', active: false, expired: true, triggered_count: 3 },
    ];
    renderAlerts('/app/strategy_alerts?view=price');
    const fired = (await screen.findByText('NIFTY26N2424000CE above ₹24,500.00', { normalizer: plainText })).closest('li')!;
    expect(within(fired).getByText('Fired, now off')).toBeTruthy();
    const expired = screen.getByText('NIFTY26N2424000PE above ₹24,500.00', { normalizer: plainText }).closest('li')!;
    expect(within(expired).getByText('Contract expired, now off')).toBeTruthy();
    expect(within(expired).queryByText('Fired, now off')).toBeNull();
  });

  it('creates one for an index, its level in points', async () => {
    const user = userEvent.setup();
    renderAlerts('/app/strategy_alerts?view=price');
    await screen.findByRole('list', { name: 'Your price alerts' });
    await user.selectOptions(screen.getByLabelText('Index'), 'BANKNIFTY');
    await user.selectOptions(screen.getByLabelText('When the last price crosses'), 'below');
    await user.type(screen.getByLabelText('Level (points)'), '52000.5');
    await user.selectOptions(screen.getByLabelText('Alert me'), 'once');
    await user.click(screen.getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(created).toEqual([{ symbol: 'BANKNIFTY', direction: 'below', level: 52000.5, repeat: 'once' }]));
    expect(await within(list()).findByText('BANKNIFTY below 52,000.5', { normalizer: plainText })).toBeTruthy();
    expect(within(list()).getByText('No price seen yet')).toBeTruthy();
    expect(within(list()).getByText('Not triggered yet')).toBeTruthy();
  });

  it('asks no tradingsymbol for an option: it points to the option chain, where the contract is picked', async () => {
    const user = userEvent.setup();
    renderAlerts('/app/strategy_alerts?view=price');
    await screen.findByRole('list', { name: 'Your price alerts' });
    await user.selectOptions(screen.getByLabelText('Instrument'), 'option');
    expect(screen.queryByRole('textbox', { name: /tradingsymbol/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create alert' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open the option chain' }).getAttribute('href')).toBe('/app/dashboards/live-trade');
  });

  it('checks the form before sending: a level above 0 with at most two decimals', async () => {
    const user = userEvent.setup();
    renderAlerts('/app/strategy_alerts?view=price');
    await screen.findByRole('list', { name: 'Your price alerts' });
    await user.type(screen.getByLabelText('Level (points)'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Create alert' }));
    expect(screen.getByText('Enter a level above 0, with at most two decimals.')).toBeTruthy();
    expect(created).toEqual([]);
  });

  it('shows the server refusal under the field it names, and focuses it', async () => {
    const user = userEvent.setup();
    renderAlerts('/app/strategy_alerts?view=price');
    await screen.findByRole('list', { name: 'Your price alerts' });
    server.use(
      http.post(`${API}/api/price-alerts/`, () =>
        HttpResponse.json({ message: 'level: too far from the market', code: 'validation_failed', field: 'level' }, { status: 422 }),
      ),
    );
    const level = screen.getByLabelText('Level (points)');
    // Above any NIFTY level: files before this one in the worker can leave a NIFTY price in the app's one feed,
    // and a level already passed is asked about ("save anyway?") instead of sent.
    await user.type(level, '99999');
    await user.click(screen.getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(level.getAttribute('aria-invalid')).toBe('true'));
    expect(described(level)).toContain('too far from the market');
    expect(document.activeElement).toBe(level);
  });

  it('in French, says the server refusal in French from its code (the English message is for other clients)', async () => {
    const user = userEvent.setup();
    renderAlerts('/app/strategy_alerts?view=price', { locale: 'fr-FR', defaultLocale: 'en', messages: frMessages });
    await screen.findByRole('list', { name: 'Vos alertes de prix' });
    server.use(
      http.post(`${API}/api/price-alerts/`, () =>
        HttpResponse.json(
          {
            message: 'You have 50 price alerts, the most one may keep: delete one first.',
            code: 'invalid_params',
            field: 'symbol',
            details: { text: { code: 'price_alert.too_many', params: { limit: 50 } } },
          },
          { status: 422 },
        ),
      ),
    );
    await user.type(screen.getByLabelText('Niveau (points)'), '26100');
    await user.click(screen.getByRole('button', { name: 'Créer l’alerte' }));
    expect(await screen.findByText('Vous avez 50 alertes de prix, le maximum autorisé : supprimez-en une d’abord.', { normalizer: plainText })).toBeTruthy();
    expect(screen.queryByText(/the most one may keep/)).toBeNull();
  });

  describe('on an option picked in the chain', () => {
    const contract = { tradingsymbol: 'NIFTY26D0124000CE', name: 'NIFTY' as const, strike: 24000, instrument_type: 'CE' as const, expiry: '2026-12-01' };
    const renderDialog = (tradingsymbol = contract.tradingsymbol) => {
      const onClose = vi.fn();
      render(
        <IntlProvider locale="en" defaultLocale="en">
          <PriceAlertDialog contract={{ ...contract, tradingsymbol }} lastPrice={142.35} onClose={onClose} />
        </IntlProvider>,
      );
      return onClose;
    };

    it('names the contract in words, starts at its last price in rupees and sends its tradingsymbol', async () => {
      const user = userEvent.setup();
      const onClose = renderDialog();
      const dialog = await screen.findByRole('dialog', { name: 'Price alert on NIFTY 01 Dec 24000 CE' });
      expect(plainText(dialog.textContent ?? '')).toContain('NIFTY26D0124000CE: you are alerted here and on your devices');
      const level = within(dialog).getByLabelText<HTMLInputElement>('Price (₹)');
      expect(level.value).toBe('142.35');
      expect(plainText(described(level))).toBe('Last price now: ₹142.35');
      await user.clear(level);
      await user.type(level, '150');
      await user.click(within(dialog).getByRole('button', { name: 'Create alert' }));
      await waitFor(() => expect(created).toEqual([{ symbol: 'NIFTY26D0124000CE', direction: 'above', level: 150, repeat: 'once' }]));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
    });

    it('shows the server refusal of the contract above the form and stays open', async () => {
      const user = userEvent.setup();
      const onClose = renderDialog('NIFTY26D0199999CE');
      const dialog = await screen.findByRole('dialog');
      await user.clear(within(dialog).getByLabelText('Price (₹)'));
      await user.type(within(dialog).getByLabelText('Price (₹)'), '150');
      await user.click(within(dialog).getByRole('button', { name: 'Create alert' }));
      expect(await within(dialog).findByText('symbol: no such instrument')).toBeTruthy();
      expect(onClose).not.toHaveBeenCalled();
    });
  });

  it('deletes one', async () => {
    const user = userEvent.setup();
    renderAlerts('/app/strategy_alerts?view=price');
    await user.click(await screen.findByRole('button', { name: /^Delete the alert NIFTY above/ }));
    await waitFor(() => expect(deleted).toEqual(['4']));
    expect(await screen.findByText('No price alerts yet. Create one above.')).toBeTruthy();
  });
});
