// A price alert from a position row (issue 24): the desk's and /app/position's rows carry the option chain's
// bell, which opens the same dialog on the contract held, named in words, starting at its last price; a
// closed position keeps its bell, a non-option symbol gets none.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { IntlProvider } from 'react-intl';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { PositionAlertBell } from '@/app/trading/position-alert-bell';
import { PositionActions } from '@/features/orders/components/position-actions';
import { PositionsTable } from '@/features/positions/components/positions-table';
import { markPositions } from '@/features/positions/model/position-marks';
import { frMessages } from '@/i18n/locales/fr/index';
import { contractOfSymbol } from '@/lib/format/contract-of-symbol';
import { API, market, server, useAlertsServer, type PriceAlert } from '../features/alerts-harness';
import { plainText } from '../support/plain-text.ts';

type Position = components['schemas']['Position'];

useAlertsServer();

const account = { id: 11, broker: 'paper', name: 'Main paper account', account_number: 'PA1234' };
const position: Position = {
  tradingsymbol: 'NIFTY26D0126000CE',
  exchange: 'NFO',
  product: 'NRML',
  quantity: 65,
  overnight_quantity: 0,
  average_price: 120,
  last_price: 118.35,
  close_price: 121,
  pnl: -107.25,
  realised: 0,
  unrealised: -107.25,
  charges: 20,
  charges_status: 'priced',
  net_pnl: -127.25,
  lot_size: 65,
  expiry: '2026-12-01',
  m2m: -107.25,
  buy_quantity: 65,
  buy_price: 120,
  buy_value: 7800,
  sell_quantity: 0,
  sell_price: 0,
  sell_value: 0,
  day_buy_quantity: 65,
  day_sell_quantity: 0,
  portfolio_id: 4,
  priced: true,
};

let created: unknown[] = [];
beforeEach(() => {
  created = [];
  market.quotes = {};
  server.use(
    http.post(`${API}/api/price-alerts/`, async ({ request }) => {
      const body = (await request.json()) as Pick<PriceAlert, 'symbol' | 'direction' | 'level' | 'repeat'>;
      created.push(body);
      const alert: PriceAlert = { ...body, id: 1, active: true, expired: false, last_price: null, triggered_count: 0, last_triggered_at: null, created_at: '2026-11-24T04:00:00Z' };
      return HttpResponse.json({ price_alert: alert }, { status: 201 });
    }),
  );
});

function renderRows(rows: Position[], phone: boolean, locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <PositionsTable
        rows={markPositions(rows, new Map())}
        phone={phone}
        renderActions={(row) => <PositionActions account={account} disabled={false} onDone={() => {}} orders={[]} position={row} extra={<PositionAlertBell position={row} />} />}
      />
    </IntlProvider>,
  );
}

describe('a price alert from a position row', () => {
  it.each([
    ['the table', false],
    ['a phone card', true],
  ])('opens the chain’s dialog on the contract held from %s, at its last price, and sends its tradingsymbol', async (_where, phone) => {
    const user = userEvent.setup();
    renderRows([position], phone);
    await user.click(screen.getByRole('button', { name: 'Price alert on NIFTY 01 Dec 26000 CE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Price alert on NIFTY 01 Dec 26000 CE' });
    expect(plainText(dialog.textContent ?? '')).toContain('Last price now: ₹118.35');
    const level = within(dialog).getByLabelText<HTMLInputElement>('Price (₹)');
    expect(level.value).toBe('118.35');
    await user.clear(level);
    await user.type(level, '140');
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(created).toEqual([{ symbol: 'NIFTY26D0126000CE', direction: 'above', level: 140, repeat: 'once' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the level against the live quote of the contract, not the price the positions were read at', async () => {
    const user = userEvent.setup();
    market.quotes = { 'NFO:NIFTY26D0126000CE': { last_price: 131.2, timestamp: '2026-11-24T04:00:00Z' } };
    renderRows([position], false);
    await user.click(screen.getByRole('button', { name: 'Price alert on NIFTY 01 Dec 26000 CE' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(plainText(dialog.textContent ?? '')).toContain('Last price now: ₹131.20'));
    const level = within(dialog).getByLabelText('Price (₹)');
    await user.clear(level);
    await user.type(level, '125');
    await user.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    expect(plainText(within(dialog).getByRole('alert').textContent ?? '')).toContain('NIFTY26D0126000CE is already at or above ₹125.00Its last price is ₹131.20.');
    expect(created).toEqual([]);
  });

  it('says there is no live price when the position’s is the last trade’s and no quote came', async () => {
    const user = userEvent.setup();
    renderRows([{ ...position, tradingsymbol: 'NIFTY26D0126100CE', priced: false }], false);
    await user.click(screen.getByRole('button', { name: 'Price alert on NIFTY 01 Dec 26100 CE' }));
    const dialog = await screen.findByRole('dialog');
    expect(plainText(dialog.textContent ?? '')).toContain('No live price now: whether the level is already passed cannot be checked.');
  });

  it('keeps the bell on a closed position, which has no square off', () => {
    renderRows([{ ...position, quantity: 0 }], false);
    expect(screen.getByRole('button', { name: 'Price alert on NIFTY 01 Dec 26000 CE' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Square off' })).toBeNull();
  });

  it('says it in French', async () => {
    const user = userEvent.setup();
    renderRows([position], false, 'fr');
    await user.click(screen.getByRole('button', { name: 'Alerte de prix sur NIFTY 01 déc. 26000 CE' }));
    expect(await screen.findByRole('dialog', { name: /NIFTY 01 déc\. 26000 CE/ })).toBeTruthy();
  });
});

describe('contractOfSymbol', () => {
  it('reads weekly and monthly names, whatever the index’s length', () => {
    expect(contractOfSymbol('NIFTY26D0126000CE', '2026-12-01')).toEqual({ tradingsymbol: 'NIFTY26D0126000CE', name: 'NIFTY', strike: 26000, instrument_type: 'CE', expiry: '2026-12-01' });
    expect(contractOfSymbol('BANKNIFTY26DEC52000PE', '2026-12-29')).toMatchObject({ name: 'BANKNIFTY', strike: 52000, instrument_type: 'PE' });
    expect(contractOfSymbol('NIFTY2612524000CE', '2026-01-25')).toMatchObject({ name: 'NIFTY', strike: 24000 });
  });

  it('answers null for what is not an index option', () => {
    expect(contractOfSymbol('NIFTY', '2026-12-01')).toBeNull();
    expect(contractOfSymbol('RELIANCE-EQ', '2026-12-01')).toBeNull();
  });
});
