// A position row shows its working stop-loss and target, each with its price and its own Modify and Cancel,
// in place of the plain buttons that would place another.
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { components } from '@openapi/main';
import { PositionActions } from '@/features/orders/components/position-actions';
import { protectionOf } from '@/features/orders/model/position-protection';
import { frMessages } from '@/i18n/locales/fr/index';
import { plainText } from '../support/plain-text.ts';
import { positionOf } from '../support/position.ts';

type Schemas = components['schemas'];

const account = { id: 11, broker: 'paper', name: 'Main paper account', account_number: 'PA1234' };
const symbol = 'NIFTY26D0126000CE';

const position = positionOf(symbol, 65, { day_buy_quantity: 65 });

let id = 0;
const order = (over: Partial<Schemas['Order']>): Schemas['Order'] => ({
  order_id: `O${(id += 1)}`,
  exchange_order_id: null,
  account_number: account.account_number,
  portfolio_id: 4,
  tradingsymbol: symbol,
  exchange: 'NFO',
  transaction_type: 'SELL',
  order_type: 'LIMIT',
  product: 'NRML',
  variety: 'regular',
  validity: 'DAY',
  quantity: 65,
  price: 156,
  trigger_price: 0,
  average_price: 0,
  filled_quantity: 0,
  pending_quantity: 65,
  cancelled_quantity: 0,
  status: 'OPEN',
  status_message: null,
  status_message_i18n: null,
  tag: null,
  order_timestamp: '2026-11-24T04:00:00Z',
  exchange_timestamp: null,
  modifications: 0,
  ...over,
});

const stopLoss = order({ order_type: 'SL', status: 'TRIGGER PENDING', trigger_price: 96, price: 94.1 });
const target = order({ price: 156 });

function renderRow(orders: Schemas['Order'][] | null, locale: 'en' | 'fr' = 'en') {
  return render(
    <IntlProvider locale={locale} defaultLocale="en" messages={locale === 'fr' ? frMessages : undefined}>
      <PositionActions account={account} disabled={false} onDone={() => undefined} orders={orders} position={position} />
    </IntlProvider>,
  );
}

describe('a position’s protection', () => {
  it('is the working SL and LIMIT orders that close this position, on its contract, product and portfolio', () => {
    const others = [
      order({ transaction_type: 'BUY' }), // adds to the long: not an exit
      order({ product: 'MIS' }),
      order({ tradingsymbol: 'NIFTY26D0126000PE' }),
      order({ portfolio_id: 5 }),
      order({ status: 'COMPLETE' }),
      order({ status: 'CANCELLED', order_type: 'SL', trigger_price: 90, price: 89 }),
    ];
    expect(protectionOf(position, [...others, stopLoss, target])).toEqual({ stopLosses: [stopLoss], targets: [target] });
    expect(protectionOf({ ...position, quantity: 0 }, [stopLoss, target])).toEqual({ stopLosses: [], targets: [] });
    // The account's book (no portfolio) counts any portfolio's protection.
    expect(protectionOf({ ...position, portfolio_id: null }, [order({ portfolio_id: 5, price: 150 })]).targets).toHaveLength(1);
  });

  it('shows each working order on the row with its price, Modify and Cancel, instead of the button that would place another', () => {
    renderRow([stopLoss, target]);
    const stop = document.querySelector('[data-protection="stoploss"]') as HTMLElement;
    expect(plainText(stop.textContent ?? '')).toContain('trigger ₹96.00, limit ₹94.10');
    expect(within(stop).getByRole('button', { name: 'Modify the stop-loss' })).toBeTruthy();
    expect(within(stop).getByRole('button', { name: 'Cancel the stop-loss' })).toBeTruthy();
    const aim = document.querySelector('[data-protection="target"]') as HTMLElement;
    expect(plainText(aim.textContent ?? '')).toContain('limit ₹156.00');
    expect(within(aim).getByRole('button', { name: 'Cancel the target' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop-loss' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Target' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Square off' })).toBeTruthy();
  });

  it('keeps both buttons while nothing protects the position or the book is unknown, and reads in French', () => {
    renderRow([]);
    expect(screen.getByRole('button', { name: 'Stop-loss' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Target' })).toBeTruthy();
    document.body.innerHTML = '';
    renderRow(null);
    expect(screen.getByRole('button', { name: 'Target' })).toBeTruthy();
    document.body.innerHTML = '';
    renderRow([stopLoss], 'fr');
    expect(screen.getByRole('button', { name: 'Modifier le stop-loss' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Objectif' })).toBeTruthy();
  });

  it('says the loss if a stop-loss fills at its limit, and the profit if a target fills, in rupees and points, en and fr (issue 62)', async () => {
    const user = userEvent.setup();
    renderRow([]);
    await user.click(screen.getByRole('button', { name: 'Stop-loss' }));
    // Long 65 at ₹120; the suggested limit ₹93.60: 26.40 points under, ₹1,716 on 65.
    expect(plainText(screen.getByTestId('if-hit').textContent ?? '')).toBe('If it fills at ₹93.60: -₹1,716.00 (-26.40 points), before charges');
    const limit = screen.getByLabelText('Limit price once triggered (₹)');
    await user.clear(limit);
    await user.type(limit, '100');
    expect(plainText(screen.getByTestId('if-hit').textContent ?? '')).toBe('If it fills at ₹100.00: -₹1,300.00 (-20.00 points), before charges');
    await user.clear(limit);
    expect(screen.queryByTestId('if-hit')).toBeNull();
    document.body.innerHTML = '';
    renderRow([], 'fr');
    await user.click(screen.getByRole('button', { name: 'Objectif' }));
    expect(plainText(screen.getByTestId('if-hit').textContent ?? '')).toMatch(/^S’il est exécuté à 156,00 ₹ : \+2 340,00 ₹ \(\+36,00 points\), hors frais$/);
  });
});
