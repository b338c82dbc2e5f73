/**
 * Price alerts on the alerts screen: the list with its last price and how often each fired, creating one
 * for an index or a typed option (what is sent), the form's own checks, the server's refusal under the
 * field it names, and deleting.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
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

describe('price alerts', () => {
  it('lists each alert with its rule, how often, the last price and how many times it fired', async () => {
    renderAlerts('/app/strategy_alerts?view=price');
    const row = await screen.findByText('NIFTY above ₹24,500.00', { normalizer: plainText });
    const item = row.closest('li')!;
    expect(within(item).getByText('Every time')).toBeTruthy();
    expect(within(item).getByText('Last price ₹24,412.35', { normalizer: plainText })).toBeTruthy();
    expect(within(item).getByText('Triggered 2 times')).toBeTruthy();
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

  it('creates one for an option typed in, sending the symbol upper-cased and the level in rupees', async () => {
    const user = userEvent.setup();
    renderAlerts('/app/strategy_alerts?view=price');
    await screen.findByRole('list', { name: 'Your price alerts' });
    await user.selectOptions(screen.getByLabelText('Instrument'), 'option');
    await user.type(screen.getByLabelText('Option tradingsymbol'), 'nifty26d0124000ce');
    await user.selectOptions(screen.getByLabelText('When the last price crosses'), 'below');
    await user.type(screen.getByLabelText('Level (₹)'), '95.5');
    await user.selectOptions(screen.getByLabelText('Alert me'), 'once');
    await user.click(screen.getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(created).toEqual([{ symbol: 'NIFTY26D0124000CE', direction: 'below', level: 95.5, repeat: 'once' }]));
    expect(await within(list()).findByText('NIFTY26D0124000CE below ₹95.50', { normalizer: plainText })).toBeTruthy();
    expect(within(list()).getByText('No price seen yet')).toBeTruthy();
    expect(within(list()).getByText('Not triggered yet')).toBeTruthy();
  });

  it('checks the form before sending: a typed option and a level to the paisa', async () => {
    const user = userEvent.setup();
    renderAlerts('/app/strategy_alerts?view=price');
    await screen.findByRole('list', { name: 'Your price alerts' });
    await user.selectOptions(screen.getByLabelText('Instrument'), 'option');
    await user.type(screen.getByLabelText('Level (₹)'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Create alert' }));
    expect(screen.getByText("Type the option's tradingsymbol.")).toBeTruthy();
    expect(screen.getByText('Enter a price above ₹0, at most to the paisa.')).toBeTruthy();
    expect(created).toEqual([]);
  });

  it('shows the server refusal under the field it names, and focuses it', async () => {
    const user = userEvent.setup();
    renderAlerts('/app/strategy_alerts?view=price');
    await screen.findByRole('list', { name: 'Your price alerts' });
    await user.selectOptions(screen.getByLabelText('Instrument'), 'option');
    const symbol = screen.getByLabelText('Option tradingsymbol');
    await user.type(symbol, 'NIFTY26D0199999CE');
    await user.type(screen.getByLabelText('Level (₹)'), '100');
    await user.click(screen.getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(symbol.getAttribute('aria-invalid')).toBe('true'));
    const described = (symbol.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('no such instrument');
    expect(document.activeElement).toBe(symbol);
  });

  it('deletes one', async () => {
    const user = userEvent.setup();
    renderAlerts('/app/strategy_alerts?view=price');
    await user.click(await screen.findByRole('button', { name: /^Delete the alert NIFTY above/ }));
    await waitFor(() => expect(deleted).toEqual(['4']));
    expect(await screen.findByText('No price alerts yet. Create one above.')).toBeTruthy();
  });
});
